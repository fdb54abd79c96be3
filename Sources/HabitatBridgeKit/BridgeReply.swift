/// Habitat's answer to a ``BridgeRequest`` (a JSON-mode reply with `id`, `user` and `room` first).
public struct BridgeReply: Sendable, Equatable, Decodable {
    /// The request's id; `nil` when missing or not an integer (this bridge only sends integers).
    public var id: Int?
    public var user: String?
    public var room: String?
    /// Whether the command was carried out.
    public var ok: Bool
    public var text: String
    public var toasts: [BridgeToast]
    /// The stable error code, when `ok` is false.
    public var code: String?
    /// The name of the personal view this reply shows (`today`, `habits`), when it is one: long, it is said
    /// privately rather than in a channel.
    public var view: String?
    /// The reply's data, for what a bridge draws beside the text (a heatmap's days).
    public var data: BridgeData?

    public init(
        id: Int? = nil, user: String? = nil, room: String? = nil, ok: Bool, text: String,
        toasts: [BridgeToast] = [], code: String? = nil, view: String? = nil, data: BridgeData? = nil
    ) {
        self.id = id
        self.user = user
        self.room = room
        self.ok = ok
        self.text = text
        self.toasts = toasts
        self.code = code
        self.view = view
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case id, user, room, ok, text, toasts, code, view, data
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try? container.decodeIfPresent(Int.self, forKey: .id),
            user: try container.decodeIfPresent(String.self, forKey: .user),
            room: try container.decodeIfPresent(String.self, forKey: .room),
            ok: try container.decode(Bool.self, forKey: .ok),
            text: try container.decodeIfPresent(String.self, forKey: .text) ?? "",
            toasts: try container.decodeIfPresent([BridgeToast].self, forKey: .toasts) ?? [],
            code: try container.decodeIfPresent(String.self, forKey: .code),
            view: try? container.decodeIfPresent(String.self, forKey: .view),
            // Only views are drawn from: other replies' data is left unread.
            data: container.contains(.view) ? try? container.decodeIfPresent(BridgeData.self, forKey: .data) : nil)
    }
}
