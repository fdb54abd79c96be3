import Foundation
import HabitatEngine

// The parts of the storage contract that the server's own work stands on: the index of what is due (timers' ends, day
// ends, reminders, rooms' posts), the timers, and the events kept for users who were away. The SQLite directory
// (``DirectoryDatabase``) and the PostgreSQL store both keep them.

/// The index of what the server does on its own at a time: one entry for each kind and subject.
public protocol DueStore: Sendable {
    /// What is due by `now`, soonest first, at most `limit`.
    func due(at now: Date, limit: Int) async throws -> [DueEntry]
    /// Runs `body` with what is due by `now` (soonest first, at most `limit`) that no other server is firing, each
    /// held for this one until `body` returns: servers sharing the store fire each entry once between them. What
    /// `body` gets was read after it was held, so an entry another server fired and moved on meanwhile is not in it.
    /// A store only one server uses holds nothing (the default).
    func withDue<T: Sendable>(at now: Date, limit: Int, _ body: @Sendable ([DueEntry]) async throws -> T) async throws -> T
    /// What comes due after `position` (an entry, in the index's order of due time, kind and subject), or with no
    /// position after `start`, and by `horizon`, in that order, at most `limit`: a page of what is ahead, the next page
    /// read from the last entry of this one.
    func due(after position: DueEntry?, from start: Date, through horizon: Date, limit: Int) async throws -> [DueEntry]
    /// When the next entry is due, if any.
    func nextDue() async throws -> Date?
    /// Sets when `subject` of `kind` is next due, or (`nil`) takes it out of the index; many at once, in one transaction.
    func setDue(_ entries: [(DueEntry.Kind, Int64, Date?)]) async throws
    /// The next day end of `accountID`, after one was ended: at `due`, or none (`nil`).
    func setDayEnd(of accountID: Int64, at due: Date?) async throws
    /// Says `accountID` has a day to end at `due` (or sooner, if it had one already). Called inside the transaction of
    /// the user's game that gave a habit its bite, before it commits, on a thread that may wait: both or neither.
    func scheduleDayEnd(of accountID: Int64, at due: Date) throws
}

extension DueStore {
    public func withDue<T: Sendable>(at now: Date, limit: Int, _ body: @Sendable ([DueEntry]) async throws -> T) async throws -> T {
        try await body(due(at: now, limit: limit))
    }
}

/// Timers: when one ends, its habit is recorded for its owner (the due index says when).
public protocol TimerStore: Sendable {
    /// Starts a timer of `minutes` from `now`, and puts its end in the due index.
    func addTimer(accountID: Int64, habit: String, minutes: Int, at now: Date) async throws -> HabitTimer
    /// The user's running timers, the soonest to end first.
    func timers(of accountID: Int64) async throws -> [HabitTimer]
    func timer(id: Int64) async throws -> HabitTimer?
    /// Timers that have ended by `now`, oldest first.
    func dueTimers(at now: Date) async throws -> [HabitTimer]
    /// Takes the timer away, and its end out of the due index.
    func removeTimer(id: Int64) async throws
    /// A habit of `accountID` renamed: its running timers and its reminders go on under the new name. Called inside the
    /// rename's transaction of the user's game, before it commits, on a thread that may wait: both or neither.
    func habitRenamed(of accountID: Int64, from name: String, to newName: String) throws
}

/// Events kept for a user who was away, given at their next login.
public protocol InboxStore: Sendable {
    /// Keeps `item` for the user; the oldest give way past ``DirectoryDatabase/inboxLimit``.
    func keep(_ item: InboxItem, for accountID: Int64) async throws
    /// Takes back out of the inboxes the entries kept in case a crash came first (those not taken already).
    func forgetKept(_ ids: [Int64]) async throws
    /// Takes every waiting event, oldest first, and empties the inbox.
    func takeInbox(of accountID: Int64) async throws -> [InboxItem]
}

/// Reminders, each with its user's clock, and what each last fired for (the due index says when each is next).
public protocol ReminderStore: Sendable {
    /// Adds a reminder of `habit` (or the digest, `nil`) at `minute` of the user's clock, first due at `due`. The same
    /// one twice is kept once (`added` is `false`); more than ``Reminder/maxPerUser`` is refused.
    func addReminder(accountID: Int64, habit: String?, minute: Int, settings: Settings, due: Date) async throws -> (reminder: Reminder, added: Bool)
    /// The user's reminders, earliest in the day first (the digest before a habit's at the same minute).
    func reminders(of accountID: Int64) async throws -> [StoredReminder]
    func reminder(id: Int64) async throws -> StoredReminder?
    /// The reminders of these ids, with their users' accounts, in one read (a minute's reminders at once).
    func reminders(ids: [Int64]) async throws -> [Int64: (reminder: StoredReminder, account: Account)]
    /// Removes reminders by id, with their entries in the index (a snooze too).
    func removeReminders(_ ids: [Int64]) async throws
    /// Writes down firings before they are delivered, in one transaction: each reminder fired for its day, not yet
    /// delivered, and due next at its next time (a snooze that fired is taken out). A crash after this neither fires
    /// them again nor loses them: the user hears of those still to do at their next login.
    func fired(_ firings: [ReminderFiring], snoozes: [Int64], at now: Date) async throws
    /// The reminders whose firing reached someone.
    func delivered(_ ids: [Int64]) async throws
    /// Whether a reminder of `accountID` fired and reached nobody.
    func hasMissedReminders(of accountID: Int64) async throws -> Bool
    /// The reminders of `accountID` that fired for `day` and reached nobody, marked as told: the login tells them once.
    func takeMissedReminders(of accountID: Int64, day: Day) async throws -> [Reminder]
    /// The user's clock changed (time zone, day start): each reminder is next due at its time on `settings`' clock.
    /// Called inside the change's transaction of the user's game, before it commits, on a thread that may wait.
    func moveReminders(of accountID: Int64, to settings: Settings, after now: Date) throws
}

extension DirectoryDatabase: DueStore, TimerStore, InboxStore, ReminderStore {}
