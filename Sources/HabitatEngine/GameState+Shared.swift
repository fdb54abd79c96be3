import Foundation

/// A shared habit of a household room, recorded by one member: `did dishes` in the Smiths' room.
public struct SharedRecording: Sendable, Equatable {
    public var habit: String
    public var kind: HabitKind
    public var xp: Int
    public var coins: Int
    public var life: Int
    public var room: String
    /// The area it counts for, matched by name among this player's own areas.
    public var area: String?
    /// Names the entry in the room's log; written into the member's own ledger entry.
    public var token: String
    public var times: Int
    public var note: String?
    /// Said as a slip (`slipped takeout`): only a bad habit can be recorded so.
    public var slipped: Bool
    /// Which day it counts for (`did dishes yesterday`), as for a habit of the player's own.
    public var when: Recording.When
    /// Minutes after midnight (`at 18:30`).
    public var timeOfDay: Int?

    public init(
        habit: String, kind: HabitKind, xp: Int, coins: Int, life: Int, room: String, token: String, times: Int = 1,
        note: String? = nil, area: String? = nil, slipped: Bool = false, when: Recording.When = .today, timeOfDay: Int? = nil
    ) {
        self.when = when
        self.timeOfDay = timeOfDay
        self.slipped = slipped
        self.area = area
        self.habit = habit
        self.kind = kind
        self.xp = xp
        self.coins = coins
        self.life = life
        self.room = room
        self.token = token
        self.times = times
        self.note = note
    }
}

extension GameState {
    /// Credits a shared habit to this player: XP and coins, or life, with the usual level-ups and game over.
    mutating func recordShared(_ shared: SharedRecording, at now: Date) throws -> Outcome {
        if shared.slipped { try Self.refuseSlip(of: shared.habit, kind: shared.kind) }
        let area = shared.area.flatMap { name in areas.first { $0.name.isSameName(as: name) } }
        let day = try self.day(for: Recording(habit: shared.habit, when: shared.when, timeOfDay: shared.timeOfDay), at: now)
        var before = snapshot()
        if let area, let id = area.id { before.areas = [.init(id: id, progress: area.progress)] }
        var entry = LedgerEntry(
            at: now, day: day, kind: shared.kind == .good ? .completion : .slip, subject: shared.habit,
            quantity: Quantity(shared.times), note: shared.note, timeOfDay: shared.timeOfDay, before: before, roomToken: shared.token)
        let toasts = try score(
            shared.habit, kind: shared.kind, xp: shared.xp, coins: shared.coins, life: shared.life, times: shared.times,
            area: area?.id, room: shared.room, entry: &entry)
        return Outcome(toasts: toasts, entry: entry)
    }
}
