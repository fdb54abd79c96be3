import Foundation

/// A bridge-protocol request: what chat user `user` typed to Habitat, in channel `room` or privately.
public struct BridgeRequest: Sendable, Equatable, Codable {
    public var id: Int
    public var user: String
    public var room: String?
    public var text: String
    /// `true` when the line only started with the bot's name (`habitat status`): Habitat answers it only if it is a
    /// command, and anything else with `unknown_command`, which the bridge leaves unsaid. Left out otherwise.
    public var commandOnly: Bool?

    public init(id: Int, user: String, room: String? = nil, text: String, commandOnly: Bool = false) {
        self.id = id
        self.user = user
        self.room = room
        self.text = text
        self.commandOnly = commandOnly ? true : nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, user, room, text
        case commandOnly = "command_only"
    }

    /// The request as one JSON line, without its newline (`room` and `command_only` left out when `nil`).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
