import Foundation
import HabitatStorage
import Logging
import PostgresNIO

extension StoreMigration {
    /// Copies the database of `store` into a new data directory at `directory` (missing, or an empty folder): the
    /// directory database and a file for each account, as the SQLite store keeps them, each value converted back from
    /// its PostgreSQL type. All of it is read in one transaction, so the copy is of one moment; each table's rows and
    /// each account's ledger are then read back from the new files and compared. Blocking writes of the SQLite files are
    /// run here: call it from a command-line tool, not a server.
    public static func copyBack(from store: PostgresStore, to directory: URL) async throws -> Report {
        let logger = store.logger
        return try await store.client.withTransaction(logger: logger) { connection in
            // One moment for every table read.
            _ = try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            let schema = try await Schema.read(connection, logger)
            var directoryTables: [StoredTables.Table] = []
            for name in StoredTables.directoryTables {
                directoryTables.append(try await read(name, account: nil, schema: schema, connection, logger))
            }
            let target = try StoredTables.makeDirectory(at: directory, holding: directoryTables)
            var report = Report()
            report.rows = directoryTables.reduce(0) { $0 + $1.rows.count }
            report.count(directoryTables)
            for (fileID, account) in accountIDs(byFileIn: directoryTables).sorted(by: { $0.value < $1.value }) {
                var tables: [StoredTables.Table] = []
                for name in StoredTables.userTables {
                    tables.append(try await read(name, account: account, schema: schema, connection, logger))
                }
                let file = try target.makeUserFile(fileID, holding: tables)
                report.rows += tables.reduce(0) { $0 + $1.rows.count }
                // Read back from the new file: the same rows, the same ledger.
                for (read, kept) in zip(tables, try target.tables(of: file)) where read.rows != kept.rows(in: read.columns) {
                    throw StoreMigrationError.differs("account \(account)'s \(read.name) reads back otherwise from its new file")
                }
            }
            return report
        }
    }

    /// A table's rows (one account's, for a user's table) as the SQLite store keeps them: PostgreSQL's types read back
    /// as SQLite's (a `date` as its text, a `boolean` as 0 or 1), in the columns the SQLite table has, by id.
    static func read(
        _ table: String, account: Int64?, schema: Schema, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> StoredTables.Table {
        guard let types = schema.types[table] else { throw StoreMigrationError.noPlace(table: table, column: nil) }
        let columns = (schema.columns[table] ?? []).filter {
            !(account != nil && $0 == "account_id") && !(onlyInPostgreSQL[table]?.contains($0) ?? false)
        }
        let expressions = columns.map { column -> String in
            switch types[column] {
            case "date": "to_char(\(column), 'YYYY-MM-DD')"
            case "boolean": "(\(column))::int::bigint"
            case "integer": "(\(column))::bigint"
            case "numeric": "(\(column))::double precision"
            default: column
            }
        }
        var query = PostgresQuery(unsafeSQL: "SELECT \(expressions.joined(separator: ", ")) FROM \(table)")
        if let account {
            try query.binds.append(account)
            query.sql += " WHERE account_id = $1"
        }
        if columns.contains("id") { query.sql += " ORDER BY id" }
        var rows: [[StoredTables.Value]] = []
        for try await row in try await connection.query(query, logger: logger) {
            var values: [StoredTables.Value] = []
            for (cell, column) in zip(row, columns) {
                switch types[column] {
                case "double precision": values.append(try cell.decode(Double?.self).map { .real($0) } ?? .null)
                // An amount: whole, as SQLite keeps it, or with its decimals.
                case "numeric":
                    values.append(try cell.decode(Double?.self).map { $0 == $0.rounded() && $0.magnitude < 1e15 ? .integer(Int64($0)) : .real($0) } ?? .null)
                case "text", "date": values.append(try cell.decode(String?.self).map { .text($0) } ?? .null)
                default: values.append(try cell.decode(Int64?.self).map { .integer($0) } ?? .null)
                }
            }
            rows.append(values)
        }
        // The columns PostgreSQL keeps otherwise go back as the SQLite table has them: the profile's row number.
        if table == "profile" {
            return StoredTables.Table(name: table, columns: ["id"] + columns, rows: rows.map { [.integer(1)] + $0 })
        }
        return StoredTables.Table(name: table, columns: columns, rows: rows)
    }
}

extension StoredTables.Table {
    /// The rows with their values in the order of `columns` (each of which the table has; a missing one reads as NULL).
    func rows(in columns: [String]) -> [[StoredTables.Value]] {
        let positions = columns.map { self.columns.firstIndex(of: $0) }
        return rows.map { row in positions.map { $0.map { row[$0] } ?? .null } }
    }
}
