import Foundation
import HabitatEngine
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

// The PostgreSQL side of the rows a user's game is kept in (`StoredValues`, `RowBinder`, `RowWriter`, `RowReader`,
// HabitatStorage's): each statement said as SQL on the user's rows, once.

extension Day: PostgresEncodable, PostgresNonThrowingEncodable, PostgresDecodable {
    /// 2000-01-01, from which PostgreSQL counts a `date`'s days.
    static let postgresEpoch = Day(ordinal: 10_957)

    public static var psqlType: PostgresDataType { .date }
    public static var psqlFormat: PostgresFormat { .binary }

    public func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeInteger(Int32(self - Self.postgresEpoch))
    }

    public init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat, context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        switch (format, type) {
        case (.binary, .date):
            guard buffer.readableBytes == 4, let days = buffer.readInteger(as: Int32.self) else { throw PostgresDecodingError.Code.failure }
            self = Self.postgresEpoch + Int(days)
        case (.text, .date), (_, .text), (_, .varchar):
            guard let text = buffer.readString(length: buffer.readableBytes), let day = Day(iso: text) else {
                throw PostgresDecodingError.Code.failure
            }
            self = day
        default:
            throw PostgresDecodingError.Code.typeMismatch
        }
    }
}

/// A row PostgreSQL sent, its columns by name.
struct PostgresValues: StoredValues {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = PostgresRandomAccessRow(row) }

    /// The column's cell, when the row has the column.
    private func cell(_ column: String) -> PostgresCell? { row.contains(column) ? row[column] : nil }

    func int(_ column: String) -> Int? { (try? cell(column)?.decode(Int?.self)) ?? nil }
    func int64(_ column: String) -> Int64? { (try? cell(column)?.decode(Int64?.self)) ?? nil }
    func double(_ column: String) -> Double? { (try? cell(column)?.decode(Double?.self)) ?? nil }
    func text(_ column: String) -> String? { (try? cell(column)?.decode(String?.self)) ?? nil }
    func bool(_ column: String) -> Bool? { (try? cell(column)?.decode(Bool?.self)) ?? nil }
    func day(_ column: String) -> Day? { (try? cell(column)?.decode(Day?.self)) ?? nil }
}

/// The values of one PostgreSQL statement, bound in order.
final class PostgresBinder: RowBinder {
    var bindings = PostgresBindings()

    func bind(_ value: Int64?) { bindings.append(value) }
    func bind(_ value: Int?) { bindings.append(value.map(Int64.init)) }
    func bind(_ value: Double?) { bindings.append(value) }
    func bind(_ value: String?) { bindings.append(value) }
    func bind(_ value: Bool) { bindings.append(value) }
    func bind(day: Day?) { bindings.append(day) }
    func bind(utf8 text: [UInt8]) { bindings.append(String(decoding: text, as: UTF8.self)) }
}

/// One account's rows on a connection inside a transaction, read and written by blocking the calling thread (never an
/// event loop's): the engine reads the ledger while it runs, as it does a SQLite file's.
///
/// A statement whose answer nothing needs (`BEGIN`, an update, a delete) is held back and sent with the next one that
/// is waited for, all from the connection's event loop in one go: a `did` waits twice (its ledger row's id, then the
/// COMMIT) however many statements it makes, and the thread running it is woken twice, not once a statement.
struct AccountRows: RowWriter, RowReader {
    let connection: PostgresConnection
    let accountID: Int64
    let logger: Logger
    private let held = HeldStatements()

    init(connection: PostgresConnection, accountID: Int64, logger: Logger) {
        self.connection = connection
        self.accountID = accountID
        self.logger = logger
    }

    /// Runs `sql` with `bindings` and waits for its rows, after the statements held back before it.
    ///
    /// Sent from the connection's event loop, once it is seen open there: PostgresNIO never answers a query written to a
    /// connection already closed (PostgreSQL restarted under it), and the thread would wait for ever. Every statement's
    /// answer is looked at, the first failure thrown: in a transaction that failed, PostgreSQL answers the statements
    /// after it with errors of their own, and a COMMIT with a ROLLBACK that is not an error.
    @discardableResult
    func query(_ sql: String, _ bindings: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        let (connection, logger) = (self.connection, self.logger)
        let queries = held.take() + [PostgresQuery(unsafeSQL: sql, binds: bindings)]
        let answers = connection.eventLoop.flatSubmit { () -> EventLoopFuture<[Result<PostgresQueryResult, any Error>]> in
            guard !connection.isClosed else { return connection.eventLoop.makeFailedFuture(ConnectionClosed()) }
            let sent = queries.map { connection.query($0, logger: logger) }
            return EventLoopFuture.whenAllComplete(sent, on: connection.eventLoop)
        }
        var last: PostgresQueryResult?
        for answer in try answers.wait() { last = try answer.get() }
        return last?.rows ?? []
    }

