import Crypto
import Foundation
import Logging
import PostgresNIO

/// PostgreSQL's schema as numbered SQL files (`Data/postgresql/NNNN-name.sql`), applied in order when a store opens.
///
/// Each file is applied once, in one transaction with the row that says so in `habitat_migration` (its number, name
/// and SHA-256). Two processes starting at once take turns through an advisory lock, so each file runs once. A file is
/// never edited once written: one whose text differs from what was applied, or a database that has migrations this
/// build does not know (a newer Habitat's), is refused, and nothing is changed.
public enum Migrations {
    /// One file of `Data/postgresql`, as the build embedded it.
    struct File: Sendable {
        let name: String
        let sql: String

        /// The number its name starts with.
        var version: Int { Int(name.prefix { $0.isNumber }) ?? 0 }

        var checksum: String { SHA256.hash(data: Data(sql.utf8)).map { String(format: "%02x", $0) }.joined() }
    }

    /// The advisory lock's key: one for Habitat's migrations in any database ("habitat" in ASCII).
    static let lockKey: Int64 = 0x68_61_62_69_74_61_74

    /// The migrations this build knows, by number.
    public static var known: [(version: Int, name: String)] { files.map { ($0.version, $0.name) } }

    public struct Report: Sendable, Equatable {
        /// The files applied now, by name (empty when the schema was up to date).
        public var applied: [String]
        /// The schema's version after: the last file's number.
        public var version: Int
    }

    /// Brings the schema of the database `client` connects to up to date. Throws ``MigrationError`` when a file was
    /// edited after it was applied or the database is a newer Habitat's, with nothing changed.
    @discardableResult
    public static func apply(_ client: PostgresClient, logger: Logger) async throws -> Report {
        try await apply(files, client, logger: logger)
    }

    static func apply(_ files: [File], _ client: PostgresClient, logger: Logger) async throws -> Report {
        try await client.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
            do {
                let report = try await applyHoldingTheLock(files, connection, logger: logger)
                _ = try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
                return report
            } catch {
                // The lock is the session's: let it go before the connection goes back to the pool.
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
                throw error
            }
        }
    }

    private static func applyHoldingTheLock(_ files: [File], _ connection: PostgresConnection, logger: Logger) async throws -> Report {
        _ = try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS habitat_migration (
                version integer PRIMARY KEY,
                name text NOT NULL,
                checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        let applied = try await self.applied(on: connection, logger: logger)
        try verify(applied, against: files)
        var report = Report(applied: [], version: applied.keys.max() ?? 0)
        for file in files.sorted(by: { $0.version < $1.version }) where applied[file.version] == nil {
            logger.info("Applying PostgreSQL migration", metadata: ["migration": "\(file.name)"])
            try await connection.withTransaction(logger: logger) { connection in
                for statement in SQLStatements.split(file.sql) {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                _ = try await connection.query(
                    "INSERT INTO habitat_migration (version, name, checksum) VALUES (\(file.version), \(file.name), \(file.checksum))",
                    logger: logger)
            }
            report.applied.append(file.name)
            report.version = file.version
        }
        return report
    }
}

extension Migrations {
    /// The migrations applied to the database on `connection`: number, name and checksum.
    static func applied(on connection: PostgresConnection, logger: Logger) async throws -> [Int: (name: String, checksum: String)] {
        var applied: [Int: (name: String, checksum: String)] = [:]
        for try await (version, name, checksum) in try await connection.query(
            "SELECT version, name, checksum FROM habitat_migration", logger: logger
        ).decode((Int, String, String).self) {
            applied[version] = (name, checksum)
        }
        return applied
    }

    /// Throws ``MigrationError`` when a file `applied` names was edited since, or the database has one `files` doesn't
    /// know (a newer Habitat's).
    static func verify(_ applied: [Int: (name: String, checksum: String)], against files: [File] = files) throws {
        let known = Dictionary(files.map { ($0.version, $0) }) { first, _ in first }
        if let newer = applied.keys.filter({ known[$0] == nil }).min(), let name = applied[newer]?.name {
            throw MigrationError.newerSchema(name: name, known: files.last?.name)
        }
        for (version, done) in applied.sorted(by: { $0.key < $1.key }) where known[version]?.checksum != done.checksum {
            throw MigrationError.edited(name: done.name)
        }
    }
}

/// A schema that can't be brought up to date, said for the person running the server.
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// A file applied before has been changed since.
    case edited(name: String)
    /// The database has a migration this build does not know: a newer Habitat made it.
    case newerSchema(name: String, known: String?)

    public var description: String {
        switch self {
        case .edited(let name):
            "The database's migration \(name) is not the one this Habitat has: the file was changed after it was applied. "
                + "Nothing was changed; run the Habitat that applied it, or restore the file."
        case .newerSchema(let name, let known):
            "The database has migration \(name), which this Habitat does not know (its last is \(known ?? "none")): a newer "
                + "Habitat made it. Nothing was changed; run that version or a later one."
        }
    }
}
