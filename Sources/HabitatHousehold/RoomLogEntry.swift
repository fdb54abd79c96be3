import Foundation
import HabitatEngine

/// One line of a room's log.
public struct RoomLogEntry: Sendable, Equatable {
    public var habitID: Int64
    public var habit: String
    public var kind: HabitKind
    public var accountID: Int64
    public var member: String
    public var at: Date
    public var day: Day
    public var quantity: Int
    public var xp: Int
    public var health: Int
    public var ref: String
    /// The item of the room's list this line is the getting of (``RoomTodo``); `nil` for a shared habit's.
    public var todoID: Int64?

    public init(
        habitID: Int64, habit: String, kind: HabitKind, accountID: Int64, member: String, at: Date, day: Day, quantity: Int,
        xp: Int, health: Int, ref: String, todoID: Int64? = nil
    ) {
        (self.habitID, self.habit, self.kind, self.accountID, self.member) = (habitID, habit, kind, accountID, member)
        (self.at, self.day, self.quantity, self.xp, self.health, self.ref) = (at, day, quantity, xp, health, ref)
        self.todoID = todoID
    }

    /// The room's log line of a member's ledger `entry` of `habit`; `shown` is how the member is shown in the room
    /// (kept for when they are no longer a member). A slip is logged at its cost, as the member's toast says it,
    /// even when it ended their game with less life left to lose (their ledger keeps what was lost, for undo).
    public init(_ entry: LedgerEntry, of habit: SharedHabit, by accountID: Int64, shown: String) {
        // A shared habit is counted in times, never in an amount.
        let times = entry.quantity.wholeOnesStarted
        let health = habit.kind == .bad ? min(entry.health, -habit.life * times) : entry.health
        self.init(
            habitID: habit.id, habit: habit.name, kind: habit.kind, accountID: accountID, member: shown, at: entry.at,
            day: entry.day, quantity: times, xp: entry.xp, health: health, ref: entry.roomToken ?? "")
    }
}
