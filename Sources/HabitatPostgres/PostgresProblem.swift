import PostgresNIO

/// What went wrong with PostgreSQL, in words for the person running Habitat. PostgresNIO's errors say only "Database
/// error" when printed (so that nothing reaches a user by accident); this says what the server said, or why it could not
/// be reached, for an operator's eyes: a tool's error or the server's log.
public struct PostgresProblem: Error, CustomStringConvertible {
    public let description: String

    /// `error` said for `address`; `nil` when it is no error of PostgreSQL's.
    public init?(_ error: any Error, at address: DatabaseAddress) {
        guard let error = error as? PSQLError else { return nil }
        if let info = error.serverInfo, let message = info[.message] {
            var said = "PostgreSQL said: \(message)"
            if let detail = info[.detail] { said += " (\(detail))" }
            if let state = info[.sqlState] { said += " [\(state)]" }
            description = said
        } else if error.code == .connectionError || error.code == .serverClosedConnection || error.code == .uncleanShutdown {
            let why = error.underlying.map { " (\($0))" } ?? ""
            description = "PostgreSQL at \(address.host):\(address.port) can't be reached\(why). Is it running, and does it take connections there?"
        } else {
            description = "PostgreSQL at \(address) failed: \(String(reflecting: error))"
        }
    }
}
