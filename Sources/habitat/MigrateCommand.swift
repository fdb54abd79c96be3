import ArgumentParser
import Foundation
import HabitatPostgres
import HabitatStorage
import Logging

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a stopped server's data directory into PostgreSQL.",
        discussion: """
            Copies every account, game, ledger, room and everything the server keeps into an empty PostgreSQL \
            database, in one transaction, and checks the copy: each table's rows counted on both sides and each \
            account's ledger summed on both. The data directory is left as it was. Stop the server first.
            """
    )

    @Option(help: "The stopped server's data directory.")
    var from = "./habitat-data"

    @Option(help: "The PostgreSQL database to move into: postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…].")
    var to: String

    func run() async throws {
        guard let address = try DatabaseAddress(to) else {
            throw ValidationError("--to takes a PostgreSQL database's address, postgresql://USER@HOST/DATABASE.")
        }
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
        var logger = Logger(label: "migrate")
        logger.logLevel = .warning
        let store = try await PostgresStore.open(address, logger: logger)
        let report: StoreMigration.Report
        do {
            report = try await store.said { try await StoreMigration.copy(from: source, to: store) }
            await store.close()
        } catch {
            await store.close()
            throw error
        }
        print(Self.said(report, from: from, to: address))
    }

    static func said(_ report: StoreMigration.Report, from: String, to address: DatabaseAddress) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n.formatted()) \(n == 1 ? one : many)" }
        var said = "Moved \(count(report.accounts, "account", "accounts")), \(count(report.rooms, "room", "rooms")) and "
            + "\(count(report.rows, "row", "rows")) in all from \(from) into \(address); every table and every ledger agrees on both sides."
        if !report.unclaimedFiles.isEmpty {
            said += "\nLeft behind: \(count(report.unclaimedFiles.count, "file", "files")) no account names (\(report.unclaimedFiles.joined(separator: ", ")))."
        }
        return said
    }
}
