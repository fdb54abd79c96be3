import Foundation

/// Which lines said in a channel are addressed to the bot, as people address each other: `!did dishes` (a command
/// prefix); the bot's name (without case) and `:` or `,` (`habitat: did dishes`, `habitat, did dishes`); `@` and
/// its name (`@habitat status`); or its name as the first word (`habitat status`), which is for the bot only if
/// Habitat reads a command in what follows (``Addressed/onlyIfCommand``), so `habitat is great` stays chat. A line
/// that mentions the bot later (`I love habitat`) is never for it.
public struct Addressing: Sendable, Equatable {
    /// A line starting with this is a command (`!did dishes`); `nil` or empty turns it off.
    public var commandPrefix: String?
    /// The names the bot answers to (its nick, its configured nick; its Matrix id, localpart and display name).
    public var names: [String]

    public init(commandPrefix: String? = "!", names: [String]) {
        self.commandPrefix = commandPrefix
        self.names = names
    }

    /// What a line addressed to the bot asks.
    public struct Addressed: Sendable, Equatable {
        /// The line without the words that address the bot, trimmed.
        public var text: String
        /// Whether the line only started with the bot's name (`habitat status`): it is for the bot only if it is
        /// a command, and anything else is left to the chat, unanswered.
        public var onlyIfCommand: Bool

        public init(_ text: String, onlyIfCommand: Bool = false) {
            self.text = text
            self.onlyIfCommand = onlyIfCommand
        }
    }

    /// The command in a line addressed to the bot, trimmed, or `nil` when the line is not clearly for it (a line
    /// that only starts with its name is ``addressed(in:)``'s).
    public func command(in text: String) -> String? {
        guard let addressed = addressed(in: text), !addressed.onlyIfCommand else { return nil }
        return addressed.text
    }

    /// What a line asks of the bot, or `nil` when it is not addressed to it.
    public func addressed(in text: String) -> Addressed? {
        if let commandPrefix, !commandPrefix.isEmpty, text.hasPrefix(commandPrefix) {
            return Addressed(text.dropFirst(commandPrefix.count).trimmingCharacters(in: .whitespaces))
        }
        let mentioned = text.hasPrefix("@")
        let said = mentioned ? text.dropFirst() : text[...]
        // The longest name first: `Habitat Bot, status` is not `Habitat` and `Bot, status`.
        for name in Set(names).sorted(by: { $0.count > $1.count }) where !name.isEmpty && said.count > name.count {
            guard said.prefix(name.count).lowercased() == name.lowercased() else { continue }
            let rest = said.dropFirst(name.count)
            if rest.first == ":" || rest.first == "," {
                return Addressed(rest.dropFirst().trimmingCharacters(in: .whitespaces))
            }
            if rest.first == " " {
                let words = rest.trimmingCharacters(in: .whitespaces)
                return words.isEmpty ? nil : Addressed(words, onlyIfCommand: !mentioned)
            }
        }
        return nil
    }
}
