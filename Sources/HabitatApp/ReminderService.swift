import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging

/// Fires reminders and their snoozes: a habit's reminder on the days it is due and only while it is not done, the
/// digest when anything is due. Each goes to the user's live connections (and through their bridge); one that reaches
/// nobody is told once at their next login, the same day, if it still holds.
///
/// Exactly once: a firing is written down (the day it fired for, not yet delivered) before it is sent, in one
/// transaction with the reminder's next time; delivered, it is marked so. After a crash between the two, the login's
/// one line tells what was missed, and nothing fires again.
struct ReminderService: Sendable {
    let directory: DirectoryDatabase
    let users: UserDatabases
    let hub: Hub
    let logger: Logger

    /// How many users' files are read at once while a minute's reminders are looked at.
    static let concurrency = 16

    /// What a reminder (or snooze) due at `entry.at` comes to at `now`.
    enum Decision: Sendable {
        /// Said: written down, then sent.
        case say(ReminderFiring?, snooze: Int64?, accountID: Int64, Event)
        /// Nothing to say (done, not due, or too late): due again at `next`, or (`nil`) taken out.
        case quiet(DueEntry, next: Date?)
        /// Its reminder is gone (or its habit): taken out.
        case gone(DueEntry, reminder: Int64?)
    }

    /// Fires the reminders and snoozes among `entries`, all due by `now`.
    func fire(_ entries: [DueEntry], now: Date) async {
        guard !entries.isEmpty else { return }
        let decisions = await decide(entries, now: now)
        do {
            var quiet: [(DueEntry, Date?)] = []
            var gone: [Int64] = []
            var firings: [ReminderFiring] = []
            var snoozes: [Int64] = []
            var sends: [(Int64, Int64, Event)] = []
            for decision in decisions {
                switch decision {
                case .say(let firing, let snooze, let accountID, let event):
                    if let firing { firings.append(firing) }
                    if let snooze { snoozes.append(snooze) }
                    sends.append(((firing?.id ?? snooze)!, accountID, event))
                case .quiet(let entry, let next): quiet.append((entry, next))
                case .gone(let entry, let reminder):
                    if let reminder { gone.append(reminder) } else { quiet.append((entry, nil)) }
                }
            }
            for (entry, next) in quiet { try await directory.setDue(entry.kind, entry.subject, at: next) }
            try await directory.removeReminders(gone)
            try await directory.fired(firings, snoozes: snoozes, at: now)
            // A user's digest before their habits' reminders of the same minute.
            sends.sort { $0.2.kind == "digest" && $1.2.kind != "digest" }
            var delivered: [Int64] = []
            for (id, accountID, event) in sends where hub.deliverLive(event, to: accountID) { delivered.append(id) }
            try await directory.delivered(delivered)
        } catch {
            // Tried again at the next tick: what was not written down is still due.
            logger.error("reminders could not be written down; they are tried again", metadata: ["error": "\(error)"])
        }
    }

    /// Looks at each entry's user, a few files at a time.
    private func decide(_ entries: [DueEntry], now: Date) async -> [Decision] {
        await withTaskGroup(of: Decision?.self) { group in
            var decisions: [Decision] = []
            var next = entries.makeIterator()
            for _ in 0..<Self.concurrency {
                guard let entry = next.next() else { break }
                group.addTask { await decide(entry, now: now) }
            }
            for await decision in group {
                if let decision { decisions.append(decision) }
                if let entry = next.next() { group.addTask { await decide(entry, now: now) } }
            }
            return decisions
        }
    }

    /// `nil` when the user's file can't be read now: the entry stays due, tried again at the next tick.
    private func decide(_ entry: DueEntry, now: Date) async -> Decision? {
        do {
            guard let stored = try await directory.reminder(id: entry.subject) else { return .gone(entry, reminder: nil) }
            guard let account = try await directory.account(id: stored.accountID) else { return .gone(entry, reminder: stored.reminder.id) }
            let reminder = stored.reminder
            let (state, days) = try await users.with(account.fileID) { database in
                let state = try await database.state()
                let since = state.settings.day(of: now) - Reminder.lookBack
                return (state, try await database.read { try $0.habitDays(since: since) })
            }
            let settings = state.settings
            if let name = reminder.habit, !state.habits.contains(where: { $0.name == name }) {
                return .gone(entry, reminder: reminder.id)
            }
            switch entry.kind {
            case .snooze:
                guard let day = stored.firedFor, day == settings.day(of: now),
                    let event = Self.event(for: reminder, state: state, days: days, day: day)
                else { return .quiet(entry, next: nil) }
                return .say(nil, snooze: reminder.id, accountID: account.id, event)
            default:
                let next = settings.next(reminder.minute, after: now)
                // Due at a time the user's clock no longer shows (their time zone changed since): due at theirs instead.
                guard settings.isTime(of: reminder.minute, at: entry.at) else { return .quiet(entry, next: settings.next(reminder.minute, after: now.addingTimeInterval(-60))) }
                let day = settings.day(of: entry.at)
                guard settings.stillSameDay(entry.at, at: now), stored.firedFor != day,
                    let event = Self.event(for: reminder, state: state, days: days, day: day)
                else { return .quiet(entry, next: next) }
                return .say(ReminderFiring(id: reminder.id, day: day, next: next), snooze: nil, accountID: account.id, event)
            }
        } catch is StorageFullError {
            return nil
        } catch {
            logger.error("a reminder could not be looked at; it is tried again", metadata: ["reminder": "\(entry.subject)", "error": "\(error)"])
            return nil
        }
    }

    /// What `reminder` says on `day`, or `nil` when there is nothing to say (the habit done or not due; nothing due).
    static func event(for reminder: Reminder, state: GameState, days: [Int64: [Day: Int]], day: Day) -> Event? {
        let toDo = state.stillToDo(days: days, today: day)
        guard let name = reminder.habit else {
            guard !toDo.isEmpty else { return nil }
            let (toast, data) = Views.digest(toDo, days: days, today: day)
            return Event(kind: "digest", toasts: [toast], data: data)
        }
        guard let habit = toDo.first(where: { $0.name == name }) else { return nil }
        return Event(kind: "reminder", toasts: [Views.reminder(habit, days: days, today: day)]).with("habit", habit.name)
    }
}
