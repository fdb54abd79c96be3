/// The stable machine codes of every error a client can see.
public enum ErrorCode: String, Sendable, CaseIterable, Codable {
    case authRequired = "auth_required"
    case badCredentials = "bad_credentials"
    case nameTaken = "name_taken"
    case invalidName = "invalid_name"
    case unknownCommand = "unknown_command"
    case unknownHabit = "unknown_habit"
    case unknownItem = "unknown_item"
    case ambiguous
    case notEnoughCoins = "not_enough_coins"
    case healthFull = "health_full"
    case gameOver = "game_over"
    case invalidArgument = "invalid_argument"
    case forbidden
    case notFound = "not_found"
    case lineTooLong = "line_too_long"
    case invalidUTF8 = "invalid_utf8"
    case rateLimited = "rate_limited"
    /// As many habits, rewards, areas, routines, rooms, members or shared habits as one may have.
    case limitReached = "limit_reached"
    case busy
    /// The disk holding the server's data is full: nothing was changed, and trying again once space is freed works.
    case storageFull = "storage_full"
    case `internal`
}

/// The one error type a user ever sees: a stable ``ErrorCode`` and a short, kind message.
public struct HabitatError: Error, Sendable, Equatable {
    public var code: ErrorCode
    public var message: String
    /// The marker of the toast this error renders as (`❓` for "did you mean", `❌` otherwise).
    public var symbol: ToastSymbol

    /// What `message` quotes of a line (`No habit 'a\u{1B}b'`) shows its control characters escaped, never raw
    /// (``Swift/String/echoed``), whichever part of the server wrote it.
    public init(_ code: ErrorCode, _ message: String, symbol: ToastSymbol = .error) {
        self.code = code
        self.message = message.echoed
        self.symbol = symbol
    }

    /// The toast this error is shown as.
    public var toast: Toast { Toast(symbol, message) }
}
