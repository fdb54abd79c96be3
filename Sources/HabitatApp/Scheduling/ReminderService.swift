import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging
import NIOConcurrencyHelpers

/// Fires reminders and their snoozes: a habit's reminder on the days it is due and only while it is not done, the
/// digest when anything is due. Each goes to the user's live connections (and through their bridge); one that reaches
/// nobody is told once at their next login, the same day, if it still holds.
///
/// Exactly once: a firing is written down (the day it fired for, not yet delivered) before it is sent, in one
/// transaction with the reminder's next time; delivered, it is marked so. After a crash between the two, the login's
/// one line tells what was missed, and nothing fires again.
struct ReminderService: Sendable {
    let directory: any StorageContract
    let users: any UserGames
    let presence: Presence
    let logger: Logger
    /// What was looked at ahead of its minute.
    let previews = Previews()
    /// What was written down and waits to be handed to connections (``handOut()``).
    let handing = AsyncStream<[Sending]>.makeStream()

    /// A reminder to hand out: its firing (or snooze), whose it is, what it says.
    typealias Sending = (id: Int64, accountID: Int64, event: Event)

    /// How many users' files are read at once while a minute's reminders are looked at.
    static let concurrency = 16

    /// How far ahead reminders are looked at, and how many users' files are read at once meanwhile (the minute's own
    /// work and everyone's requests go first).
    static let lookahead: TimeInterval = 600
    static let concurrencyAhead = 1

    /// Reminders are handed to connections this many at a time, with this pause between.
    static let deliverySlice = 50
    static let deliveryPause = Duration.milliseconds(10)

    /// What a reminder (or snooze) due at `entry.at` comes to at `now`.
    enum Decision: Sendable {
        /// Said: written down, then sent (`nil` for a user no one would hear now: only written down).
        case say(ReminderFiring?, snooze: Int64?, accountID: Int64, Event?)
        /// Nothing to say (done, not due, or too late): due again at `next`, or (`nil`) taken out.
        case quiet(DueEntry, next: Date?)
        /// Its reminder is gone (or its habit): taken out.
        case gone(DueEntry, reminder: Int64?)
    }

    /// Fires the reminders and snoozes among `entries`, all due by `now`.
    ///
    /// The reminders and their users are read from the directory at once. A user no one would hear now (no connection,
    /// no bridge) costs no more than that: the firing is written down, from the clock the reminder keeps, and their
    /// next login tells it if it still holds. Only the users listening have their files read, to say whether the
    /// habit is still to do.
    func fire(_ entries: [DueEntry], now: Date) async {
        guard !entries.isEmpty else { return }
        do {
            let found = try await directory.reminders(ids: entries.map(\.subject))
            var decisions: [Decision] = []
            var listening: [(DueEntry, StoredReminder, Account)] = []
            let listeners = await presence.listening(among: found.values.map(\.1.id))
            for entry in entries {
                guard let (stored, account) = found[entry.subject] else {
                    decisions.append(.gone(entry, reminder: nil))
                    continue
                }
                if listeners.contains(account.id) {
                    listening.append((entry, stored, account))
                } else {
                    decisions.append(Self.away(entry, stored, now: now))
                }
            }
            decisions += await decide(listening, now: now)
            try await carryOut(decisions, now: now)
        } catch {
            // Tried again at the next tick: what was not written down is still due.
            logger.error("reminders could not be written down; they are tried again", metadata: ["error": "\(error)"])
        }
    }

    /// Writes the decisions down, in a few transactions, then sends what is to be said and marks what reached someone.
    private func carryOut(_ decisions: [Decision], now: Date) async throws {
        var moves: [(DueEntry.Kind, Int64, Date?)] = []
        var gone: [Int64] = []
        var firings: [ReminderFiring] = []
        var snoozes: [Int64] = []
        var sends: [Sending] = []
        for decision in decisions {
            switch decision {
            case .say(let firing, let snooze, let accountID, let event):
                if let firing { firings.append(firing) }
                if let snooze { snoozes.append(snooze) }
                if let event, let id = firing?.id ?? snooze { sends.append((id, accountID, event)) }
            case .quiet(let entry, let next): moves.append((entry.kind, entry.subject, next))
            case .gone(let entry, let reminder):
                if let reminder { gone.append(reminder) } else { moves.append((entry.kind, entry.subject, nil)) }
            }
        }
        try await directory.setDue(moves)
        try await directory.removeReminders(gone)
        try await directory.fired(firings, snoozes: snoozes, at: now)
        // A user's digest before their habits' reminders of the same minute.
        sends.sort { $0.event.kind == "digest" && $1.event.kind != "digest" }
        if !sends.isEmpty { handing.continuation.yield(sends) }
    }

