import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// `rooms`: the household rooms the user is in.
struct ListRooms: PersonalView {
    static let spec = Spec("rooms", summary: "the household rooms you're in", triggers: Spec.asked("rooms"), command: ListRooms())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let account = try context.account
        let current = try await context.households.currentRoom(of: account, chosen: context.session.room)
        return try await context.households.list(for: account, current: current)
    }
}

/// `room create Smiths`: a new room, its creator its owner, with an invite code.
struct RoomCreate: RoomCommand {
    static let spec = Spec(
        "room create", usage: "room create <name>", summary: "start a household room; you get an invite code",
        examples: ["room create Smiths"], triggers: [["room", "create"], ["create", "room"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("room create <name>", "Name the room.") }
        return RoomCreate(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (reply, room) = try await context.households.create(name, by: try context.account, now: context.now)
        context.session.room = room.id
        return reply
    }
}

/// `room invite`: a new single-use invite code.
struct RoomInvite: RoomCommand {
    static let spec = Spec(
        "room invite", summary: "a new single-use invite code for your room (valid 7 days)", triggers: [["room", "invite"]],
        command: RoomInvite())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account) = (try await context.currentRoom(), try context.account)
        return try await context.households.invite(to: room, by: account, now: context.now)
    }
}

/// `room join smiths K7P-2QX`.
struct RoomJoin: RoomCommand {
    static let spec = Spec(
        "room join", usage: "room join <name> <code>", summary: "join a room with an invite code",
        examples: ["room join smiths K7P-2QX"], triggers: [["room", "join"], ["join", "room"]], verbatim: true
    ) { rest in
        guard rest.count >= 2, let code = rest.last else { throw HabitatError.usage("room join <name> <code>") }
        return RoomJoin(name: rest.dropLast().phrase, code: code.text)
    }

    let name: String
    let code: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (reply, room) = try await context.households.join(name, code: code, by: try context.account, now: context.now)
        context.session.room = room.id
        return reply
    }
}

/// `room leave`, `room leave Smiths`.
struct RoomLeave: RoomCommand {
    static let spec = Spec(
        "room leave", usage: "room leave [name]", summary: "leave your room",
        examples: ["room leave", "room leave Smiths"], triggers: [["room", "leave"], ["leave", "room"]]
    ) { rest in RoomLeave(name: rest.isEmpty ? nil : rest.phrase) }

    /// `nil`: the current room.
    let name: String?

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let account = try context.account
        let room: Room
        if let name {
            room = try await context.households.memberRoom(named: name, for: account)
        } else {
            room = try await context.currentRoom()
        }
        if context.session.room == room.id { context.session.room = nil }
        return try await context.households.leave(room, by: account, now: context.now)
    }
}

/// `room kick bob`: the owner removes someone.
struct RoomKick: RoomCommand {
    static let spec = Spec(
        "room kick", usage: "room kick <user>", summary: "remove someone from your room (owner only)",
        examples: ["room kick bob"], triggers: [["room", "kick"], ["room", "remove"]]
    ) { rest in
        guard rest.count == 1 else { throw HabitatError.usage("room kick <user>") }
        return RoomKick(name: rest[0].text)
    }

    let name: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account) = (try await context.currentRoom(), try context.account)
        return try await context.households.kick(name, from: room, by: account, now: context.now)
    }
}

/// `room use Smiths`: which room this connection's room commands are about.
struct RoomUse: RoomCommand {
    static let spec = Spec(
        "room use", usage: "room use <name>", summary: "choose which room this connection's room commands are about",
        examples: ["room use Smiths"], triggers: [["room", "use"], ["use", "room"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("room use <name>") }
        return RoomUse(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let room = try await context.households.memberRoom(named: name, for: try context.account)
        context.session.room = room.id
        // A chat user has no connection of their own: what they say in a channel goes to its room anyway.
        return Reply(
            .room, context.session.chatUser == nil
                ? "Room commands on this connection now go to \(room.displayName)."
                : "Your room commands go to \(room.displayName) now; said in a channel, they go to its room.")
    }
}

extension CommandContext {
    /// The room the user's room commands are about: the one chosen on this connection, or their only one.
    func currentRoom() async throws -> Room {
        try await households.requireRoom(of: try account, chosen: session.room)
    }

    /// The current room, the user's game, and their today.
    func currentRoomAndDay() async throws -> (room: Room, state: GameState, today: Day) {
        let room = try await currentRoom()
        let state = try await state()
        return (room, state, state.settings.day(of: now))
    }
}
