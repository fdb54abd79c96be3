import HabitatEngine

extension CommandTable {
    /// Household rooms: their members, shared habits, log, posts and fair shares.
    static let rooms: [CommandSpec] = [
        CommandSpec("rooms", summary: "the household rooms you're in", triggers: CommandSpec.asked("rooms"), command: .rooms),
        CommandSpec(
            "room create", usage: "room create <name>", summary: "start a household room; you get an invite code",
            examples: ["room create Smiths"], triggers: [["room", "create"], ["create", "room"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room create <name>", "Name the room.") }
            return .room(.create(rest.phrase))
        },
        CommandSpec("room invite", summary: "a new single-use invite code for your room (valid 7 days)", triggers: [["room", "invite"]], command: .room(.invite)),
        CommandSpec(
            "room join", usage: "room join <name> <code>", summary: "join a room with an invite code",
            examples: ["room join smiths K7P-2QX"], triggers: [["room", "join"], ["join", "room"]]
        ) { rest in
            guard rest.count >= 2 else { throw HabitatError.usage("room join <name> <code>") }
            return .room(.join(rest.dropLast().phrase, code: rest.last!.text))
        }.keptVerbatim(),
        CommandSpec(
            "room leave", usage: "room leave [name]", summary: "leave your room",
            examples: ["room leave", "room leave Smiths"], triggers: [["room", "leave"], ["leave", "room"]]
        ) { rest in .room(.leave(rest.isEmpty ? nil : rest.phrase)) },
        CommandSpec(
            "room kick", usage: "room kick <user>", summary: "remove someone from your room (owner only)",
            examples: ["room kick bob"], triggers: [["room", "kick"], ["room", "remove"]]
        ) { rest in
            guard rest.count == 1 else { throw HabitatError.usage("room kick <user>") }
            return .room(.kick(rest[0].text))
        },
        CommandSpec(
            "room use", usage: "room use <name>", summary: "choose which room this connection's room commands are about",
            examples: ["room use Smiths"], triggers: [["room", "use"], ["use", "room"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room use <name>") }
            return .room(.use(rest.phrase))
        },
        CommandSpec(
            "room add habit", usage: HabitDraftParser.usage(.good, room: true),
            summary: "a shared habit anyone in the room can record (its XP also goes to their own area of that name)",
            examples: ["room add habit Dishes 10 xp", "room add habit Dishes 10 xp in Home", "room add habit Dishes every day rotate", "room add habit Bins on mon thu rotate"],
            triggers: [["room", "add", "habit"], ["room", "add", "good", "habit"]]
        ) { rest in .room(.addHabit(try HabitDraftParser.parse(rest, kind: .good, room: true))) },
        CommandSpec(
            "room add bad habit", usage: HabitDraftParser.usage(.bad, room: true), summary: "a shared bad habit",
            examples: ["room add bad habit Takeout 20 life"], triggers: [["room", "add", "bad", "habit"]]
        ) { rest in .room(.addHabit(try HabitDraftParser.parse(rest, kind: .bad, room: true))) },
        CommandSpec(
            "room delete habit", usage: "room delete habit <name>",
            summary: "delete a shared habit for good (owner only; asks for 'yes' first); its past entries stay",
            examples: ["room delete habit Dishes"], triggers: [["room", "delete", "habit"], ["room", "delete", "bad", "habit"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room delete habit <name>", "Which shared habit?") }
            return .room(.deleteHabit(rest.phrase))
        },
        CommandSpec(
            "room did", usage: RecordingParser.roomUsage, summary: "record the room's shared habit (when you have one of the same name)",
            examples: ["room did dishes", "room did dishes yesterday"], triggers: [["room", "did"], ["room", "done"]], parseLine: { _, rest, line in
                let usage = RecordingParser.roomUsage
                guard case .record(let recording) = try RecordingParser.parse(rest, line: line, usage: usage) else { throw HabitatError.usage(usage) }
                return .room(.record(recording))
            }),
        CommandSpec(
            "room status", usage: "room status", summary: "members, today's shared habits and the week's leaderboard",
            examples: ["room status", "room"], triggers: [["room", "status"], ["room"]]
        ) { rest in
            // `room` alone is the status; `room` and a word that is no room command is not understood.
            guard rest.isEmpty else { throw unknown([Token("room")] + rest) }
            return .room(.status)
        },
        CommandSpec("room log", summary: "the room's recent activity", triggers: [["room", "log"]], command: .room(.log)),
        CommandSpec(
            "room today", summary: "the room's chores today: which are due, whose turn each is, and who did it",
            triggers: [["room", "today"]], command: .room(.today)),
        CommandSpec(
            "room report", usage: "room report [on <weekday> at <time> | off]",
            summary: "the room's week so far; the owner sets a day and time to post it to everyone",
            examples: ["room report", "room report on sunday at 19:00", "room report off"], triggers: [["room", "report"]],
            parse: ReminderParser.roomReport
        ),
        CommandSpec(
            "room remind", usage: "room remind at <time> | room remind off",
            summary: "the owner: each day at that time, the room hears the chores due and whose turn each is",
            examples: ["room remind at 8:00", "room remind off"], triggers: [["room", "remind"], ["room", "remind", "us"]],
            parse: ReminderParser.roomRemind
        ),
        CommandSpec("room reminders", summary: "what the room posts on its own, and when", triggers: [["room", "reminders"]], command: .room(.posts)),
        CommandSpec(
            "room no more reminders", summary: "the owner: the room posts nothing on its own any more",
            triggers: [["room", "no", "more", "reminders"], ["room", "stop", "reminders"]], command: .room(.stopPosts([.chores, .report]))),
        CommandSpec("room fairness", summary: "each member's share of chores this week, and who is due next", triggers: [["room", "fairness"], ["room", "fair"]], command: .room(.fairness)),
    ]
}
