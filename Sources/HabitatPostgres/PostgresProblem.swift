import HabitatStorage
import Logging
import PostgresNIO

/// What went wrong with PostgreSQL, in words for the person running Habitat. PostgresNIO's errors say only "Database
/// error" when printed (so that nothing reaches a user by accident); this says what the server said, or why it could not
/// be reached, for an operator's eyes: a tool's error or the server's log.
public struct PostgresProblem: StoreFailure, CustomStringConvertible {
    public let description: String
    public let unreachable: Bool
    public var logged: String { description }

    /// `error` said for `address`; `nil` when it is no error of PostgreSQL's.
    public init?(_ error: any Error, at address: DatabaseAddress?) {
        guard let error = error as? PSQLError else { return nil }
        unreachable = error.unreachable
        if let info = error.serverInfo, let message = info[.message] {
            var said = "PostgreSQL said: \(message)"
            if let detail = info[.detail] { said += " (\(detail))" }
            if let state = info[.sqlState] { said += " [\(state)]" }
            description = said
        } else if unreachable {
            let why = error.underlying.map { " (\($0))" } ?? ""
            let at = address.map { " at " + ($0.socketPath ?? "\($0.host):\($0.port)") } ?? ""
            description = "PostgreSQL\(at) can't be reached\(why). Is it running, and does it take connections there?"
        } else {
            description = "PostgreSQL\(address.map { " at \($0)" } ?? "") failed: \(String(reflecting: error))"
        }
    }
}

extension PSQLError: StoreFailure {
    /// The connection failed or was closed under the request, or the server is shutting down or starting
    /// (SQLSTATE class 08, and 57P01–57P03): nothing about the request itself was wrong.
    public var unreachable: Bool {
        if code == .connectionError || code == .serverClosedConnection || code == .uncleanShutdown || code == .clientClosedConnection {
            return true
        }
        guard let state = serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// What PostgreSQL said, for the log (``PostgresProblem``).
    public var logged: String { PostgresProblem(self, at: nil)?.description ?? String(reflecting: self) }
}

extension PostgresTransactionError: StoreFailure {
    /// What went wrong inside the transaction, or else in beginning, committing or rolling it back.
    var cause: any Error { closureError ?? beginError ?? commitError ?? rollbackError ?? self }

    public var unreachable: Bool { [closureError, beginError, commitError, rollbackError].contains { $0?.isUnreachableStore == true } }

    public var logged: String { (cause as? any StoreFailure)?.logged ?? String(reflecting: cause) }
}

/// A statement not sent because its connection had already closed: PostgreSQL went away under it.
struct ConnectionClosed: StoreFailure, CustomStringConvertible {
    var unreachable: Bool { true }
    var logged: String { description }
    var description: String { "the connection to PostgreSQL closed" }
}

extension PostgresConnection {
    /// `query(_:logger:)`, sent from the connection's event loop once it is seen open there, and refused at once on a
    /// connection already closed: PostgresNIO never answers a query written to one (PostgreSQL restarted under it),
    /// and the request would wait for ever. (Seen open from another thread, it may close before the query is written.)
    @discardableResult
    func checkedQuery(_ query: PostgresQuery, logger: Logger) async throws -> ReceivedRows {
        let answers = try await checkedQueries([query], logger: logger).get()
        return ReceivedRows(rows: try answers[0].get().rows)
    }

    /// `queries`, sent in order from the connection's event loop in one go once it is seen open there (or refused at
    /// once, as ``checkedQuery(_:logger:)`` is): each one's answer, when all are in.
    func checkedQueries(_ queries: [PostgresQuery], logger: Logger) -> EventLoopFuture<[Result<PostgresQueryResult, any Error>]> {
        let connection = self
        return eventLoop.flatSubmit {
            guard !connection.isClosed else { return connection.eventLoop.makeFailedFuture(ConnectionClosed()) }
            return EventLoopFuture.whenAllComplete(queries.map { connection.query($0, logger: logger) }, on: connection.eventLoop)
        }
    }
}

extension PostgresClient {
    /// ``PostgresConnection/checkedQuery(_:logger:)`` on a connection of the pool.
    @discardableResult
    func checkedQuery(_ query: PostgresQuery, logger: Logger) async throws -> ReceivedRows {
        try await withConnection { try await $0.checkedQuery(query, logger: logger) }
    }
}

/// A statement's rows, all received: read as PostgresNIO's own (`for try await`, `decode`).
struct ReceivedRows: AsyncSequence, Sendable {
    typealias Element = PostgresRow
    let rows: [PostgresRow]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: IndexingIterator<[PostgresRow]>
        mutating func next() async throws -> PostgresRow? { rest.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: rows.makeIterator()) }
}

extension PostgresStore {
    /// `error` as a log line says it: PostgreSQL's words and this store's address when it is PostgreSQL's.
    func described(_ error: any Error) -> String {
        PostgresProblem(error, at: address)?.description ?? "\(error)"
    }
}
