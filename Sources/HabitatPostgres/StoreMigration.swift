import Foundation
import HabitatStorage
import Logging
import PostgresNIO

/// Moving a stopped SQLite data directory into an empty PostgreSQL database (`habitat migrate`): every table of the
/// directory and of each user's file, row for row, in one transaction, then checked: each table's rows counted on both
/// sides (a user's tables for each account) and each account's ledger summed on both. Nothing is left half copied: a
/// problem anywhere rolls all of it back.
///
/// The copy is generic: each value goes into the column of the same name, converted by that column's type in
/// PostgreSQL (a day's text to `date`, 0 and 1 to `boolean`), so the SQL files stay the only
/// place PostgreSQL's schema is written. A column the schema has no place for stops the copy, naming it. Instants are
/// seconds in both stores, so they cross exactly.
public enum StoreMigration {
    public struct Report: Sendable, Equatable {
        public var accounts = 0
        public var rooms = 0
        /// Rows copied, of every table.
        public var rows = 0
        /// Users' files no account names (left behind, as `habitat check` reports them).
        public var unclaimedFiles: [String] = []

        /// The accounts and rooms among the directory's `tables`.
        mutating func count(_ tables: [StoredTables.Table]) {
            accounts = tables.first { $0.name == "account" }?.rows.count ?? 0
            rooms = tables.first { $0.name == "room" }?.rows.count ?? 0
        }
    }

    /// Copies `source` into `store`, whose database must hold no accounts or rooms yet. Blocking reads of the SQLite
    /// files are run here: call it from a command-line tool, not a server.
    public static func copy(from source: StoredTables, to store: PostgresStore) async throws -> Report {
        let logger = store.logger
        let directoryTables = try source.directoryTables()
        return try await store.client.withTransaction(logger: logger) { connection in
            let present = try await count("SELECT (SELECT count(*) FROM account) + (SELECT count(*) FROM room)", connection, logger)
            guard present == 0 else { throw StoreMigrationError.notEmpty(store.address.description) }
            let schema = try await Schema.read(connection, logger)
            var report = Report()
            for table in directoryTables {
                try await insert(table, account: nil, schema: schema, connection, logger)
                try await expect(table.rows.count, rows: table.name, account: nil, connection, logger)
                report.rows += table.rows.count
            }
            report.count(directoryTables)
            let accounts = accountIDs(byFileIn: directoryTables)
            for file in try source.userFiles() {
                guard let account = accounts[file.fileID] else {
                    report.unclaimedFiles.append(file.fileID)
                    continue
                }
                let tables = try source.tables(of: file)
                for table in tables {
                    try await insert(table, account: account, schema: schema, connection, logger)
                    try await expect(table.rows.count, rows: table.name, account: account, connection, logger)
                    report.rows += table.rows.count
                }
                if let ledger = tables.first(where: { $0.name == "ledger" }) {
                    try await expectSums(of: ledger, account: account, connection, logger)
                }
            }
            try await restartIdentities(schema, connection, logger)
            return report
        }
    }

    /// Each account's id by the id of its file.
    static func accountIDs(byFileIn tables: [StoredTables.Table]) -> [String: Int64] {
        guard let account = tables.first(where: { $0.name == "account" }),
            let id = account.columns.firstIndex(of: "id"), let file = account.columns.firstIndex(of: "file_id")
        else { return [:] }
        var ids: [String: Int64] = [:]
        for row in account.rows {
            if case .integer(let value) = row[id], case .text(let name) = row[file] { ids[name] = value }
        }
        return ids
    }

    /// PostgreSQL's columns and their types, by table.
    struct Schema {
        var types: [String: [String: String]]
        /// Each table's columns, in the order they were made.
        var columns: [String: [String]]
        /// Tables whose `id` is an identity column.
        var identities: [String]

        static func read(_ connection: PostgresConnection, _ logger: Logger) async throws -> Schema {
            var schema = Schema(types: [:], columns: [:], identities: [])
            let rows = try await connection.query(
                """
                SELECT table_name::text, column_name::text, data_type::text, is_identity::text FROM information_schema.columns
                WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
                """, logger: logger)
            for try await (table, column, type, identity) in rows.decode((String, String, String, String).self) {
                schema.types[table, default: [:]][column] = type
                schema.columns[table, default: []].append(column)
                if column == "id", identity == "YES" { schema.identities.append(table) }
            }
            return schema
        }
    }

    /// Source columns PostgreSQL keeps otherwise: the profile's row number (one row a user, keyed by the account).
    static let dropped: [String: Set<String>] = ["profile": ["id"]]

    /// PostgreSQL's columns the SQLite store has no use for: an account's count of changes, by which servers sharing
    /// the database know a game in memory is current (`0002-account-version.sql`).
    static let onlyInPostgreSQL: [String: Set<String>] = ["account": ["version"]]

