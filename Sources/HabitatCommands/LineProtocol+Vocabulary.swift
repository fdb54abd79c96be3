import HabitatEngine
import HabitatHousehold

extension ErrorCode {
    public static let authRequired = ErrorCode(rawValue: "auth_required")
    public static let badCredentials = ErrorCode(rawValue: "bad_credentials")
    public static let unknownCommand = ErrorCode(rawValue: "unknown_command")
    public static let lineTooLong = ErrorCode(rawValue: "line_too_long")
    public static let invalidUTF8 = ErrorCode(rawValue: "invalid_utf8")
    public static let rateLimited = ErrorCode(rawValue: "rate_limited")
    /// The server (or a bridge) can't take this now; trying again later works.
    public static let busy = ErrorCode(rawValue: "busy")
    /// The disk holding the server's data is full: nothing was changed, and trying again once space is freed works.
    public static let storageFull = ErrorCode(rawValue: "storage_full")
    /// The server's database (PostgreSQL) can't be reached just now: trying again in a moment works.
    public static let unavailable = ErrorCode(rawValue: "unavailable")
    public static let `internal` = ErrorCode(rawValue: "internal")

    /// The codes of the line protocol itself: accounts, reading lines, limits, the server's own troubles.
    public static let lineProtocol: [ErrorCode] = [
        .authRequired, .badCredentials, .unknownCommand, .lineTooLong, .invalidUTF8, .rateLimited, .busy, .storageFull,
        .unavailable, .internal,
    ]

    /// Every code a client can see.
    public static let all: [ErrorCode] = game + household + lineProtocol
}

extension ToastSymbol {
    /// The server's greeting, and its goodbyes.
    public static let greeting = ToastSymbol(name: "greeting", emoji: "👋", word: "INFO:", type: .info)
    /// A server-side timer: started, and done.
    public static let timer = ToastSymbol(name: "timer", emoji: "⏰", word: "OK:", type: .success)
    /// Household rooms: their replies and their news.
    public static let room = ToastSymbol(name: "room", emoji: "🏠", word: "INFO:", type: .info)
    /// A question the next line answers (`yes` to delete).
    public static let ask = ToastSymbol(name: "ask", emoji: "❔", word: "QUESTION:", type: .info)

    /// Every marker a toast can start with.
    public static let all: [ToastSymbol] = game + [.greeting, .timer, .reminder, .room, .ask]

    /// The marker called `name` (``ToastSymbol/name``), if there is one.
    public static func named(_ name: String) -> ToastSymbol? {
        all.first { $0.name == name }
    }
}