    /// Holds `sql` back, to be sent before the next statement that is waited for: for a statement whose answer is not
    /// needed, whose failure the next one waited for reports.
    func hold(_ sql: String, _ bindings: PostgresBindings = PostgresBindings()) {
        held.add(PostgresQuery(unsafeSQL: sql, binds: bindings))
    }

    /// Whether every statement so far is still held back, none sent: then there is no transaction to roll back.
    var nothingSent: Bool { held.nothingSent }

    /// Forgets the statements held back, unsent.
    func dropHeld() { held.drop() }

    /// Runs `sql`, whose last value (`$n`) is the account's id, with `bind`'s values before it.
    func query(_ sql: String, _ bind: (PostgresBinder) -> Void) throws -> [PostgresRow] {
        let binder = PostgresBinder()
        bind(binder)
        binder.bind(accountID)
        return try query(sql, binder.bindings)
    }

    /// The rows `sql` finds, each as named values.
    func values(_ sql: String, _ bind: (PostgresBinder) -> Void = { _ in }) throws -> [PostgresValues] {
        try query(sql, bind).map(PostgresValues.init)
    }

    /// Runs `sql`, whose last value is the account's id, with `bind`'s values before it, held back.
    func hold(_ sql: String, _ bind: (PostgresBinder) -> Void) {
        let binder = PostgresBinder()
        bind(binder)
        binder.bind(accountID)
        hold(sql, binder.bindings)
    }

    /// An insert is waited for (the engine needs the new row's id); the rest is held back.
    func run(_ statement: RowStatement, _ bind: (PostgresBinder) -> Void) throws -> Int64 {
        guard statement.kind == .insert else {
            hold(Self.sql(for: statement), bind)
            return 0
        }
        return try query(Self.sql(for: statement), bind).first?.decode(Int64.self) ?? 0
    }

    func rows(of table: String) throws -> [PostgresValues] {
        let order = ["profile": "", "setting": " ORDER BY key"][table] ?? " ORDER BY id"
        return try values("SELECT * FROM \(table) WHERE account_id = $1\(order)")
    }

    func todos(keepingDone done: Int) throws -> [PostgresValues] {
        try values(
            """
            SELECT * FROM todo WHERE account_id = $1 AND (done_at IS NULL
                OR id IN (SELECT id FROM todo WHERE account_id = $1 AND done_at IS NOT NULL ORDER BY done_at DESC LIMIT \(done)))
            ORDER BY id
            """)
    }

    /// Each statement's SQL, made the first time it is run: its values in order, then the account's id. A table's
    /// one row (the profile) is added when it is not there yet; a new row without an id is numbered by the table's
    /// sequence, which every account's rows share.
    static func sql(for statement: RowStatement) -> String {
        if let sql = made.withLockedValue({ $0[ObjectIdentifier(statement)] }) { return sql }
        let (table, columns) = (statement.table, statement.columns)
        let values = columns.indices.map { "$\($0 + 1)" }
        let sql =
            switch statement.kind {
            case .update:
                "UPDATE \(table) SET \(zip(columns, values).map { "\($0) = \($1)" }.joined(separator: ", ")) "
                    + "WHERE id = $\(columns.count + 1) AND account_id = $\(columns.count + 2)"
            case .insert:
                "INSERT INTO \(table) (id, \(columns.joined(separator: ", ")), account_id) "
                    + "VALUES (COALESCE($1, nextval(pg_get_serial_sequence('\(table)', 'id'))), "
                    + "\(columns.indices.map { "$\($0 + 2)" }.joined(separator: ", ")), $\(columns.count + 2)) RETURNING id"
            case .delete:
                "DELETE FROM \(table) WHERE id = $1 AND account_id = $2"
            case .updateOnly, .put:
                "INSERT INTO \(table) (\(columns.joined(separator: ", ")), account_id) VALUES (\(values.joined(separator: ", ")), $\(columns.count + 1)) "
                    + "ON CONFLICT (account_id\(statement.kind == .put ? ", \(columns[0])" : "")) DO UPDATE SET "
                    + (statement.kind == .put ? Array(columns.dropFirst()) : columns).map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
            }
        made.withLockedValue { $0[ObjectIdentifier(statement)] = sql }
        return sql
    }

    private static let made = NIOLockedValueBox<[ObjectIdentifier: String]>([:])
}

/// The statements an ``AccountRows`` holds back until the next one waited for. Used by one thread at a time (the
/// change's or reading's); the lock only makes that safe to say.
private final class HeldStatements: Sendable {
    private let state = NIOLockedValueBox((queries: [PostgresQuery](), sentAny: false))

    func add(_ query: PostgresQuery) { state.withLockedValue { $0.queries.append(query) } }

    /// The statements held back, now to be sent.
    func take() -> [PostgresQuery] {
        state.withLockedValue { state in
            defer { state = ([], true) }
            return state.queries
        }
    }

    func drop() { state.withLockedValue { $0.queries = [] } }

    var nothingSent: Bool { state.withLockedValue { !$0.sentAny } }
}