    /// Hands out what was written down, a minute's batch after another, until the server stops. It runs beside the
    /// firing: a hundred thousand reminders take seconds to hand out, and a timer or a day end due meanwhile does not
    /// wait for them. A batch not handed out when the server stops was written down as fired: the next login tells it.
    func handOut() async {
        for await sends in handing.stream {
            var delivered: [Int64] = []
            for (index, sending) in sends.enumerated() {
                // A slice at a time: the connections' event loops write each slice's events between other requests.
                if index > 0, index.isMultiple(of: Self.deliverySlice) { try? await sleepByTheWallClock(Self.deliveryPause) }
                if await presence.deliverLive(sending.event, to: sending.accountID) { delivered.append(sending.id) }
            }
            do {
                try await directory.delivered(delivered)
            } catch {
                // Said, but not marked so: the user's next login tells them again of the ones still to do.
                logger.error("reminders handed out could not be marked so", metadata: ["count": "\(delivered.count)", "error": "\(error)"])
            }
        }
    }

    /// A reminder of a user no one would hear: written down as fired (and not delivered), so that their next login
    /// the same day tells it if its habit is still to do then; a snooze of theirs is dropped.
    static func away(_ entry: DueEntry, _ stored: StoredReminder, now: Date) -> Decision {
        guard entry.kind == .reminder else { return .quiet(entry, next: nil) }
        switch timing(entry, stored, settings: stored.settings, now: now) {
        case .fires(let firing): return .say(firing, snooze: nil, accountID: stored.accountID, nil)
        case .not(let decision): return decision
        }
    }

    enum Timing {
        case fires(ReminderFiring)
        case not(Decision)
    }

    /// Whether a reminder due at `entry.at` fires at `now` on `settings`' clock, for which of the user's days, and
    /// when it is due next. It doesn't when its time is no longer on the clock (the time zone changed: it is due at the
    /// new clock's instead), when its day is over (a server down past it), or when it fired for that day already.
    static func timing(_ entry: DueEntry, _ stored: StoredReminder, settings: Settings, now: Date) -> Timing {
        let minute = stored.reminder.minute
        guard settings.isTime(of: minute, at: entry.at) else {
            return .not(.quiet(entry, next: settings.next(minute, after: now.addingTimeInterval(-60))))
        }
        let day = settings.day(of: entry.at)
        let next = settings.next(minute, after: now)
        guard settings.stillSameDay(entry.at, at: now), stored.firedFor != day else { return .not(.quiet(entry, next: next)) }
        return .fires(ReminderFiring(id: stored.reminder.id, day: day, next: next))
    }

    /// Looks at each listening user's file, a few at a time.
    private func decide(_ listening: [(DueEntry, StoredReminder, Account)], now: Date) async -> [Decision] {
        await Self.map(listening, atMost: Self.concurrency) { await decide($0.0, $0.1, $0.2, now: now) }.compactMap { $0 }
    }

