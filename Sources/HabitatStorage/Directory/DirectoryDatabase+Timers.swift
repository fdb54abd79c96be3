import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// A running timer: when it ends, `habit` is recorded for its owner.
public struct HabitTimer: Sendable, Equatable {
    public var id: Int64
    public var accountID: Int64
    public var habit: String
    public var minutes: Int
    public var started: Date
    public var ends: Date

    public init(id: Int64, accountID: Int64, habit: String, minutes: Int, started: Date, ends: Date) {
        (self.id, self.accountID, self.habit, self.minutes, self.started, self.ends) = (id, accountID, habit, minutes, started, ends)
    }
}

extension DirectoryDatabase {
    public func addTimer(accountID: Int64, habit: String, minutes: Int, at now: Date) async throws -> HabitTimer {
        try await write { db in
            let ends = now.addingTimeInterval(TimeInterval(minutes * 60))
            try db.execute(
                sql: "INSERT INTO timer (account_id, habit, minutes, started_at, ends_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [accountID, habit, minutes, now.timeIntervalSince1970, ends.timeIntervalSince1970])
            try Self.setDue(.timer, db.lastInsertedRowID, at: ends, in: db)
            return HabitTimer(id: db.lastInsertedRowID, accountID: accountID, habit: habit, minutes: minutes, started: now, ends: ends)
        }
    }

    public func timers(of accountID: Int64) async throws -> [HabitTimer] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM timer WHERE account_id = ? ORDER BY ends_at", arguments: [accountID])
                .map(HabitTimer.init(row:))
        }
    }

    public func timer(id: Int64) async throws -> HabitTimer? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM timer WHERE id = ?", arguments: [id]).map(HabitTimer.init(row:))
        }
    }

    /// Timers that have ended by `now`, oldest first.
    public func dueTimers(at now: Date) async throws -> [HabitTimer] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT timer.* FROM due JOIN timer ON timer.id = due.subject WHERE due.kind = 'timer' AND due_at <= ? ORDER BY due_at",
                arguments: [now.timeIntervalSince1970]
            ).map(HabitTimer.init(row:))
        }
    }

    /// A habit of `accountID` renamed: its running timers and its reminders go on under the new name. Called inside the
    /// rename's transaction of the user's file, before it commits, on its storage thread: both or neither.
    public func habitRenamed(of accountID: Int64, from name: String, to newName: String) throws {
        try writeNow { db in
            try db.execute(
                sql: "UPDATE timer SET habit = ? WHERE account_id = ? AND habit = ?", arguments: [newName, accountID, name])
            try db.execute(
                sql: "UPDATE OR IGNORE reminder SET habit = ? WHERE account_id = ? AND habit = ?", arguments: [newName, accountID, name])
        }
    }

    public func removeTimer(id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM timer WHERE id = ?", arguments: [id])
            try Self.setDue(.timer, id, at: nil, in: db)
        }
    }
}

// MARK: - Day ends

extension DirectoryDatabase {
    /// Says `accountID` has a day to end at `due` (or sooner, if it had one already). Called inside the transaction of
    /// the user's file that gave a habit its bite, before it commits: both or neither.
    public func scheduleDayEnd(of accountID: Int64, at due: Date) throws {
        try writeNow { db in
            try db.execute(
                sql: """
                    INSERT INTO due (kind, subject, due_at) VALUES ('day_end', ?, ?)
                    ON CONFLICT (kind, subject) DO UPDATE SET due_at = MIN(due_at, excluded.due_at)
                    """,
                arguments: [accountID, due.timeIntervalSince1970])
        }
    }

    /// The next day end of `accountID`, after one was ended: at `due`, or none (`nil`).
    public func setDayEnd(of accountID: Int64, at due: Date?) async throws {
        try await write { db in try Self.setDue(.dayEnd, accountID, at: due, in: db) }
    }
}

extension HabitTimer {
    /// A timer as either store reads it.
    package init(row: some StoredValues) {
        self.init(
            id: row.int64("id") ?? 0, accountID: row.int64("account_id") ?? 0, habit: row.text("habit") ?? "", minutes: row.int("minutes") ?? 0,
            started: Date(timeIntervalSince1970: row.double("started_at") ?? 0), ends: Date(timeIntervalSince1970: row.double("ends_at") ?? 0))
    }
}