    static func insert(
        _ table: StoredTables.Table, account: Int64?, schema: Schema, _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        guard !table.rows.isEmpty else { return }
        guard let types = schema.types[table.name] else { throw StoreMigrationError.noPlace(table: table.name, column: nil) }
        let kept = table.columns.indices.filter { !(dropped[table.name]?.contains(table.columns[$0]) ?? false) }
        var columns = kept.map { table.columns[$0] }
        if account != nil { columns.insert("account_id", at: 0) }
        let columnTypes = try columns.map { column in
            guard let type = types[column] else { throw StoreMigrationError.noPlace(table: table.name, column: column) }
            return type
        }
        // PostgreSQL takes at most 65,535 values a statement.
        let perStatement = max(1, 30_000 / columns.count)
        var start = 0
        while start < table.rows.count {
            let batch = table.rows[start..<min(start + perStatement, table.rows.count)]
            var query = PostgresQuery(unsafeSQL: "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES ")
            var placeholders: [String] = []
            for row in batch {
                var values: [String] = []
                let row = (account.map { [StoredTables.Value.integer($0)] } ?? []) + kept.map { row[$0] }
                for (value, type) in zip(row, columnTypes) {
                    try bind(value, as: type, to: &query.binds, table: table.name)
                    values.append("$\(query.binds.count)" + cast(type))
                }
                placeholders.append("(" + values.joined(separator: ", ") + ")")
            }
            query.sql += placeholders.joined(separator: ", ")
            _ = try await connection.query(query, logger: logger)
            start += perStatement
        }
    }

    static func cast(_ type: String) -> String {
        switch type {
        case "date": "::date"
        case "integer": "::integer"
        default: ""
        }
    }

    /// Binds a SQLite value for a PostgreSQL column of `type`.
    static func bind(_ value: StoredTables.Value, as type: String, to binds: inout PostgresBindings, table: String) throws {
        switch (value, type) {
        case (.null, _): binds.appendNull()
        case (.integer(let number), "bigint"), (.integer(let number), "integer"): try binds.append(number)
        case (.integer(let number), "boolean"): try binds.append(number != 0)
        case (.integer(let number), "double precision"): try binds.append(Double(number))
        case (.integer(let number), "numeric"): try binds.append(number)
        case (.real(let number), "numeric"): try binds.append(number)
        case (.real(let number), "double precision"): try binds.append(number)
        case (.text(let text), "text"), (.text(let text), "date"): try binds.append(text)
        case (.integer(let number), "text"): try binds.append(String(number))
        case (.real(let number), "text"): try binds.append(String(number))
        default: throw StoreMigrationError.unconvertible(table: table, value: "\(value)", type: type)
        }
    }

    static func count(_ sql: String, _ connection: PostgresConnection, _ logger: Logger, binds: PostgresBindings = .init()) async throws -> Int {
        for try await count in try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).decode(Int.self) {
            return count
        }
        return 0
    }

    /// The copy holds `expected` rows of `table` (of `account`'s, for a user's table).
    static func expect(_ expected: Int, rows table: String, account: Int64?, _ connection: PostgresConnection, _ logger: Logger) async throws {
        var binds = PostgresBindings()
        if let account { try binds.append(account) }
        let found = try await count(
            "SELECT count(*)::bigint FROM \(table)" + (account == nil ? "" : " WHERE account_id = $1"), connection, logger, binds: binds)
        guard found == expected else { throw StoreMigrationError.differs("\(table) has \(found) rows in PostgreSQL, \(expected) in SQLite") }
    }

    /// The copy of `account`'s ledger sums to what the file's does, column by column.
    static func expectSums(of ledger: StoredTables.Table, account: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws {
        // Quantities in thousandths: an amount may have decimals.
        let summed = ["quantity", "xp", "coins", "health"]
        let expected = summed.map { column -> Int64 in
            guard let index = ledger.columns.firstIndex(of: column) else { return 0 }
            let scale: Int64 = column == "quantity" ? 1000 : 1
            return ledger.rows.reduce(0) { sum, row in
                switch row[index] {
                case .integer(let value): sum + value * scale
                case .real(let value): sum + Int64((value * Double(scale)).rounded())
                default: sum
                }
            }
        }
        let rows = try await connection.query(
            """
            SELECT (coalesce(sum(quantity), 0) * 1000)::bigint, coalesce(sum(xp), 0)::bigint, coalesce(sum(coins), 0)::bigint,
                coalesce(sum(health), 0)::bigint FROM ledger WHERE account_id = \(account)
            """, logger: logger)
        for try await (quantity, xp, coins, health) in rows.decode((Int64, Int64, Int64, Int64).self) {
            guard [quantity, xp, coins, health] == expected else {
                throw StoreMigrationError.differs("account \(account)'s ledger sums to \([quantity, xp, coins, health]) in PostgreSQL, \(expected) in SQLite")
            }
        }
    }

    /// Each identity column goes on from the largest id copied, so a new row never takes a copied one's id.
    static func restartIdentities(_ schema: Schema, _ connection: PostgresConnection, _ logger: Logger) async throws {
        for table in schema.identities.sorted() {
            _ = try await connection.query(
                PostgresQuery(
                    unsafeSQL: "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), max(id)) FROM \(table) HAVING max(id) IS NOT NULL"),
                logger: logger)
        }
    }
}

/// Why a data directory could not be moved into PostgreSQL; nothing was copied.
public enum StoreMigrationError: Error, Equatable, CustomStringConvertible {
    case notEmpty(String)
    case noPlace(table: String, column: String?)
    case unconvertible(table: String, value: String, type: String)
    case differs(String)

    public var description: String {
        switch self {
        case .notEmpty(let address):
            "\(address) holds Habitat data already. Migrate into an empty database; nothing was copied."
        case .noPlace(let table, let column):
            "PostgreSQL's schema has no place for \(column.map { "the column \($0) of " } ?? "")the table \(table). Nothing was copied."
        case .unconvertible(let table, let value, let type):
            "A value of \(table) (\(value)) can't be kept as PostgreSQL's \(type). Nothing was copied."
        case .differs(let what):
            "The copy did not come out the same: \(what). Nothing was copied."
        }
    }
}
