import Foundation
import GRDB
import HabitatEngine

/// A login: who someone is, and which file holds their game. Names are stored lowercased.
public struct Account: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// `nil` for identities that cannot log in with a password (bridge users).
    public var passwordHash: String?
    /// The server-assigned id that names the user's SQLite file; never derived from the name.
    public var fileID: String
    public var created: Date
}

/// The directory database: accounts (and later rooms, memberships, bridges), shared by all users.
public struct DirectoryDatabase: Sendable {
    let writer: DatabaseQueue

    /// Opens (creating if needed) `directory.sqlite` in `directory`. Blocking: call at start-up.
    public init(directory: URL, durability: Durability) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("directory.sqlite").path
        writer = try DatabaseQueue(path: path, configuration: durability.configuration(label: "directory"))
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        password_hash TEXT,
                        file_id TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL
                    );
                    """)
        }
        return migrator
    }
}

// MARK: - Accounts

extension DirectoryDatabase {
    /// Creates an account with a fresh file id; `name_taken` if the name exists.
    public func createAccount(name: String, passwordHash: String?, at now: Date) async throws -> Account {
        let name = name.lowercased()
        let fileID = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return try await writer.write { db in
            if try Self.account(named: name, in: db) != nil {
                throw HabitatError(.nameTaken, "The name \(name) is taken. Try another.")
            }
            try db.execute(
                sql: "INSERT INTO account (name, password_hash, file_id, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, passwordHash, fileID, now.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, name: name, passwordHash: passwordHash, fileID: fileID, created: now)
        }
    }

    public func account(named name: String) async throws -> Account? {
        let name = name.lowercased()
        return try await writer.read { db in try Self.account(named: name, in: db) }
    }

    public func setPasswordHash(_ hash: String, forAccount id: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [hash, id])
        }
    }

    public func accountCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") ?? 0 }
    }

    static func account(named name: String, in db: Database) throws -> Account? {
        try Row.fetchOne(db, sql: "SELECT * FROM account WHERE name = ?", arguments: [name]).map { row in
            Account(
                id: row["id"], name: row["name"], passwordHash: row["password_hash"], fileID: row["file_id"],
                created: Date(timeIntervalSince1970: row["created_at"]))
        }
    }
}
