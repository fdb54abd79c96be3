import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// `room add habit Dishes 10 xp rotate`, `room add bad habit Takeout`: a habit anyone in the room can record.
struct RoomAddHabit: RoomCommand {
    static let good = Spec(
        "room add habit", usage: HabitDraftParser.usage(.good, room: true),
        summary: "a shared habit anyone in the room can record (its XP also goes to their own area of that name)",
        examples: ["room add habit Dishes 10 xp", "room add habit Dishes 10 xp in Home", "room add habit Dishes every day rotate", "room add habit Bins on mon thu rotate"],
        triggers: [["room", "add", "habit"], ["room", "add", "good", "habit"]]
    ) { rest in RoomAddHabit(try HabitDraftParser.parse(rest, kind: .good, room: true)) }

    static let bad = Spec(
        "room add bad habit", usage: HabitDraftParser.usage(.bad, room: true), summary: "a shared bad habit",
        examples: ["room add bad habit Takeout 20 life"], triggers: [["room", "add", "bad", "habit"]]
    ) { rest in RoomAddHabit(try HabitDraftParser.parse(rest, kind: .bad, room: true)) }

    let draft: HabitDraft

    init(_ draft: HabitDraft) {
        self.draft = draft
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account) = (try await context.currentRoom(), try context.account)
        return try await context.households.addHabit(draft, to: room, by: account, now: context.now)
    }
}

/// `room delete habit Dishes`: the owner only; asks first. `yes` deletes the habit asked about from the room the
/// question was about, whichever room is current by then.
struct RoomDeleteHabit: RoomCommand {
    static let spec = Spec(
        "room delete habit", usage: "room delete habit <name>",
        summary: "delete a shared habit for good (owner only; asks for 'yes' first); its past entries stay",
        examples: ["room delete habit Dishes"], triggers: [["room", "delete", "habit"], ["room", "delete", "bad", "habit"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("room delete habit <name>", "Which shared habit?") }
        return RoomDeleteHabit(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (account, households) = (try context.account, context.households)
        if case .sharedHabit(let habit, let asked)? = context.confirmed {
            guard let room = try await households.rooms(of: account.id).first(where: { $0.id == asked.id }) else {
                throw HabitatError(.forbidden, "You're no longer in \(asked.displayName), so nothing was deleted.")
            }
            return try await households.deleteHabit(habit, from: room, by: account, now: context.now)
        }
        let room = try await context.currentRoom()
        let habit = try await households.habitToDelete(name, in: room, by: account)
        context.session.pendingDelete = .sharedHabit(habit, room: room)
        return Reply(
            .ask,
            "Delete \(habit.name) from \(room.displayName) for good? Past entries stay in the room's log and in everyone's history. "
                + "Type 'yes' to confirm; anything else cancels.")
    }
}

/// `room did dishes`: the room's shared habit, even when the user has a habit of the same name.
struct RoomDid: RoomCommand {
    static let spec = Spec(
        "room did", usage: RecordingParser.roomUsage, summary: "record the room's shared habit (when you have one of the same name)",
        examples: ["room did dishes", "room did dishes yesterday"], triggers: [["room", "did"], ["room", "done"]]
    ) { _, rest, line in RoomDid(try RecordingParser.parse(rest, line: line, usage: RecordingParser.roomUsage)) }

    let recording: Recording

    init(_ recording: Recording) {
        self.recording = recording
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (room, account, now, households, recording) = (try await context.currentRoom(), try context.account, context.now, context.households, recording)
        let habit: SharedHabit
        do {
            habit = try await households.requireSharedHabit(recording.habit, in: room)
        } catch {
            // `room did dishes tomorrow`: the option is at fault, not the name.
            throw Pipeline.explained(error, recording)
        }
        return try await context.users.with(account.fileID) {
            try await households.record(habit, in: room, recording: recording, for: account, on: $0, now: now)
        }
    }
}
