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
    /// A `numeric`: an amount's column since `0004-amount-decimals.sql`.
    func quantity(_ column: String) -> Quantity? {
        ((try? cell(column)?.decode(Decimal?.self)) ?? nil).map { Quantity(rounding: NSDecimalNumber(decimal: $0).doubleValue) }
    }
    func text(_ column: String) -> String? { (try? cell(column)?.decode(String?.self)) ?? nil }
    func bool(_ column: String) -> Bool? { (try? cell(column)?.decode(Bool?.self)) ?? nil }
    func day(_ column: String) -> Day? { (try? cell(column)?.decode(Day?.self)) ?? nil }
}

/// The values of one PostgreSQL statement, bound in order.
final class PostgresBinder: RowBinder {
    private(set) var values: [BoundValue] = []

    var bindings: PostgresBindings { BoundValue.bindings(values) }

    func bind(_ value: Int64?) { values.append(.int(value)) }
    func bind(_ value: Int?) { values.append(.int(value.map(Int64.init))) }
    func bind(_ value: Double?) { values.append(.double(value)) }
    func bind(_ value: String?) { values.append(.text(value)) }
    func bind(_ value: Bool) { values.append(.bool(value)) }
    func bind(day: Day?) { values.append(.day(day)) }
    func bind(utf8 text: [UInt8]) { values.append(.text(String(decoding: text, as: UTF8.self))) }
}

/// A value bound to a statement, kept until the statement is sent (perhaps as part of a larger one).
enum BoundValue: Sendable {
    case int(Int64?), double(Double?), text(String?), bool(Bool), day(Day?)

    static func bindings(_ values: [BoundValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .int(let value): bindings.append(value)
            case .double(let value): bindings.append(value)
            case .text(let value): bindings.append(value)
            case .bool(let value): bindings.append(value)
            case .day(let value): bindings.append(value)
            }
        }
        return bindings
    }
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
        let queries = held.take() + [PostgresQuery(unsafeSQL: sql, binds: bindings)]
        var last: PostgresQueryResult?
        for answer in try connection.checkedQueries(queries, logger: logger).wait() {
            if case .failure(let error as PSQLError) = answer, error.serverInfo?[.sqlState] == ChangedElsewhere.sqlState {
                held.changedElsewhere()
            }
            last = try answer.get()
        }
        return last?.rows ?? []
    }

    /// Holds `sql` back, to be sent before the next statement that is waited for: for a statement whose answer is not
    /// needed, whose failure the next one waited for reports.
    func hold(_ sql: String) {
        held.add(HeldStatement(sql: sql, values: []))
    }

    /// Whether every statement so far is still held back, none sent: then there is no transaction to roll back.
    var nothingSent: Bool { held.nothingSent }

    /// Whether PostgreSQL refused the change's turn because another server changed the game since this one saw it
    /// (``ChangedElsewhere``): what the engine read or was told after that is of no account.
    var changedElsewhere: Bool { held.foundChangedElsewhere }

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

    /// Runs `sql`, whose last value is the account's id, with `bind`'s values before it, held back (`joining` as
    /// ``HeldStatement/joining`` says).
    func hold(_ sql: String, joining table: String? = nil, _ bind: (PostgresBinder) -> Void) {
        let binder = PostgresBinder()
        bind(binder)
        binder.bind(accountID)
        held.add(HeldStatement(sql: sql, values: binder.values, joining: table))
    }

    /// An insert is waited for (the engine needs the new row's id); the rest is held back, an update of one table's
    /// rows to be sent as one statement with those of other tables held next to it.
    func run(_ statement: RowStatement, _ bind: (PostgresBinder) -> Void) throws -> Int64 {
        guard statement.kind == .insert else {
            hold(Self.sql(for: statement), joining: statement.kind == .delete ? nil : statement.table, bind)
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

/// A statement held back until the next one waited for.
struct HeldStatement: Sendable {
    var sql: String
    var values: [BoundValue]
    /// The table an update (or insert-or-update) changes, whose statement may be sent as part of one with others' of
    /// other tables: `WITH a AS (UPDATE …), b AS (INSERT … ON CONFLICT …) SELECT 1`, one round trip instead of one
    /// each. Never two of one table in one statement (PostgreSQL would keep only one change of a row changed twice),
    /// never a delete (what it cascades to is seen only by the statements after it).
    var joining: String?

    init(sql: String, values: [BoundValue], joining table: String? = nil) {
        (self.sql, self.values, self.joining) = (sql, values, table)
    }

    /// The statements to send for `held`, in order: each run of updates of different tables as one.
    static func queries(_ held: [HeldStatement]) -> [PostgresQuery] {
        var queries: [PostgresQuery] = []
        var joined: [HeldStatement] = []
        func send() {
            if joined.count == 1 {
                queries.append(PostgresQuery(unsafeSQL: joined[0].sql, binds: BoundValue.bindings(joined[0].values)))
            } else if joined.count > 1 {
                queries.append(together(joined))
            }
            joined = []
        }
        for statement in held {
            if let table = statement.joining {
                if joined.contains(where: { $0.joining == table }) { send() }
                joined.append(statement)
            } else {
                send()
                queries.append(PostgresQuery(unsafeSQL: statement.sql, binds: BoundValue.bindings(statement.values)))
            }
        }
        send()
        return queries
    }

    /// One statement doing what `statements` do, each a `WITH` of it, their values numbered on from the one before's.
    static func together(_ statements: [HeldStatement]) -> PostgresQuery {
        var sql = "WITH "
        var values: [BoundValue] = []
        for (index, statement) in statements.enumerated() {
            sql += (index == 0 ? "" : ", ") + "w\(index) AS (" + renumbered(statement.sql, from: values.count) + ")"
            values += statement.values
        }
        return PostgresQuery(unsafeSQL: sql + " SELECT 1", binds: BoundValue.bindings(values))
    }

    /// `sql` with each `$n` made `$(n + offset)`. (The statements held are made from ``RowStatement``s: no `$` but
    /// their values'.)
    static func renumbered(_ sql: String, from offset: Int) -> String {
        guard offset > 0 else { return sql }
        var result = ""
        var rest = Substring(sql)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[...dollar]
            rest = rest[rest.index(after: dollar)...]
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            if let number = Int(digits) {
                result += String(number + offset)
                rest = rest.dropFirst(digits.count)
            }
        }
        return result + rest
    }
}

/// The statements an ``AccountRows`` holds back until the next one waited for. Used by one thread at a time (the
/// change's or reading's); the lock only makes that safe to say.
private final class HeldStatements: Sendable {
    private let state = NIOLockedValueBox((statements: [HeldStatement](), sentAny: false, changedElsewhere: false))

    func add(_ statement: HeldStatement) { state.withLockedValue { $0.statements.append(statement) } }

    /// The statements held back, now to be sent.
    func take() -> [PostgresQuery] {
        let held = state.withLockedValue { state in
            defer { (state.statements, state.sentAny) = ([], true) }
            return state.statements
        }
        return HeldStatement.queries(held)
    }

    var nothingSent: Bool { state.withLockedValue { !$0.sentAny } }

    func changedElsewhere() { state.withLockedValue { $0.changedElsewhere = true } }

    var foundChangedElsewhere: Bool { state.withLockedValue { $0.changedElsewhere } }
}
