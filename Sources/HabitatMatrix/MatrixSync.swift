/// The part of a `/sync` answer the bridge reads: where to go on from, rooms joined (their members and new
/// messages), rooms it is invited to, and rooms it has left.
public struct MatrixSync: Sendable, Equatable, Decodable {
    public struct Events: Sendable, Equatable, Decodable {
        public var events: [MatrixEvent]
        public init(_ events: [MatrixEvent]) { self.events = events }
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // An event the bridge can't read (no sender, say) is left out rather than failing the whole sync.
            let lenient = try container.decodeIfPresent([Lenient].self, forKey: .events) ?? []
            events = lenient.compactMap(\.event)
        }
        private enum CodingKeys: String, CodingKey { case events }
        private struct Lenient: Decodable {
            var event: MatrixEvent?
            init(from decoder: any Decoder) throws { event = try? MatrixEvent(from: decoder) }
        }
    }

    public struct JoinedRoom: Sendable, Equatable, Decodable {
        public var state: Events?
        public var timeline: Events?
        public init(state: [MatrixEvent] = [], timeline: [MatrixEvent]) {
            self.state = Events(state)
            self.timeline = Events(timeline)
        }
    }

    public struct InvitedRoom: Sendable, Equatable, Decodable {
        public var inviteState: Events?
        private enum CodingKeys: String, CodingKey { case inviteState = "invite_state" }
        public init(_ events: [MatrixEvent]) { inviteState = Events(events) }
    }

    public struct Rooms: Sendable, Equatable, Decodable {
        public var join: [String: JoinedRoom]?
        public var invite: [String: InvitedRoom]?
        public var leave: [String: JoinedRoom]?
        public init(
            join: [String: JoinedRoom]? = nil, invite: [String: InvitedRoom]? = nil, leave: [String: JoinedRoom]? = nil
        ) {
            self.join = join
            self.invite = invite
            self.leave = leave
        }
    }

    public var nextBatch: String
    public var rooms: Rooms?

    private enum CodingKeys: String, CodingKey {
        case nextBatch = "next_batch"
        case rooms
    }

    public init(nextBatch: String, rooms: Rooms? = nil) {
        self.nextBatch = nextBatch
        self.rooms = rooms
    }
}
