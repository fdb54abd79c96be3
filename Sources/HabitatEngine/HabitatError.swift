/// A stable machine code of an error a user can see: `unknown_habit`, `not_enough_coins`, ...
///
/// The game's own codes are declared here; the layers around the game declare theirs beside their rules (a room's
/// `forbidden`, the line protocol's `line_too_long` and `rate_limited`, ...), as static members like these.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as clients see it.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

extension ErrorCode {
    public static let unknownHabit = ErrorCode(rawValue: "unknown_habit")
    public static let unknownItem = ErrorCode(rawValue: "unknown_item")
    public static let ambiguous = ErrorCode(rawValue: "ambiguous")
    public static let notEnoughCoins = ErrorCode(rawValue: "not_enough_coins")
    public static let healthFull = ErrorCode(rawValue: "health_full")
    public static let gameOver = ErrorCode(rawValue: "game_over")
    public static let invalidArgument = ErrorCode(rawValue: "invalid_argument")
    public static let nameTaken = ErrorCode(rawValue: "name_taken")
    public static let notFound = ErrorCode(rawValue: "not_found")
    /// As many habits, rewards, areas, routines, rooms, members or shared habits as one may have.
    public static let limitReached = ErrorCode(rawValue: "limit_reached")

    /// The codes the game's rules raise.
    public static let game: [ErrorCode] = [
        .unknownHabit, .unknownItem, .ambiguous, .notEnoughCoins, .healthFull, .gameOver, .invalidArgument, .nameTaken,
        .notFound, .limitReached, .unknownTodo,
    ]
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
