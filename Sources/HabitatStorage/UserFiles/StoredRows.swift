import Foundation
import GRDB
import HabitatEngine

// What either store needs to keep a user's game as rows: the values of a row read by column, the values of a row
// written in order, and the few statements a change runs. How the engine's values map to columns is written once
// (`UserRows.swift`, `LedgerRows.swift`) on these; each store says only how it reads and writes.

/// A row as read from a store, its columns by name. A column that is NULL, or absent, is `nil`.
package protocol StoredValues {
    func int(_ column: String) -> Int?
    func int64(_ column: String) -> Int64?
    func double(_ column: String) -> Double?
    /// An amount: a whole number, or one with decimals.
    func quantity(_ column: String) -> Quantity?
    func text(_ column: String) -> String?
    func bool(_ column: String) -> Bool?
    /// A day: text `YYYY-MM-DD` in SQLite, a `date` in PostgreSQL.
    func day(_ column: String) -> Day?
}

extension Row: StoredValues {
    package func int(_ column: String) -> Int? { integer(column).map(Int.init) }
    package func int64(_ column: String) -> Int64? { integer(column) }
    package func double(_ column: String) -> Double? { real(column) }
    package func quantity(_ column: String) -> Quantity? { self[column].flatMap { Quantity.fromDatabaseValue($0.databaseValue) } }
    /// Text, nil otherwise.
    package func text(_ column: String) -> String? {
        if case .string(let text) = self[column]?.databaseValue.storage { text } else { nil }
    }
    package func bool(_ column: String) -> Bool? { integer(column).map { $0 != 0 } }
    package func day(_ column: String) -> Day? { text(column).flatMap(Day.init(iso:)) }
}

/// Where a row's values go, in order: a prepared SQLite statement, or a PostgreSQL query's values.
package protocol RowBinder: AnyObject {
    func bind(_ value: Int64?)
    func bind(_ value: Int?)
    func bind(_ value: Double?)
    func bind(_ value: String?)
    func bind(_ value: Bool)
    func bind(day: Day?)
    /// UTF-8 text given as bytes.
    func bind(utf8 text: [UInt8])
}

extension RowBinder {
    /// An amount: a whole one as an integer, as it always was; one with decimals as a real.
    package func bind(_ value: Quantity?) {
        if let value, !value.isWhole { bind(value.double) } else { bind(value.map { $0.thousandths / 1000 }) }
    }
}

/// An amount in SQLite: a whole one is an integer, one with decimals a real (a column's INTEGER affinity keeps a real
/// that is no whole number as it is).
extension Quantity: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { isWhole ? (thousandths / 1000).databaseValue : double.databaseValue }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> Quantity? {
        switch value.storage {
        case .int64(let whole): Quantity(Int(whole))
        case .double(let real): real.isFinite ? Quantity(rounding: real) : nil
        default: nil
        }
    }
}

/// One statement a change of a user's game runs, said as what it does to which columns of which table, so that each
/// store writes its own SQL for it once (SQLite's is made here). A class: a store finds the statement it prepared for
/// one by its identity.
package final class RowStatement: Sendable {
    package enum Kind: Sendable {
        /// Sets `columns` of the row whose id is bound last.
        case update
        /// Adds a row: its id first (`nil` for the store to number it), then `columns`.
        case insert
        /// Removes the row whose id is bound.
        case delete
        /// Sets `columns` of the table's one row (the profile).
        case updateOnly
        /// Sets a key's value (`columns` the key's and the value's), adding the row when there is none.
        case put
    }

    package let table: String
    package let columns: [String]
    package let kind: Kind
    /// The statement as SQLite runs it on a user's file.
    package let sqlite: String

    package init(_ kind: Kind, _ table: String, _ columns: [String] = []) {
        (self.kind, self.table, self.columns) = (kind, table, columns)
        let values = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        sqlite =
            switch kind {
            case .update: "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
            case .insert: "INSERT INTO \(table) (\((["id"] + columns).joined(separator: ", "))) VALUES (\(values))"
            case .delete: "DELETE FROM \(table) WHERE id = ?"
            case .updateOnly: "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = 1"
            case .put: "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(values.dropLast(3)))"
            }
    }
}

/// What runs a change's statements: SQLite's prepared statements on a user's file, or a PostgreSQL connection in a
/// transaction, for one account.
package protocol RowWriter {
    associatedtype Binder: RowBinder
    /// Runs `statement` with the values `bind` gives it, in order; returns the id of the row an insert added.
    @discardableResult
    func run(_ statement: RowStatement, _ bind: (Binder) -> Void) throws -> Int64
}

/// What a user's game is read from, a set of rows at a time: SQLite's user file, or a PostgreSQL connection.
package protocol RowReader {
    associatedtype Values: StoredValues
    /// The rows of `table` that belong to the user, in the order of their ids.
    func rows(of table: String) throws -> [Values]
    /// The to-dos open and the latest `done` of those done, in the order of their ids.
    func todos(keepingDone done: Int) throws -> [Values]
}

extension RawStatement: RowBinder {
    package func bind(day: Day?) { bind(day?.description) }
}

extension RawStatements: RowWriter {
    package func run(_ statement: RowStatement, _ bind: (RawStatement) -> Void) throws -> Int64 {
        let prepared = try self(statement)
        bind(prepared)
        try prepared.run()
        return statement.kind == .insert ? prepared.lastInsertedRowID : 0
    }
}

/// A user's file read through GRDB.
struct FileRows: RowReader {
    let db: Database

    func rows(of table: String) throws -> [Row] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid")
    }

    func todos(keepingDone done: Int) throws -> [Row] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM todo WHERE done_at IS NULL
                    OR id IN (SELECT id FROM todo WHERE done_at IS NOT NULL ORDER BY done_at DESC LIMIT \(done))
                ORDER BY id
                """)
    }
}
