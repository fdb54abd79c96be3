import Foundation
import HabitatEngine

/// A habit the whole room shares; whoever does it is credited.
public struct SharedHabit: Sendable, Equatable {
    public var id: Int64
    public var roomID: Int64
    public var name: String
    public var kind: HabitKind
    public var xp: Int
    public var coins: Int
    public var life: Int
    /// The area it counts for in each member's own areas (by name).
    public var area: String?
    /// Every day unless said otherwise: on some weekdays, or N times a week.
    public var schedule: Schedule
    /// Whether the members take turns at it (`rotate`): on each day it is due, one of them has the turn.
    public var rotates: Bool

    public init(
        id: Int64, roomID: Int64, name: String, kind: HabitKind, xp: Int, coins: Int, life: Int, area: String? = nil,
        schedule: Schedule = .daily, rotates: Bool = false
    ) {
        (self.id, self.roomID, self.name, self.kind, self.xp, self.coins, self.life) = (id, roomID, name, kind, xp, coins, life)
        self.area = area
        self.schedule = schedule
        self.rotates = rotates
    }

    /// The shared habit a (``checked(_:)``) draft makes, not yet saved (`id` 0): a good habit's XP and coins, or a bad
    /// one's cost in life, as the draft says or as a habit of one's own would have them.
    public init(draft: HabitDraft, roomID: Int64) {
        let good = draft.kind == .good
        self.init(
            id: 0, roomID: roomID, name: draft.name, kind: draft.kind, xp: good ? draft.xp ?? Habit.defaultXP : 0,
            coins: good ? draft.coins ?? Habit.defaultCoins : 0, life: good ? 0 : draft.life ?? Habit.defaultLife, area: draft.area,
            schedule: draft.schedule ?? .daily, rotates: draft.rotates)
    }

    /// A draft for a room checked as a habit of one's own is (``GameState/checked(_:)``); its area is every member's
    /// own, by name, so it follows an area's name rules too.
    public static func checked(_ draft: HabitDraft) throws -> HabitDraft {
        var draft = try GameState.checked(draft)
        switch draft.schedule {
        case nil, .daily?, .weekdays?, .quota(_, .week)?: break
        case let schedule?:
            throw HabitatError(
                .invalidArgument,
                "A shared habit is done every day, on some weekdays ('on mon thu') or N times a week; '\(schedule.words)' isn't one of those yet.")
        }
        if draft.rotates, draft.kind == .bad {
            throw HabitatError(.invalidArgument, "Only a chore takes turns: a shared bad habit is everyone's to avoid.")
        }
        draft.area = try draft.area.map(GameState.validAreaName)
        return draft
    }

    /// Refuses a second shared habit of `name` in a room.
    public static func nameTaken(_ name: String) -> HabitatError {
        HabitatError(.nameTaken, "The room already has a habit called \(name).")
    }

    /// The shared habit `query` names among `habits` of `room` (exact name or unique prefix); `ambiguous` or
    /// `unknown_habit` (with a suggestion) otherwise.
    public static func named(_ query: String, among habits: [SharedHabit], in room: Room) throws -> SharedHabit {
        switch NameMatch.resolve(query, among: habits, name: \.name) {
        case .found(let habit):
            return habit
        case .ambiguous(let hits):
            throw HabitatError(
                .ambiguous, "'\(query)' could be \(GameState.either(hits.map(\.name))) in \(room.displayName). Type more of the name.",
                symbol: .question)
        case .none(let suggestion):
            let hint = suggestion.map { " Did you mean '\($0.name)'?" } ?? ""
            throw HabitatError(.unknownHabit, "\(room.displayName) has no shared habit '\(query)'.\(hint)", symbol: .question)
        }
    }

    /// What a member's `recording` of this habit in `room` records in their own game: the habit's terms, the room's
    /// name, and the `token` that ties their ledger entry to the room's log line.
    public func recording(_ recording: Recording, in room: Room, token: String) -> SharedRecording {
        SharedRecording(
            habit: name, kind: kind, xp: xp, coins: coins, life: life, room: room.displayName, token: token, times: recording.times,
            note: recording.note, area: area, slipped: recording.slipped, when: recording.when, timeOfDay: recording.timeOfDay)
    }
}
