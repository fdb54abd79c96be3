import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// `room …`, `did` in rooms, and what a chat user's channel makes them: a member of its room.
extension Pipeline {
    /// A room command; `confirmed` is the `room delete habit` a `yes` just confirmed.
    func room(
        _ command: RoomCommand, session: inout Session, account: Account, now: Date, confirmed: PendingDelete? = nil
    ) async throws -> Reply {
        switch command {
        case .create(let name):
            let (reply, room) = try await households.create(name, by: account, now: now)
            session.room = room.id
            return reply
        case .join(let name, let code):
            let (reply, room) = try await households.join(name, code: code, by: account, now: now)
            session.room = room.id
            return reply
        case .use(let name):
            let room = try await households.memberRoom(named: name, for: account)
            session.room = room.id
            // A chat user has no connection of their own: what they say in a channel goes to its room anyway.
            return Reply(
                .room, session.chatUser == nil
                    ? "Room commands on this connection now go to \(room.displayName)."
                    : "Your room commands go to \(room.displayName) now; said in a channel, they go to its room.")
        case .leave(let name):
            let room: Room
            if let name {
                room = try await households.memberRoom(named: name, for: account)
            } else {
                room = try await households.requireRoom(of: account, chosen: session.room)
            }
            if session.room == room.id { session.room = nil }
            return try await households.leave(room, by: account, now: now)
        case .deleteHabit(let name):
            return try await deleteSharedHabit(name, session: &session, account: account, now: now, confirmed: confirmed)
        default:
            break
        }
        let room = try await households.requireRoom(of: account, chosen: session.room)
        let state = try await users.with(account.fileID) { try await $0.state() }
        let today = state.settings.day(of: now)
        switch command {
        case .invite: return try await households.invite(to: room, by: account, now: now)
        case .kick(let name): return try await households.kick(name, from: room, by: account, now: now)
        case .addHabit(let draft): return try await households.addHabit(draft, to: room, by: account, now: now)
        case .status: return try await households.status(of: room, today: today)
        case .log: return try await households.log(of: room, settings: state.settings)
        case .fairness: return try await households.fairness(of: room, today: today)
        case .today: return try await households.chores(of: room, today: today)
        case .report: return try await households.report(of: room, today: today)
        case .posts: return Views.roomPosts(try await directory.roomPosts(of: room.id), of: room)
        case .post(let kind, let weekday, let minute):
            try await households.household(room).requireOwner(account.id, to: "set when the room hears from me")
            var post = RoomPost(
                id: 0, roomID: room.id, kind: kind, minute: minute, weekday: weekday, timeZone: state.settings.timeZone,
                dayStartHour: state.settings.dayStartHour)
            post = try await directory.setRoomPost(post, due: post.next(after: now))
            let time = GameState.clock(minute)
            switch kind {
            case .chores:
                return Reply(.room, "Each day at \(time) (\(post.timeZone)), \(room.displayName) hears the chores due and whose turn each is.")
            case .report:
                return Reply(.room, "\(RoomPost.weekdays[weekday ?? 6])s at \(time) (\(post.timeZone)), \(room.displayName) hears the week's report.")
            }
        case .stopPosts(let kinds):
            try await households.household(room).requireOwner(account.id, to: "change when the room hears from me")
            let removed = try await directory.removeRoomPosts(of: room.id, kinds: kinds)
            guard removed > 0 else { return Reply(.info, "\(room.displayName) had no such reminder; 'room reminders' lists them.") }
            return Reply(.room, kinds == [.report] ? "No more weekly reports in \(room.displayName)." : kinds == [.chores] ? "No more daily chores posts in \(room.displayName)." : "\(room.displayName) hears nothing from me on its own any more.")
        case .record(let recording):
            let habit: SharedHabit
            do {
                habit = try await households.requireSharedHabit(recording.habit, in: room)
            } catch {
                // `room did dishes tomorrow`: the option is at fault, not the name.
                throw Self.explained(error, recording)
            }
            return try await users.with(account.fileID) {
                try await households.record(habit, in: room, recording: recording, for: account, on: $0, now: now)
            }
        case .create, .join, .use, .leave, .deleteHabit: throw HabitatError(.internal, "Unhandled room command.")
        }
    }

    /// `did <habit>` of a user in rooms (``Plan/record(_:)``): a shared habit of the current room, else their own
    /// habit or routine; when both match, `ambiguous`, saying how to choose (`did my …` or `room did …`).
    func record(_ recording: Recording, session: Session, account: Account, now: Date) async throws -> Reply {
        try await users.with(account.fileID) { database in
            if !session.roomless {
                if let room = try await households.currentRoom(of: account, chosen: session.room) {
                    if case .found(let shared) = try await households.sharedHabit(of: recording, in: room) {
                        return try await recordShared(shared, in: room, recording: recording, for: account, on: database, now: now)
                    }
                } else {
                    try await refuseUnchosenRoom(recording, account: account, on: database)
                }
            }
            let (outcome, state) = try await database.apply(.record(recording), at: now)
            return Views.outcome(outcome, state)
        }
    }

    /// A room's habit, unless the user has a habit or routine of the same name (then they must say which).
    ///
    /// Not inlined, so the personal `did` does not carry this path's locals in its task's stack.
    @inline(never)
    func recordShared(
        _ shared: SharedHabit, in room: Room, recording: Recording, for account: Account, on database: UserDatabase, now: Date
    ) async throws -> Reply {
        let state = try await database.state()
        if let personal = (try? state.recorded(recording))?.name {
            throw HabitatError(
                .ambiguous,
                "'\(recording.habit)' is both your own \(personal) and the \(room.displayName) room's \(shared.name). Say 'did my \(recording.habit)' or 'room did \(recording.habit)'.",
                symbol: .question)
        }
        return try await households.record(shared, in: room, recording: recording, for: account, on: database, now: now)
    }

