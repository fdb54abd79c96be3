import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// How a room view is said in a chat channel: at most ``lines`` lines, the rest behind `room … more`.
enum RoomView {
    /// The most lines of a room view said in a channel.
    static let lines = 10

    /// `reply`, the view `command` shows (`room status`): in a channel, cut to ``lines``; with `more`, what the cut
    /// left out (wherever it is asked).
    static func said(_ reply: Reply, by command: String, more: Bool) -> Reply {
        if more { return reply.rest(after: lines - 1, title: "The rest of '\(command)'") }
        return Households.spokenIn == nil ? reply : reply.cut(toLines: lines, more: command + " more")
    }

    /// `more` after a room view's words, or nothing; anything else is not understood as that command.
    static func more(_ rest: [Token], command: [String]) throws -> Bool {
        if rest.isEmpty { return false }
        guard rest.map(\.lower) == ["more"] else { throw NotACommand(command.map { Token($0) } + rest) }
        return true
    }
}

/// `room status`, `room`: members, today's shared habits and the week's leaderboard.
struct RoomStatus: RoomCommand {
    static let spec = Spec(
        "room status", usage: "room status [more]", summary: "members, today's shared habits and the week's leaderboard",
        examples: ["room status", "room", "room status more"], triggers: [["room", "status"], ["room"]]
    ) { trigger, rest, _ in
        // `room` alone is the status; `room` and a word that is no room command is not understood.
        RoomStatus(more: try RoomView.more(rest, command: trigger))
    }

    /// What a channel's ten lines left out.
    var more = false

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return RoomView.said(try await context.households.status(of: room, today: today), by: "room status", more: more)
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
        "room today", usage: "room today [more]", summary: "the room's chores today: which are due, whose turn each is, and who did it",
        examples: ["room today", "room today more"], triggers: [["room", "today"]]
    ) { trigger, rest, _ in RoomToday(more: try RoomView.more(rest, command: trigger)) }

    /// What a channel's ten lines left out.
    var more = false

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return RoomView.said(try await context.households.chores(of: room, today: today), by: "room today", more: more)
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
