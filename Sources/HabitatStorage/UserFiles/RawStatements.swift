import GRDB
import GRDBSQLite

/// A statement prepared once on a connection, its values bound one by one with SQLite's C interface.
///
/// Every recorded action runs the same few statements: begin, the totals, the habit, the ledger row,
/// commit. Through GRDB each run builds an array of boxed arguments and does GRDB's bookkeeping for
/// observers and regions, which together cost more than SQLite's own work; bound directly they cost
/// what SQLite costs. Reads keep going through GRDB.
///
/// Not thread-safe: a statement is used only on its connection's storage thread, like the connection.
final class RawStatement {
    let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The last parameter bound since the last run (parameters are numbered from 1).
    private var bound: Int32 = 0

    init(sql: String, connection: OpaquePointer) throws {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func bind(_ value: Int64) {
        bound += 1
        sqlite3_bind_int64(handle, bound, value)
    }

    func bind(_ value: Int) { bind(Int64(value)) }

    func bind(_ value: Bool) { bind(Int64(value ? 1 : 0)) }

    func bind(_ value: Double) {
        bound += 1
        sqlite3_bind_double(handle, bound, value)
    }

    func bind(_ value: String) {
        bound += 1
        var value = value
        _ = value.withUTF8 { text in
            // SQLITE_TRANSIENT: SQLite copies the text before this returns.
            sqlite3_bind_text(handle, bound, text.baseAddress, Int32(text.count), Self.transient)
        }
    }

    /// Binds UTF-8 text given as bytes.
    func bind(utf8 text: [UInt8]) {
        bound += 1
        text.withUnsafeBufferPointer { bytes in
            _ = sqlite3_bind_text(handle, bound, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    func bindNull() {
        bound += 1
        sqlite3_bind_null(handle, bound)
    }

    func bind(_ value: Int64?) { if let value { bind(value) } else { bindNull() } }
    func bind(_ value: Int?) { if let value { bind(value) } else { bindNull() } }
    func bind(_ value: Double?) { if let value { bind(value) } else { bindNull() } }
    func bind(_ value: String?) { if let value { bind(value) } else { bindNull() } }

    /// Runs the statement to its end with the values bound since the last run, one for each of its
    /// parameters. Throws GRDB's `DatabaseError` when SQLite refuses (a constraint, a full disk).
    func run() throws {
        defer { bound = 0 }
        guard bound == sqlite3_bind_parameter_count(handle) else {
            sqlite3_clear_bindings(handle)
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(bound) values bound", sql: sql)
        }
        var code = sqlite3_step(handle)
        while code == SQLITE_ROW { code = sqlite3_step(handle) }
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        sqlite3_reset(handle)
    }

    /// The rowid of the last row this connection inserted.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// The raw statements of one connection, prepared on first use and kept until `finalize()` (which must
/// come before the connection closes: SQLite does not close a connection with statements left).
final class RawStatements {
    private let connection: OpaquePointer
    /// Statements of SQL written in the source, found by the text's address: no hashing of the SQL. A dozen at
    /// most, so a look along the list (the first used first) is quicker than hashing the address; and used on one
    /// thread only, so Swift's run-time check of exclusive access (a fifth of a look-up) is left out.
    @exclusivity(unchecked) private var literal: [(key: UnsafeRawPointer, statement: RawStatement)] = []
    /// Statements of SQL built at run time.
    private var built: [String: RawStatement] = [:]
    /// Statements said as `RowStatement`s, found by the description's identity, as literals are.
    @exclusivity(unchecked) private var described: [(key: ObjectIdentifier, statement: RawStatement)] = []

    init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// The statements of `db`'s connection, for a caller that keeps them no longer than the connection.
    convenience init(_ db: Database) {
        self.init(connection: db.sqliteConnection!)
    }

    /// The statement for `sql`, prepared the first time it is asked for.
    func callAsFunction(_ sql: StaticString) throws -> RawStatement {
        guard sql.hasPointerRepresentation else { return try self(sql: sql.description) }
        let key = UnsafeRawPointer(sql.utf8Start)
        for entry in literal where entry.key == key { return entry.statement }
        let statement = try RawStatement(sql: sql.description, connection: connection)
        literal.append((key, statement))
        return statement
    }

    /// The statement for `sql` built at run time, prepared the first time it is asked for.
    func callAsFunction(sql: String) throws -> RawStatement {
        if let statement = built[sql] { return statement }
        let statement = try RawStatement(sql: sql, connection: connection)
        built[sql] = statement
        return statement
    }

    /// The statement for `described`, prepared the first time it is asked for.
    func callAsFunction(_ described: RowStatement) throws -> RawStatement {
        let key = ObjectIdentifier(described)
        for entry in self.described where entry.key == key { return entry.statement }
        let statement = try RawStatement(sql: described.sqlite, connection: connection)
        self.described.append((key, statement))
        return statement
    }

    /// Runs `body` in a transaction: commits if it returns, rolls back if it throws.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try self("BEGIN DEFERRED TRANSACTION").run()
        do {
            let result = try body()
            try self("COMMIT TRANSACTION").run()
            return result
        } catch {
            if sqlite3_get_autocommit(connection) == 0 { try? self("ROLLBACK TRANSACTION").run() }
            throw error
        }
    }

    /// Finalizes every statement.
    func finalize() {
        literal = []
        built = [:]
        described = []
    }
}
