import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// `room …`, `did` in rooms, and what a chat user's channel makes them: a member of its room.
extension Pipeline {
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
            do {
                let (outcome, state) = try await database.apply(.record(recording), at: now)
                return Views.outcome(outcome, state)
            } catch let error as HabitatError where error.code == .unknownHabit || error.code == .unknownTodo {
                // Nothing of their own by that name: an item of the room's list (`got milk`), when it names one.
                guard !session.roomless, let room = try await households.currentRoom(of: account, chosen: session.room),
                    let item = try await households.todo(doneBy: recording, in: room)
                else { throw error }
                return try await households.get(item, in: room, for: account, on: database, now: now)
            }
        }
    }

    /// A room's habit, unless the user has a habit or routine of the same name (then they must say which).
    ///
    /// Not inlined, so the personal `did` does not carry this path's locals in its task's stack.
    @inline(never)
    func recordShared(
        _ shared: SharedHabit, in room: Room, recording: Recording, for account: Account, on database: any UserGame, now: Date
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
        if command is RoomLeave {
            throw departure == .removed ? removed : HabitatError(.forbidden, "You already left \(room.displayName).")
        } else {
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
    static func roomCommand(_ text: String, about isChannelRoom: (String) -> Bool) -> (any HabitatCommand)? {
        guard let command = (try? Commands.parse(text)) ?? nil, command is any RoomCommand else { return nil }
        switch command {
        case is RoomJoin, is RoomCreate: return nil
        case let use as RoomUse: return isChannelRoom(use.name) ? command : nil
        case let leave as RoomLeave: return leave.name.map(isChannelRoom) ?? true ? command : nil
        default: return command
        }
    }

    /// `did <habit>` in several rooms with none chosen: a name that is a shared habit in some of them is
    /// `ambiguous`, saying which rooms have it and how to choose.
    ///
    /// Not inlined, so the personal `did` does not carry this path's locals in its task's stack.
    @inline(never)
    func refuseUnchosenRoom(_ recording: Recording, account: Account, on database: any UserGame) async throws {
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
