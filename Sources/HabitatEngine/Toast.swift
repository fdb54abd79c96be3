/// The colour of a toast, as a client would paint it.
public enum ToastType: String, Sendable, Codable {
    case success, error, info
}

/// The marker a toast line starts with, the word that replaces it in plain mode, and the toast's colour.
///
/// The game's markers are declared here; the layers around the game declare theirs (the greeting's `👋`, a room's
/// `🏠`, ...) as static members like these.
public struct ToastSymbol: Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the marker (`success`, `gameOver`), as kept with a toast saved for later.
    public let name: String
    public let emoji: String
    /// The word a screen reader user sees instead of the emoji (`plain on`).
    public let word: String
    public let type: ToastType

    public init(name: String, emoji: String, word: String, type: ToastType) {
        (self.name, self.emoji, self.word, self.type) = (name, emoji, word, type)
    }

    public var description: String { name }
}

extension ToastSymbol {
    public static let success = ToastSymbol(name: "success", emoji: "✅", word: "OK:", type: .success)
    public static let warning = ToastSymbol(name: "warning", emoji: "⚠️", word: "WARNING:", type: .error)
    public static let error = ToastSymbol(name: "error", emoji: "❌", word: "ERROR:", type: .error)
    public static let info = ToastSymbol(name: "info", emoji: "ℹ️", word: "INFO:", type: .info)
    public static let celebration = ToastSymbol(name: "celebration", emoji: "🎉", word: "YAY:", type: .success)
    public static let gameOver = ToastSymbol(name: "gameOver", emoji: "💀", word: "GAME OVER:", type: .error)
    public static let reward = ToastSymbol(name: "reward", emoji: "🎁", word: "OK:", type: .success)
    public static let potion = ToastSymbol(name: "potion", emoji: "🧪", word: "OK:", type: .success)
    public static let running = ToastSymbol(name: "running", emoji: "🏃", word: "OK:", type: .success)
    public static let undo = ToastSymbol(name: "undo", emoji: "↩️", word: "INFO:", type: .info)
    /// "Did you mean …?": an error that suggests what to type instead.
    public static let question = ToastSymbol(name: "question", emoji: "❓", word: "ERROR:", type: .error)

    /// The markers of the game's own toasts.
    public static let game: [ToastSymbol] = [
        .success, .warning, .error, .info, .celebration, .gameOver, .reward, .potion, .running, .undo, .question, .pause, .resume,
    ]
}

/// One short message, as a chat would show it: `✅ Exercise completed! +10 XP, +5 coins`.
///
/// A toast may carry detail lines (a listing); they are shown below it, indented.
public struct Toast: Sendable, Equatable {
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
        render(plain: plain) { piece in
            switch piece {
            case .text(let words): text += words
            case .space: text += " "
            case .detailBreak: text += "\n  "
            }
        }
        return text
    }

    /// A piece of ``rendered(plain:)``: text of the toast's own, or the layout between.
    public enum Piece {
        case text(String)
        /// Between the marker and the message.
        case space
        /// Before each detail line: a line break and two spaces.
        case detailBreak
    }

    /// ``rendered(plain:)`` in pieces, in order, for a writer that puts them somewhere other than a `String` (a JSON
    /// reply escapes the text straight into its bytes, and writes the layout as it is).
    public func render(plain: Bool, _ piece: (Piece) -> Void) {
        piece(.text(plain ? symbol.word : symbol.emoji))
        piece(.space)
        piece(.text(message))
        for line in details {
            piece(.detailBreak)
            piece(.text(line))
        }
    }
}