    /// `transform` of each item, at most `limit` running at once; in the order they finish.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], atMost limit: Int, _ transform: @escaping @Sendable (Item) async -> Result
    ) async -> [Result] {
        await withTaskGroup(of: Result.self) { group in
            var results: [Result] = []
            var next = items.makeIterator()
            for _ in 0..<limit {
                guard let item = next.next() else { break }
                group.addTask { await transform(item) }
            }
            for await result in group {
                results.append(result)
                if let item = next.next() { group.addTask { await transform(item) } }
            }
            return results
        }
    }

    /// `nil` when the user's file can't be read now: the entry stays due, tried again at the next tick.
    ///
    /// A reminder looked at ahead of its minute (``prepare(now:)``) is decided from that look while the user's file has
    /// no commit since; otherwise the file is read now.
    private func decide(_ entry: DueEntry, _ stored: StoredReminder, _ account: Account, now: Date) async -> Decision? {
        if entry.kind == .reminder, let look = previews.take(stored.reminder.id, dueAt: entry.at, unlessChanged: users.changes),
            let decision = Self.decision(entry, stored, look, now: now)
        {
            return decision
        }
        do {
            let day: (Settings) -> Day = { entry.kind == .snooze ? $0.day(of: now) : $0.day(of: entry.at) }
            let look = try await users.with(account.fileID) { database in
                let (state, days) = try await database.stillToDoReading(at: now)
                return Preview(stored.reminder, state: state, days: days, day: day(state.settings))
            }
            return Self.decision(entry, stored, look, now: now)
        } catch is StorageFullError {
            return nil
        } catch {
            logger.error("a reminder could not be looked at; it is tried again", metadata: ["reminder": "\(entry.subject)", "error": "\(error)"])
            return nil
        }
    }

    /// What a user's file says of one reminder on one of their days: their clock, whether the habit is still there,
    /// and what the reminder says that day (`nil`: nothing, the habit done or not due, or nothing due for a digest).
    struct Preview: Sendable {
        let settings: Settings
        let habitIsGone: Bool
        let day: Day
        let event: Event?

        init(_ reminder: Reminder, state: GameState, days: [Int64: [Day: Quantity]], day: Day) {
            settings = state.settings
            habitIsGone = reminder.habit.map { name in !state.habits.contains { $0.name == name } } ?? false
            self.day = day
            event = habitIsGone ? nil : ReminderService.event(for: reminder, state: state, days: days, day: day)
        }
    }

    /// What the reminder due at `entry.at` comes to at `now`, by what its user's file says (`look`); `nil` when the
    /// look is of another day than the one it would fire for.
    static func decision(_ entry: DueEntry, _ stored: StoredReminder, _ look: Preview, now: Date) -> Decision? {
        let reminder = stored.reminder
        if look.habitIsGone { return .gone(entry, reminder: reminder.id) }
        switch entry.kind {
        case .snooze:
            guard look.day == look.settings.day(of: now) else { return nil }
            guard stored.firedFor == look.day, let event = look.event else { return .quiet(entry, next: nil) }
            return .say(nil, snooze: reminder.id, accountID: stored.accountID, event)
        default:
            switch timing(entry, stored, settings: look.settings, now: now) {
            case .not(let decision): return decision
            case .fires(let firing):
                guard firing.day == look.day else { return nil }
                guard let event = look.event else { return .quiet(entry, next: firing.next) }
                return .say(firing, snooze: nil, accountID: stored.accountID, event)
            }
        }
    }

    /// What `reminder` says on `day`, or `nil` when there is nothing to say (the habit done or not due; nothing due).
    static func event(for reminder: Reminder, state: GameState, days: [Int64: [Day: Quantity]], day: Day) -> Event? {
        let toDo = state.stillToDo(days: days, today: day)
        guard let name = reminder.habit else {
            let todos = state.openTodos(on: day).filter { $0.due.map { $0 <= day } == true }
            guard !toDo.isEmpty || !todos.isEmpty else { return nil }
            let (toast, data) = Views.digest(toDo, todos: todos, days: days, today: day)
            return Event(kind: "digest", toasts: [toast], data: data)
        }
        guard let habit = toDo.first(where: { $0.name == name }) else { return nil }
        return Event(kind: "reminder", toasts: [Views.reminder(habit, days: days, today: day)]).with("habit", habit.name)
    }
}

