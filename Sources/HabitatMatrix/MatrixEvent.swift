/// A room event as the bridge reads it: a message or a membership, with the parts of its content it uses.
public struct MatrixEvent: Sendable, Equatable, Decodable {
    public struct Content: Sendable, Equatable, Decodable {
        public var msgtype: String?
        public var body: String?
        public var format: String?
        public var formattedBody: String?
        public var membership: String?
        public var displayname: String?
        /// A room's name, in an `m.room.name` event.
        public var name: String?
        public var isDirect: Bool?
        /// The users a message mentions (`m.mentions`), as clients that insert mention pills set it.
        public var mentions: Mentions?
        /// Set on edits (`m.replace`) and replies.
        public var relatesTo: RelatesTo?
        /// A file's `mxc://` address, its name and its size (an `m.file` message).
        public var url: String?
        public var filename: String?
        public var info: Info?

        public struct Info: Sendable, Equatable, Decodable {
            public var size: Int?
            public init(size: Int?) { self.size = size }
        }

        public struct Mentions: Sendable, Equatable, Decodable {
            public var userIDs: [String]?
            private enum CodingKeys: String, CodingKey { case userIDs = "user_ids" }
            public init(userIDs: [String]?) { self.userIDs = userIDs }
        }

        public struct RelatesTo: Sendable, Equatable, Decodable {
            public var relType: String?
            private enum CodingKeys: String, CodingKey { case relType = "rel_type" }
            public init(relType: String?) { self.relType = relType }
        }

        private enum CodingKeys: String, CodingKey {
            case msgtype, body, format, membership, displayname, name, url, filename, info
            case formattedBody = "formatted_body"
            case isDirect = "is_direct"
            case mentions = "m.mentions"
            case relatesTo = "m.relates_to"
        }

        public init(
            msgtype: String? = nil, body: String? = nil, formattedBody: String? = nil, membership: String? = nil,
            displayname: String? = nil, name: String? = nil, isDirect: Bool? = nil, mentions: [String]? = nil,
            relType: String? = nil
        ) {
            self.msgtype = msgtype
            self.body = body
            self.format = formattedBody == nil ? nil : "org.matrix.custom.html"
            self.formattedBody = formattedBody
            self.membership = membership
            self.displayname = displayname
            self.name = name
            self.isDirect = isDirect
            self.mentions = mentions.map { Mentions(userIDs: $0) }
            self.relatesTo = relType.map { RelatesTo(relType: $0) }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            msgtype = try? container.decodeIfPresent(String.self, forKey: .msgtype)
            body = try? container.decodeIfPresent(String.self, forKey: .body)
            format = try? container.decodeIfPresent(String.self, forKey: .format)
            formattedBody = try? container.decodeIfPresent(String.self, forKey: .formattedBody)
            membership = try? container.decodeIfPresent(String.self, forKey: .membership)
            displayname = try? container.decodeIfPresent(String.self, forKey: .displayname)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
            isDirect = try? container.decodeIfPresent(Bool.self, forKey: .isDirect)
            mentions = try? container.decodeIfPresent(Mentions.self, forKey: .mentions)
            relatesTo = try? container.decodeIfPresent(RelatesTo.self, forKey: .relatesTo)
            url = try? container.decodeIfPresent(String.self, forKey: .url)
            filename = try? container.decodeIfPresent(String.self, forKey: .filename)
            info = try? container.decodeIfPresent(Info.self, forKey: .info)
        }
    }

    public var type: String
    public var sender: String
    public var eventID: String?
    /// For state events: whom or what it is about (a member event's user id).
    public var stateKey: String?
    public var content: Content

    private enum CodingKeys: String, CodingKey {
        case type, sender, content
        case eventID = "event_id"
        case stateKey = "state_key"
    }

    public init(type: String, sender: String, eventID: String? = nil, stateKey: String? = nil, content: Content) {
        self.type = type
        self.sender = sender
        self.eventID = eventID
        self.stateKey = stateKey
        self.content = content
    }

    /// A text message said by `sender`: `MatrixEvent.message(from: "@alice:example.org", "!did dishes")`.
    public static func message(
        from sender: String, _ body: String, formattedBody: String? = nil, mentions: [String]? = nil
    )
        -> MatrixEvent
    {
        MatrixEvent(
            type: "m.room.message", sender: sender,
            content: Content(msgtype: "m.text", body: body, formattedBody: formattedBody, mentions: mentions))
    }

    /// A file sent by `sender` (an `m.file` message): its name, `mxc://` address and size.
    public static func file(from sender: String, named name: String, at address: String, size: Int?) -> MatrixEvent {
        var content = Content(msgtype: "m.file", body: name)
        (content.url, content.filename, content.info) = (address, name, Content.Info(size: size))
        return MatrixEvent(type: "m.room.message", sender: sender, content: content)
    }

    /// A room's name.
    public static func roomName(_ name: String, by sender: String) -> MatrixEvent {
        MatrixEvent(type: "m.room.name", sender: sender, stateKey: "", content: Content(name: name))
    }

    /// `user`'s membership in a room: `join`, `invite`, `leave`, `ban`.
    public static func member(
        _ user: String, _ membership: String, by sender: String? = nil, displayname: String? = nil,
        isDirect: Bool? = nil
    ) -> MatrixEvent {
        MatrixEvent(
            type: "m.room.member", sender: sender ?? user, stateKey: user,
            content: Content(membership: membership, displayname: displayname, isDirect: isDirect))
    }
}
