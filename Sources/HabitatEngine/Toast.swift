/// The colour of a toast, as a client would paint it.
public enum ToastType: String, Sendable, Codable {
    case success, error, info
}

/// The marker a toast line starts with, and the word that replaces it in plain mode.
public enum ToastSymbol: String, Sendable, Codable, CaseIterable {
    case success, warning, error, info, celebration, gameOver, reward, potion, running, undo, question,
        greeting, timer, room, ask

    public var emoji: String {
        switch self {
        case .success: "✅"
        case .warning: "⚠️"
        case .error: "❌"
        case .info: "ℹ️"
        case .celebration: "🎉"
        case .gameOver: "💀"
        case .reward: "🎁"
        case .potion: "🧪"
        case .running: "🏃"
        case .undo: "↩️"
        case .question: "❓"
        case .greeting: "👋"
        case .timer: "⏰"
        case .room: "🏠"
        case .ask: "❔"
        }
    }

    /// The word a screen reader user sees instead of the emoji (`plain on`).
    public var word: String {
        switch self {
        case .success, .reward, .potion, .running, .timer: "OK:"
        case .warning: "WARNING:"
        case .error, .question: "ERROR:"
        case .info, .greeting, .undo, .room: "INFO:"
        case .celebration: "YAY:"
        case .ask: "QUESTION:"
        case .gameOver: "GAME OVER:"
        }
    }

    public var type: ToastType {
        switch self {
        case .success, .celebration, .reward, .potion, .running, .timer: .success
        case .warning, .error, .question, .gameOver: .error
        case .info, .greeting, .undo, .room, .ask: .info
        }
    }
}

/// One short message, as a chat would show it: `✅ Exercise completed! +10 XP, +5 coins`.
///
/// A toast may carry detail lines (a listing); they are shown below it, indented.
public struct Toast: Sendable, Equatable, Codable {
    public var symbol: ToastSymbol
    public var message: String
    public var details: [String]

    public init(_ symbol: ToastSymbol, _ message: String, details: [String] = []) {
        self.symbol = symbol
        self.message = message
        self.details = details
    }

    public var type: ToastType { symbol.type }

    /// The toast as text: marker (or plain word), message, then each detail line indented by two spaces.
    public func rendered(plain: Bool) -> String {
        var text = ""
        render(plain: plain) { text += $0 }
        return text
    }

    /// `rendered(plain:)` in pieces, in order, for a writer that puts them somewhere other than a `String`
    /// (a JSON reply escapes them straight into its bytes).
    public func render(plain: Bool, _ piece: (String) -> Void) {
        piece(plain ? symbol.word : symbol.emoji)
        piece(" ")
        piece(message)
        for line in details {
            piece("\n  ")
            piece(line)
        }
    }
}