extension ReminderService {
    /// Looks at the next page of reminders due within ``lookahead`` of `now` whose users are listening, reading each
    /// one's file as the minute would, and keeps what it says for the minute: then only the files committed to since
    /// are read again. Returns whether there is more to look at now.
    ///
    /// Users not listening are not looked at (the minute writes theirs down from the directory alone); nor is a
    /// reminder set after its minute was looked at (the minute reads its file).
    func prepare(now: Date) async -> Bool {
        previews.sweep(dueBefore: now.addingTimeInterval(-120), watch: users.changes)
        do {
            let page = try await directory.due(
                after: previews.position(from: now), from: now, through: now.addingTimeInterval(Self.lookahead), limit: Scheduler.batch)
            guard let last = page.last else { return false }
            let entries = page.filter { $0.kind == .reminder }
            let found = try await directory.reminders(ids: entries.map(\.subject))
            let listeners = await presence.listening(among: found.values.map(\.1.id))
            let listening = entries.compactMap { entry in
                found[entry.subject].flatMap { stored, account in listeners.contains(account.id) ? (entry, stored, account) : nil }
            }
            _ = await Self.map(listening, atMost: Self.concurrencyAhead) { await lookAhead($0.0, $0.1, $0.2) }
            previews.moved(to: last)
            return page.count == Scheduler.batch
        } catch {
            logger.warning("reminders could not be looked at ahead; they are looked at when due", metadata: ["error": "\(error)"])
            return false
        }
    }

    private func lookAhead(_ entry: DueEntry, _ stored: StoredReminder, _ account: Account) async {
        // Marked before the read: a commit after it takes the mark away, and with it what the read says.
        let mark = users.changes.mark(account.fileID)
        guard
            let look = try? await users.with(account.fileID, { database in
                let (state, days) = try await database.stillToDoReading(at: entry.at)
                return Preview(stored.reminder, state: state, days: days, day: state.settings.day(of: entry.at))
            })
        else { return }
        previews.keep(look, for: stored.reminder.id, dueAt: entry.at, fileID: account.fileID, mark: mark)
    }

    /// Reminders looked at ahead of their minute, each with the mark its user's file had when read, and how far ahead
    /// the index has been read.
    final class Previews: Sendable {
        private struct Entry {
            let dueAt: Date
            let fileID: String
            let mark: UInt64
            let look: Preview
        }

        private struct State {
            var kept: [Int64: Entry] = [:]
            var position: DueEntry?
            var swept = Date.distantPast
        }

        private let state = NIOLockedValueBox(State())

        /// Where the next page starts: after the last entry looked at, unless that is due by `now` already.
        func position(from now: Date) -> DueEntry? {
            state.withLockedValue { $0.position.flatMap { $0.at > now ? $0 : nil } }
        }

        func moved(to position: DueEntry) {
            state.withLockedValue { $0.position = position }
        }

        func keep(_ look: Preview, for reminder: Int64, dueAt: Date, fileID: String, mark: UInt64) {
            state.withLockedValue { $0.kept[reminder] = Entry(dueAt: dueAt, fileID: fileID, mark: mark, look: look) }
        }

        /// What was looked at of `reminder` for its time `dueAt`, if its user's file has not been committed to since.
        func take(_ reminder: Int64, dueAt: Date, unlessChanged watch: CommitMarks) -> Preview? {
            guard let kept = state.withLockedValue({ $0.kept.removeValue(forKey: reminder) }), kept.dueAt == dueAt,
                watch.unchanged(kept.fileID, since: kept.mark)
            else { return nil }
            return kept.look
        }

        /// Drops what was looked at for minutes long gone (users away then), and the marks no look needs any more; at
        /// most once a minute.
        func sweep(dueBefore instant: Date, watch: CommitMarks) {
            let needed: Set<String>? = state.withLockedValue { state in
                guard instant.timeIntervalSince(state.swept) >= 60 else { return nil }
                state.swept = instant
                state.kept = state.kept.filter { $0.value.dueAt >= instant }
                return Set(state.kept.values.map(\.fileID))
            }
            if let needed { watch.keepOnly(needed) }
        }

        var count: Int { state.withLockedValue { $0.kept.count } }
    }
}

extension UserGame {
    /// The game and the recent days a reminder looks at (``Reminder/lookBack``) to tell what is still to do.
    func stillToDoReading(at now: Date) async throws -> (GameState, [Int64: [Day: Quantity]]) {
        let state = try await state()
        let since = state.settings.day(of: now) - Reminder.lookBack
        return (state, try await read { try $0.habitDays(since: since) })
    }
}
