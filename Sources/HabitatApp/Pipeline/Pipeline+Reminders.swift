import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// `remind me`, `reminders`, `stop reminding`, `snooze`: reminders the server says on its own (``ReminderService``).
extension Pipeline {
    func remind(_ name: String?, at minute: Int, for account: Account, now: Date) async throws -> Reply {
        let state = try await users.with(account.fileID) { try await $0.state() }
        var habitName: String?
        if let name {
            let habit = try state.habit(named: name)
            guard habit.kind == .good else {
                throw HabitatError(.invalidArgument, "Reminders are for good habits; \(habit.name) is a bad one, so there's nothing to remind you to do.")
            }
            habitName = habit.name
        }
        let due = state.settings.next(minute, after: now)
        let (reminder, added) = try await directory.addReminder(
            accountID: account.id, habit: habitName, minute: minute, settings: state.settings, due: due)
        let data: JSON = ["habit": habitName.map { .string($0) } ?? .null, "time": .string(GameState.clock(minute)), "digest": .bool(habitName == nil)]
        guard added else { return Reply(.info, "You already have a reminder of \(reminder.words).", data: data) }
        let when = state.settings.day(of: due) == state.settings.day(of: now) ? "from today" : "from tomorrow"
        if let habitName {
            return Reply(.reminder, "I'll remind you of \(habitName) at \(GameState.clock(minute)) on the days it's due, if it isn't done yet (\(when)).", data: data)
        }
        return Reply(.reminder, "I'll tell you what's due each day at \(GameState.clock(minute)) (\(when)).", data: data)
    }

    func stopReminding(_ name: String?, of account: Account) async throws -> Reply {
        let reminders = try await directory.reminders(of: account.id).map(\.reminder)
        guard !reminders.isEmpty else { throw HabitatError(.notFound, "You have no reminders.") }
        guard let name else {
            try await directory.removeReminders(reminders.map(\.id))
            return Reply(.success, "No more reminders: stopped \(reminders.count == 1 ? "the one" : "all \(reminders.count)").")
        }
        let chosen =
            ["digest", "the digest", "my digest", "morning digest", "the morning digest"].contains(name.lowercased())
            ? reminders.filter { $0.habit == nil }
            : try Self.pick(name, from: reminders, habit: \.habit) { "There is no reminder \($0). Type 'reminders' to see them." }
        guard !chosen.isEmpty else { throw HabitatError(.notFound, "No reminder of '\(name)'. Type 'reminders' to see them.", symbol: .question) }
        try await directory.removeReminders(chosen.map(\.id))
        return Reply(.success, "Stopped reminding you of " + chosen.map(\.words).joined(separator: " and ") + ".")
    }

    /// The reminder said last today comes back in `minutes` (30 unless told).
    func snooze(_ minutes: Int?, for account: Account, now: Date) async throws -> Reply {
        let minutes = minutes ?? Reminder.defaultSnooze
        let settings = try await users.with(account.fileID) { try await $0.state() }.settings
        let today = settings.day(of: now)
        let last = try await directory.reminders(of: account.id).filter { $0.firedFor == today && $0.firedAt != nil }.max { $0.firedAt! < $1.firedAt! }
        guard let last else { throw HabitatError(.notFound, "There's no reminder to snooze: none has come today.") }
        let due = now.addingTimeInterval(TimeInterval(minutes * 60))
        guard settings.day(of: due) == today else {
            throw HabitatError(.invalidArgument, "That's past the end of your day; the reminder comes again on the next day it's due.")
        }
        try await directory.setDue(.snooze, last.reminder.id, at: due)
        let what = last.reminder.habit ?? "your digest"
        return Reply(.reminder, "Snoozed: \(what) again at \(Self.time(due, in: settings)).", data: ["habit": last.reminder.habit.map { .string($0) } ?? .null, "at": .string(ISO8601DateFormatter().string(from: due))])
    }
}

extension Pipeline {
    /// At a login: one line of today's reminders that reached no one and still hold (their habit not done yet), once.
    func missedReminders(for account: Account, now: Date) async throws -> Event? {
        guard try await directory.hasMissedReminders(of: account.id) else { return nil }
        let (state, days) = try await users.with(account.fileID) { try await $0.stillToDoReading(at: now) }
        let today = state.settings.day(of: now)
        let missed = try await directory.takeMissedReminders(of: account.id, day: today)
        guard !missed.isEmpty, let (toast, data) = Views.missedReminders(missed, toDo: state.stillToDo(days: days, today: today)) else { return nil }
        return Event(kind: "reminder", toasts: [toast], data: data)
    }
}
