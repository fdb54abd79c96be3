import Foundation

/// A bridge-protocol request: what chat user `user` typed to Habitat, in channel `room` or privately.
public struct BridgeRequest: Sendable, Equatable, Codable {
    public var id: Int
    public var user: String
    public var room: String?
    public var text: String

    public init(id: Int, user: String, room: String? = nil, text: String) {
        self.id = id
        self.user = user
        self.room = room
        self.text = text
    }

    /// The request as one JSON line, without its newline (`room` left out when `nil`).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
