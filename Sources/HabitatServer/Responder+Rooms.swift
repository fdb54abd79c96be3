import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

extension Responder {
    /// The `room` of a bridge request, if it has one: a string of 1–64 characters, no control characters,
    /// and no `:` (which would make it look like another bridge's channel).
    static func checkChannel(_ channel: String?, notAString: Bool) throws {
        guard !notAString else {
            throw HabitatError(.invalidArgument, #"A bridge request's "room" is the channel's name, a string."#)
        }
        guard let channel else { return }
        if channel.containsControlCharacters {
            throw HabitatError(.invalidArgument, "A room (channel) name can't contain control characters.")
        }
        guard (1...64).contains(channel.count) else {
            throw HabitatError(.invalidArgument, "A room (channel) name is 1–64 characters.")
        }
        guard !channel.contains(":") else {
            throw HabitatError(.invalidArgument, "A room (channel) name can't contain ':'.")
        }
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
            if presence == .joined { household.forget([account.id]) }
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
            household.forget([account.id])
            session.room = room.id
            let name = try await household.shownName(of: account, in: room)
            // Said in the channel: the channel sees them speak; the room's other members hear it.
            await Household.$spokenIn.withValue(room.id) {
                await household.announce("\(name) joined \(room.displayName)", in: room, except: [account.id], at: now)
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
            guard let room = try await household.rooms(of: account.id).first(where: { $0.id == asked.id }) else {
                throw HabitatError(.forbidden, "You're no longer in \(asked.displayName), so nothing was deleted.")
            }
            return try await household.deleteHabit(habit, from: room, by: account, now: now)
        }
        let room = try await household.requireRoom(of: account, chosen: session.room)
        let habit = try await household.habitToDelete(name, in: room, by: account)
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
        let rooms = try await household.rooms(of: account.id)
        guard rooms.count > 1 else { return }
        var sharing: [Room] = []
        for room in rooms {
            if case .found = try await household.sharedHabit(recording.habit, in: room) { sharing.append(room) }
        }
        guard let first = sharing.first else { return }
        let state = try await database.state()
        let routine = (try? state.routine(recording: recording.habit)) ?? nil
        let personal = routine?.name ?? (try? state.habit(named: recording.habit))?.name
        let shared = "a shared habit in \(GameState.series(sharing.map(\.displayName), "and"))"
        let use = "'room use \(first.displayName.lowercased())'"
        let message =
            personal.map { "'\(recording.habit)' is both your own \($0) and \(shared). Say 'did my \(recording.habit)', or choose a room first with \(use)." }
            ?? "'\(recording.habit)' is \(shared); you're in \(rooms.count) rooms. Choose one first with \(use), then 'did \(recording.habit)'."
        throw HabitatError(.ambiguous, message, symbol: .question)
    }
}
