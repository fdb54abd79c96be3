import Foundation
import GRDB
import HabitatEngine

/// A reminder as the directory keeps it: whose, and the last day it fired for.
public struct StoredReminder: Sendable, Equatable {
    public var reminder: Reminder
    public var accountID: Int64
    /// The user's day it last fired for, and when.
    public var firedFor: Day?
    public var firedAt: Date?
    /// Whether its last firing reached a connection (or was told at a login since).
    public var delivered: Bool
    /// Its user's clock: their time zone and day start, kept in step with their settings.
    public var settings: Settings
}

/// One firing to write down before it is delivered: the reminder, the user's day it is for, and when it is due next.
public struct ReminderFiring: Sendable, Equatable {
    public var id: Int64
    public var day: Day
    public var next: Date

    public init(id: Int64, day: Day, next: Date) {
        self.id = id
        self.day = day
        self.next = next
    }
}

extension DirectoryDatabase {
    /// Adds a reminder of `habit` (or the digest, `nil`) at `minute` of the user's clock, first due at `due`. The same
    /// one twice is kept once (`added` is `false`); more than ``Reminder/maxPerUser`` is refused.
    public func addReminder(
        accountID: Int64, habit: String?, minute: Int, settings: Settings, due: Date
    ) async throws -> (reminder: Reminder, added: Bool) {
        try await write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reminder WHERE account_id = ?", arguments: [accountID]) ?? 0
            let same = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM reminder WHERE account_id = ? AND IFNULL(habit, '') = ? AND minute = ?)",
                arguments: [accountID, habit ?? "", minute]) ?? false
            if same { return (Reminder(id: 0, habit: habit, minute: minute), false) }
            guard count < Reminder.maxPerUser else {
                throw HabitatError(.limitReached, "You have \(Reminder.maxPerUser) reminders; stop one first ('reminders' lists them).")
            }
            try db.execute(
                sql: "INSERT INTO reminder (account_id, habit, minute, time_zone, day_start) VALUES (?, ?, ?, ?, ?)",
                arguments: [accountID, habit, minute, settings.timeZone, settings.dayStartHour])
            let id = db.lastInsertedRowID
            try Self.setDue(.reminder, id, at: due, in: db)
            return (Reminder(id: id, habit: habit, minute: minute), true)
        }
    }

    /// The user's reminders, earliest in the day first (the digest before a habit's at the same minute).
    public func reminders(of accountID: Int64) async throws -> [StoredReminder] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM reminder WHERE account_id = ? ORDER BY minute, habit IS NOT NULL, habit", arguments: [accountID]
            ).map(StoredReminder.init(row:))
        }
    }

    public func reminder(id: Int64) async throws -> StoredReminder? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminder WHERE id = ?", arguments: [id]).map(StoredReminder.init(row:))
        }
    }

    /// The reminders of these ids, with their users' accounts, in one read (a minute's reminders at once).
    public func reminders(ids: [Int64]) async throws -> [Int64: (reminder: StoredReminder, account: Account)] {
        guard !ids.isEmpty else { return [:] }
        return try await writer.read { db in
            var found: [Int64: (reminder: StoredReminder, account: Account)] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT reminder.*, account.name AS account_name, account.password_hash, account.file_id, account.created_at
                        FROM reminder JOIN account ON account.id = reminder.account_id WHERE reminder.id IN (\(marks))
                        """,
                    arguments: StatementArguments(Array(chunk)))
                for row in rows {
                    let stored = StoredReminder(row: row)
                    found[stored.reminder.id] = (stored, Account(row: row, accountID: stored.accountID))
                }
            }
            return found
        }
    }

    /// Removes reminders by id, with their entries in the index (a snooze too).
    public func removeReminders(_ ids: [Int64]) async throws {
        try await write { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM reminder WHERE id = ?", arguments: [id])
                try Self.setDue(.reminder, id, at: nil, in: db)
                try Self.setDue(.snooze, id, at: nil, in: db)
            }
        }
    }

    /// The user's clock changed (time zone, day start): each reminder is next due at its time on `settings`' clock.
    /// Called inside the change's transaction of the user's file, before it commits: both or neither.
    public func moveReminders(of accountID: Int64, to settings: Settings, after now: Date) throws {
        try writeNow { db in
            try db.execute(
                sql: "UPDATE reminder SET time_zone = ?, day_start = ? WHERE account_id = ?",
                arguments: [settings.timeZone, settings.dayStartHour, accountID])
            let rows = try Row.fetchAll(db, sql: "SELECT id, minute FROM reminder WHERE account_id = ?", arguments: [accountID])
            for row in rows {
                try Self.setDue(.reminder, row["id"], at: settings.next(row["minute"], after: now), in: db)
            }
        }
    }

    /// Writes down firings before they are delivered, in one transaction: each reminder fired for its day, not yet
    /// delivered, and due next at its next time (a snooze that fired is taken out). A crash after this neither fires
    /// them again nor loses them: the user hears of those still to do at their next login.
    public func fired(_ firings: [ReminderFiring], snoozes: [Int64], at now: Date) async throws {
        guard !firings.isEmpty || !snoozes.isEmpty else { return }
        try await write { db in
            for firing in firings {
                try db.execute(
                    sql: "UPDATE reminder SET fired_for = ?, fired_at = ?, delivered = 0 WHERE id = ?",
                    arguments: [firing.day.ordinal, now.timeIntervalSince1970, firing.id])
                try Self.setDue(.reminder, firing.id, at: firing.next, in: db)
            }
            for id in snoozes {
                try db.execute(
                    sql: "UPDATE reminder SET fired_at = ?, delivered = 0 WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
                try Self.setDue(.snooze, id, at: nil, in: db)
            }
        }
    }

    /// The reminders whose firing reached someone.
    public func delivered(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { db in
            for id in ids { try db.execute(sql: "UPDATE reminder SET delivered = 1 WHERE id = ?", arguments: [id]) }
        }
    }

    /// Whether a reminder of `accountID` fired and reached nobody (usually not: found out without a write).
    public func hasMissedReminders(of accountID: Int64) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM reminder WHERE account_id = ? AND delivered = 0)", arguments: [accountID]) ?? false
        }
    }

    /// The reminders of `accountID` that fired for `day` and reached nobody, marked as told: the login tells them once.
    public func takeMissedReminders(of accountID: Int64, day: Day) async throws -> [Reminder] {
        try await write { db in
            let missed = try Row.fetchAll(
                db, sql: "SELECT * FROM reminder WHERE account_id = ? AND delivered = 0 AND fired_for = ? ORDER BY minute",
                arguments: [accountID, day.ordinal]
            ).map { StoredReminder(row: $0).reminder }
            try db.execute(sql: "UPDATE reminder SET delivered = 1 WHERE account_id = ? AND delivered = 0", arguments: [accountID])
            return missed
        }
    }
}

extension StoredReminder {
    package init(row: some StoredValues) {
        var settings = Settings.default
        settings.timeZone = row.text("time_zone") ?? settings.timeZone
        settings.dayStartHour = row.int("day_start") ?? settings.dayStartHour
        self.init(
            reminder: Reminder(id: row.int64("id") ?? 0, habit: row.text("habit"), minute: row.int("minute") ?? 0),
            accountID: row.int64("account_id") ?? 0, firedFor: row.int("fired_for").map(Day.init(ordinal:)),
            firedAt: row.double("fired_at").map(Date.init(timeIntervalSince1970:)), delivered: row.bool("delivered") ?? true,
            settings: settings)
    }
}

extension Account {
    /// An account as a row names it, its columns with `account_` before their names where a joined table has the same.
    package init(row: some StoredValues, accountID: Int64) {
        self.init(
            id: accountID, name: row.text("account_name") ?? "", passwordHash: row.text("password_hash"), fileID: row.text("file_id") ?? "",
            created: Date(timeIntervalSince1970: row.double("created_at") ?? 0))
    }
}
