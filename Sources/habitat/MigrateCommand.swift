import ArgumentParser
import Foundation
import HabitatPostgres
import HabitatStorage
import Logging

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a stopped server's data directory into PostgreSQL, or back.",
        discussion: """
            Copies every account, game, ledger, room and everything the server keeps, from a data directory into an \
            empty PostgreSQL database, or from PostgreSQL into a new data directory, and checks the copy: each table's \
            rows counted on both sides and each account's ledger summed on both. What it copies from is left as it was. \
            Stop the server first.
            """
    )

    @Option(help: "What to move from: the stopped server's data directory, or a PostgreSQL database's address.")
    var from = "./habitat-data"

    @Option(help: "What to move into: postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…], or a new data directory.")
    var to: String

    func run() async throws {
        var logger = Logger(label: "migrate")
        logger.logLevel = .warning
        switch (try DatabaseAddress(from), try DatabaseAddress(to)) {
        case (nil, let address?):
            let directory = URL(fileURLWithPath: from)
            let source: StoredTables
            do {
                source = try StoredTables(directory: directory)
            } catch {
                throw ValidationError("\(from) holds no Habitat data (there is no \(DirectoryDatabase.fileName) in it). Use --from to point at it.")
            }
            let lock: DataDirectoryLock
            do {
                lock = try DataDirectoryLock(on: directory, exclusive: true)
            } catch is DataDirectoryInUse {
                throw ValidationError("\(from) is in use by a running Habitat. Stop it first: migrate copies a stopped data directory.")
            }
            defer { lock.release() }
            let report = try await PostgresStore.with(address, logger: logger) { store in try await StoreMigration.copy(from: source, to: store) }
            print(Self.said(report, from: from, to: address.description))
        case (let address?, nil):
            let report = try await PostgresStore.with(address, logger: logger) { store in
                try await StoreMigration.copyBack(from: store, to: URL(fileURLWithPath: to))
            }
            print(Self.said(report, from: address.description, to: to))
        default:
            throw ValidationError("One of --from and --to is a PostgreSQL database's address (postgresql://USER@HOST/DATABASE), the other a data directory.")
        }
    }

    static func said(_ report: StoreMigration.Report, from: String, to: String) -> String {
        var said = "Moved \(counted(report.accounts, "account", "accounts")), \(counted(report.rooms, "room", "rooms")) and "
            + "\(counted(report.rows, "row", "rows")) in all from \(from) into \(to); every table and every ledger agrees on both sides."
        if !report.unclaimedFiles.isEmpty {
            said += "\nLeft behind: \(counted(report.unclaimedFiles.count, "file", "files")) no account names (\(report.unclaimedFiles.joined(separator: ", ")))."
        }
        return said
    }
}
