import Foundation

/// Which lines said in a channel are addressed to the bot: `!did dishes` (a command prefix), or the bot's name
/// (without case) and `:` or `,` before the command: `habitat: did dishes`, `habitat, did dishes`.
public struct Addressing: Sendable, Equatable {
    /// A line starting with this is a command (`!did dishes`); `nil` or empty turns it off.
    public var commandPrefix: String?
    /// The names the bot answers to (its nick, its configured nick; its Matrix id, localpart and display name).
    public var names: [String]

    public init(commandPrefix: String? = "!", names: [String]) {
        self.commandPrefix = commandPrefix
        self.names = names
    }

    /// The command in a line addressed to the bot, trimmed, or `nil` when the line is not for it.
    public func command(in text: String) -> String? {
        if let commandPrefix, !commandPrefix.isEmpty, text.hasPrefix(commandPrefix) {
            return text.dropFirst(commandPrefix.count).trimmingCharacters(in: .whitespaces)
        }
        for name in Set(names) where !name.isEmpty && text.count > name.count {
            let rest = text.dropFirst(name.count)
            if text.prefix(name.count).lowercased() == name.lowercased(), rest.first == ":" || rest.first == "," {
                return rest.dropFirst().trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
