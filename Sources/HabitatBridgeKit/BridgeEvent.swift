/// A line Habitat sends on its own: for a channel (`room`) or for one chat user (`user`).
public struct BridgeEvent: Sendable, Equatable, Decodable {
    /// The kind: `room`, `timer`, `offline`, ...
    public var event: String
    public var room: String?
    public var user: String?
    public var text: String
    public var toasts: [BridgeToast]

    public init(event: String, room: String? = nil, user: String? = nil, text: String, toasts: [BridgeToast] = []) {
        self.event = event
        self.room = room
        self.user = user
        self.text = text
        self.toasts = toasts
    }

    private enum CodingKeys: String, CodingKey {
        case event, room, user, text, toasts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            event: try container.decode(String.self, forKey: .event),
            room: try container.decodeIfPresent(String.self, forKey: .room),
            user: try container.decodeIfPresent(String.self, forKey: .user),
            text: try container.decodeIfPresent(String.self, forKey: .text) ?? "",
            toasts: try container.decodeIfPresent([BridgeToast].self, forKey: .toasts) ?? [])
    }
}
