import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// `room status`, `room`: members, today's shared habits and the week's leaderboard.
struct RoomStatus: RoomCommand {
    static let spec = Spec(
        "room status", usage: "room status", summary: "members, today's shared habits and the week's leaderboard",
        examples: ["room status", "room"], triggers: [["room", "status"], ["room"]]
    ) { rest in
        // `room` alone is the status; `room` and a word that is no room command is not understood.
        guard rest.isEmpty else { throw NotACommand([Token("room")] + rest) }
        return RoomStatus()
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return try await context.households.status(of: room, today: today)
    }
}

/// `room log`: the room's recent activity.
struct RoomLog: RoomCommand {
    static let spec = Spec("room log", summary: "the room's recent activity", triggers: [["room", "log"]], command: RoomLog())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, state, _) = try await context.currentRoomAndDay()
        return try await context.households.log(of: room, settings: state.settings)
    }
}

/// `room today`: each chore, due or not, whose turn it is, and who did it.
struct RoomToday: RoomCommand {
    static let spec = Spec(
        "room today", summary: "the room's chores today: which are due, whose turn each is, and who did it",
        triggers: [["room", "today"]], command: RoomToday())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return try await context.households.chores(of: room, today: today)
    }
}

/// `room fairness`: each member's share of chores this week, and who is due next.
struct RoomFairness: RoomCommand {
    static let spec = Spec(
        "room fairness", summary: "each member's share of chores this week, and who is due next",
        triggers: [["room", "fairness"], ["room", "fair"]], command: RoomFairness())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return try await context.households.fairness(of: room, today: today)
    }
}
