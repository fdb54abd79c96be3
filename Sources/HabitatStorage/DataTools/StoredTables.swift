import Foundation
import GRDB

/// A stopped data directory's tables, row by row, as SQLite keeps them: what moving to another store copies. The
/// directory database's tables, then each user's file's, one file at a time, so no more than one user's rows are in
/// memory at once. Each file is first brought up to date as the server would on opening it.
public struct StoredTables: Sendable {
    /// A value as SQLite keeps it.
    public enum Value: Sendable, Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Data)
    }

    public struct Table: Sendable {
        public let name: String
        public let columns: [String]
        public let rows: [[Value]]

        public init(name: String, columns: [String], rows: [[Value]]) {
            (self.name, self.columns, self.rows) = (name, columns, rows)
        }
    }

    /// A user's file, named by its id (the account's `file_id`).
    public struct UserFile: Sendable {
        public let fileID: String
        let path: String
    }

    public let directory: URL
    /// The tables of the directory database, in the order rows can be inserted elsewhere (a row's references first).
    public static let directoryTables = [
        "account", "room", "membership", "room_departure", "invite", "room_habit", "room_todo", "room_log", "room_intent",
        "room_post", "timer", "reminder", "inbox", "due", "bridge", "link_code", "identity_link", "registration_invite",
    ]
    /// The tables of a user's file, in the same order.
    public static let userTables = ["profile", "setting", "area", "habit", "routine", "reward", "pause", "todo", "ledger"]

    public init(directory: URL) throws {
        guard DirectoryDatabase.exists(in: directory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent(DirectoryDatabase.fileName).path])
        }
        self.directory = directory
    }

    /// The directory database's tables (brought up to date first). Blocking.
    public func directoryTables() throws -> [Table] {
        let database = try DirectoryDatabase(directory: directory, durability: .normal)
        defer { try? database.close() }
        return try database.writer.read { db in try Self.directoryTables.map { try Self.table($0, in: db) } }
    }

    /// Every user's file in the directory.
    public func userFiles() throws -> [UserFile] {
        let users = directory.appendingPathComponent("users")
        return try DataBackup.userFiles(in: users).map { folder, file in
            UserFile(fileID: String(file.dropLast(".sqlite".count)), path: users.appendingPathComponent(folder).appendingPathComponent(file).path)
        }
    }

    /// The tables of `file` (brought up to date first). Blocking.
    public func tables(of file: UserFile) throws -> [Table] {
        let database = try DatabaseQueue(path: file.path)
        defer { try? database.close() }
        try UserSchema.migrate(database)
        return try database.read { db in try Self.userTables.map { try Self.table($0, in: db) } }
    }

    static func table(_ name: String, in db: Database) throws -> Table {
        let columns = try db.columns(in: name).map(\.name)
        let order = columns.contains("id") ? " ORDER BY id" : ""
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(name)\(order)").map { row in
            Array(row.databaseValues).map { value -> Value in
                switch value.storage {
                case .null: .null
                case .int64(let value): .integer(value)
                case .double(let value): .real(value)
                case .string(let value): .text(value)
                case .blob(let value): .blob(value)
                }
            }
        }
        return Table(name: name, columns: columns, rows: rows)
    }
}

// MARK: - Writing a new data directory

extension StoredTables {
    /// Makes a new data directory at `directory` (missing, or an empty folder) whose directory database holds `tables`
    /// (of ``directoryTables``, by name), in one transaction. Blocking.
    public static func makeDirectory(at directory: URL, holding tables: [Table]) throws -> StoredTables {
        let manager = FileManager.default
        if manager.fileExists(atPath: directory.path), !(try manager.contentsOfDirectory(atPath: directory.path)).isEmpty {
            throw StoredTablesError.notEmpty(directory.path)
        }
        let database = try DirectoryDatabase(directory: directory, durability: .normal)
        defer { try? database.close() }
        try database.writer.write { db in
            for table in tables { try insert(table, into: db) }
        }
        return try StoredTables(directory: directory)
    }

    /// Makes the user's file `fileID` in this data directory, holding `tables` (of ``userTables``), in one transaction,
    /// as the server would make it and then keep them. Blocking.
    @discardableResult
    public func makeUserFile(_ fileID: String, holding tables: [Table]) throws -> UserFile {
        let path = try UserDatabases.path(for: fileID, in: directory)
        guard !FileManager.default.fileExists(atPath: path) else { throw StoredTablesError.notEmpty(path) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path, configuration: Durability.normal.configuration(label: "user", pageSize: UserDatabase.pageSize))
        defer { try? database.close() }
        try UserSchema.migrate(database)
        try database.write { db in
            // A new file starts with a character; the one kept replaces it.
            try db.execute(sql: "DELETE FROM profile")
            for table in tables { try Self.insert(table, into: db) }
        }
        return UserFile(fileID: fileID, path: path)
    }

    static func insert(_ table: Table, into db: Database) throws {
        guard !table.rows.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let statement = try db.makeStatement(sql: "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(placeholders))")
        for row in table.rows {
            try statement.execute(arguments: StatementArguments(row.map { value -> DatabaseValue in
                switch value {
                case .null: .null
                case .integer(let number): number.databaseValue
                case .real(let number): number.databaseValue
                case .text(let text): text.databaseValue
                case .blob(let data): data.databaseValue
                }
            }))
        }
    }
}

public enum StoredTablesError: Error, Equatable, CustomStringConvertible {
    case notEmpty(String)

    public var description: String {
        switch self {
        case .notEmpty(let path): "\(path) is not empty: a data directory is made anew, never over another."
        }
    }
}
