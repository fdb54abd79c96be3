import ArgumentParser
import Foundation
import HabitatApp
import HabitatPostgres
import Logging

/// The PostgreSQL database a data command works on instead of a data directory: `--database`, or `HABITAT_DATABASE`
/// as `serve` reads it; `nil` when neither is given.
func databaseAddress(_ database: String?) throws -> DatabaseAddress? {
    guard let database = database ?? ProcessInfo.processInfo.environment["HABITAT_DATABASE"] else { return nil }
    guard let address = try DatabaseAddress(database) else {
        throw ValidationError("--database is a PostgreSQL database's address: postgresql://USER@HOST/DATABASE.")
    }
    return address
}

/// `--database`'s help, for each command that has it.
func databaseHelp(_ what: String) -> ArgumentHelp {
    ArgumentHelp("The PostgreSQL database \(what) ('serve --database'), instead of --data. HABITAT_DATABASE too.", valueName: "url")
}

/// `1 account`, `1,204 accounts`: a count in a sentence of a data command's report.
func counted(_ number: Int, _ one: String, _ many: String) -> String { "\(number.formatted()) \(number == 1 ? one : many)" }

/// Runs `body` with the store at `address` (its schema brought up to date), closed after; PostgreSQL's errors said in
/// its words.
func withDatabase<T: Sendable>(_ address: DatabaseAddress, _ body: @Sendable (PostgresStore) async throws -> T) async throws -> T {
    var logger = Logger(label: "habitat")
    logger.logLevel = .warning
    do {
        return try await PostgresStore.with(address, logger: logger) { try await body($0) }
    } catch let problem as PostgresProblem {
        throw CommandFailure(problem.description)
    }
}
