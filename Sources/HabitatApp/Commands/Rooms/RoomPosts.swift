import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// `room report`: the week so far (`room report more`: what a channel's ten lines left out); `room report on sunday at 19:00`, `room report off`: when the room hears it.
struct RoomReport: RoomCommand {
    static let spec = Spec(
        "room report", usage: "room report [more | on <weekday> at <time> | off]",
        summary: "the room's week so far; the owner sets a day and time to post it to everyone",
        examples: ["room report", "room report on sunday at 19:00", "room report off", "room report more"], triggers: [["room", "report"]]
    ) { _, rest, _ in
        if rest.map(\.lower) == ["more"] { return RoomReport(more: true) }
        switch try ReminderParser.roomReport(rest) {
        case nil: return RoomReport()
        case .off: return RoomStopPosts([.report])
        case .at(let weekday, let minute): return RoomSchedulePost(.report, weekday: weekday, minute: minute)
        }
    }

    /// What a channel's ten lines left out.
    var more = false

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, _, today) = try await context.currentRoomAndDay()
        return RoomView.said(try await context.households.report(of: room, today: today), by: "room report", more: more)
    }
}

/// `room remind at 8:00`, `room remind off`: each day at that time, the room hears the chores due.
struct RoomRemind {
    static let spec = Spec(
        "room remind", usage: "room remind at <time> | room remind off",
        summary: "the owner: each day at that time, the room hears the chores due and whose turn each is",
        examples: ["room remind at 8:00", "room remind off"], triggers: [["room", "remind"], ["room", "remind", "us"]]
    ) { rest in
        switch try ReminderParser.roomRemind(rest) {
        case .off: RoomStopPosts([.chores])
        case .at(let weekday, let minute): RoomSchedulePost(.chores, weekday: weekday, minute: minute)
        }
    }
}

/// What the room posts on its own, and when: the day's chores, or the week's report (owner only).
struct RoomSchedulePost: RoomCommand {
    let kind: RoomPost.Kind
    /// 0 Monday … 6 Sunday, for the report; `nil` every day.
    let weekday: Int?
    let minute: Int

    init(_ kind: RoomPost.Kind, weekday: Int?, minute: Int) {
        (self.kind, self.weekday, self.minute) = (kind, weekday, minute)
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, state, _) = try await context.currentRoomAndDay()
        let account = try context.account
        try await context.households.household(room).requireOwner(account.id, to: "set when the room hears from me")
        var post = RoomPost(
            id: 0, roomID: room.id, kind: kind, minute: minute, weekday: weekday, timeZone: state.settings.timeZone,
            dayStartHour: state.settings.dayStartHour)
        post = try await context.directory.setRoomPost(post, due: post.next(after: context.now))
        let time = GameState.clock(minute)
        switch kind {
        case .chores:
            return Reply(.room, "Each day at \(time) (\(post.timeZone)), \(room.displayName) hears the chores due and whose turn each is.")
        case .report:
            return Reply(.room, "\(RoomPost.weekdays[weekday ?? 6])s at \(time) (\(post.timeZone)), \(room.displayName) hears the week's report.")
        }
    }
}

/// `room reminders`: what the room posts on its own, and when.
struct RoomPosts: RoomCommand {
    static let spec = Spec("room reminders", summary: "what the room posts on its own, and when", triggers: [["room", "reminders"]], command: RoomPosts())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let room = try await context.currentRoom()
        return Views.roomPosts(try await context.directory.roomPosts(of: room.id), of: room)
    }
}

/// `room no more reminders`, `room remind off`, `room report off`: the owner stops what the room hears on its own.
struct RoomStopPosts: RoomCommand {
    static let spec = Spec(
        "room no more reminders", summary: "the owner: the room posts nothing on its own any more",
        triggers: [["room", "no", "more", "reminders"], ["room", "stop", "reminders"]], command: RoomStopPosts([.chores, .report]))

    let kinds: [RoomPost.Kind]

    init(_ kinds: [RoomPost.Kind]) {
        self.kinds = kinds
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account) = (try await context.currentRoom(), try context.account)
        try await context.households.household(room).requireOwner(account.id, to: "change when the room hears from me")
        let removed = try await context.directory.removeRoomPosts(of: room.id, kinds: kinds)
        guard removed > 0 else { return Reply(.info, "\(room.displayName) had no such reminder; 'room reminders' lists them.") }
        return Reply(
            .room,
            kinds == [.report]
                ? "No more weekly reports in \(room.displayName)."
                : kinds == [.chores] ? "No more daily chores posts in \(room.displayName)." : "\(room.displayName) hears nothing from me on its own any more.")
    }
}