    /// Makes the room of the channel a chat user speaks in their current room. Speaking there makes them a
    /// member, unless they left it or were removed: then what they say there is about no room, a room
    /// command said there about this room (`room status`, `room use #smiths`; not `room leave`) makes someone
    /// who left a member again, and someone removed is refused until they join with a new invite code.
    /// Someone the channel's room can't take (it is full, or they are in as many rooms as one can be) is not made a
    /// member either: what they say there is about no room, and a room command said there about this room is told
    /// why (`limit_reached`). Returns the channel's room, if the speaker is in it or it was there to enter.
    func enterChannel(_ name: String, text: String, account: Account, session: inout Session, now: Date) async throws -> Room? {
        let room: Room
        let presence: ChannelPresence
        do {
            (room, presence) = try await directory.channelRoom(name, speaker: account.id, at: now)
        } catch let error as HabitatError where error.code == .limitReached {
            // There may be no room yet: its first speaker was in as many rooms as one can be.
            let existing = try await directory.room(named: name)
            guard Self.roomCommand(text, about: { existing?.isNamed($0) ?? false }) != nil else {
                session.roomless = true
                return nil
            }
            throw error
        }
        guard case .departed(let departure) = presence else {
            if presence == .joined { households.forget([account.id]) }
            session.room = room.id
            return room
        }
        guard let command = Self.roomCommand(text, about: room.isNamed) else {
            session.roomless = true
            return room
        }
        let removed = HabitatError(
            .forbidden,
            "You were removed from \(room.displayName). To come back, ask its owner for an invite code and say 'room join \(room.displayName) <code>'.")
        switch command {
        case .leave:
            throw departure == .removed ? removed : HabitatError(.forbidden, "You already left \(room.displayName).")
        default:
            if departure == .removed { throw removed }
            try await directory.rejoin(account.id, room: room.id, at: now)
            households.forget([account.id])
            session.room = room.id
            let name = try await households.shownName(of: account, in: room)
            // Said in the channel: the channel sees them speak; the room's other members hear it.
            await Households.$spokenIn.withValue(room.id) {
                await households.announce("\(name) joined \(room.displayName)", in: room, except: [account.id], at: now)
            }
            return room
        }
    }

    /// The room command `text` is, if it is about the channel's room (`isChannelRoom` tells its names): any but
    /// `room join`, `room create`, and `room use` or `room leave` naming another room.
    static func roomCommand(_ text: String, about isChannelRoom: (String) -> Bool) -> RoomCommand? {
        guard case .room(let command)? = try? CommandTable.parse(text) else { return nil }
        switch command {
        case .join, .create: return nil
        case .use(let name), .leave(.some(let name)): return isChannelRoom(name) ? command : nil
        default: return command
        }
    }

    /// `room delete habit`: the room's owner is asked first, about the current room; `yes` (`confirmed`) deletes
    /// the habit asked about from the room the question was about, whichever room is current by then.
    func deleteSharedHabit(
        _ name: String, session: inout Session, account: Account, now: Date, confirmed: PendingDelete?
    ) async throws -> Reply {
        if case .sharedHabit(let habit, let asked)? = confirmed {
            guard let room = try await households.rooms(of: account.id).first(where: { $0.id == asked.id }) else {
                throw HabitatError(.forbidden, "You're no longer in \(asked.displayName), so nothing was deleted.")
            }
            return try await households.deleteHabit(habit, from: room, by: account, now: now)
        }
        let room = try await households.requireRoom(of: account, chosen: session.room)
        let habit = try await households.habitToDelete(name, in: room, by: account)
        session.pendingDelete = .sharedHabit(habit, room: room)
        return Reply(
            .ask,
            "Delete \(habit.name) from \(room.displayName) for good? Past entries stay in the room's log and in everyone's history. "
                + "Type 'yes' to confirm; anything else cancels.")
    }

    /// `did <habit>` in several rooms with none chosen: a name that is a shared habit in some of them is
    /// `ambiguous`, saying which rooms have it and how to choose.
    ///
    /// Not inlined, so the personal `did` does not carry this path's locals in its task's stack.
    @inline(never)
    func refuseUnchosenRoom(_ recording: Recording, account: Account, on database: UserDatabase) async throws {
        let rooms = try await households.rooms(of: account.id)
        guard rooms.count > 1 else { return }
        var sharing: [Room] = []
        for room in rooms {
            if case .found = try await households.sharedHabit(of: recording, in: room) { sharing.append(room) }
        }
        guard let first = sharing.first else { return }
        let state = try await database.state()
        let personal = (try? state.recorded(recording))?.name
        let shared = "a shared habit in \(GameState.series(sharing.map(\.displayName), "and"))"
        let use = "'room use \(first.displayName.lowercased())'"
        let message =
            personal.map { "'\(recording.habit)' is both your own \($0) and \(shared). Say 'did my \(recording.habit)', or choose a room first with \(use)." }
            ?? "'\(recording.habit)' is \(shared); you're in \(rooms.count) rooms. Choose one first with \(use), then 'did \(recording.habit)'."
        throw HabitatError(.ambiguous, message, symbol: .question)
    }
}
