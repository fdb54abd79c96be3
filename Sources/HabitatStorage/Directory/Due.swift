import Foundation
import GRDB
import HabitatEngine

/// Something the server does on its own at a time: one row of the directory's `due` index, which one process-wide
/// timer serves. `subject` is the timer, the account (a day end) or the reminder it is about.
public struct DueEntry: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A timer ends: its habit is recorded.
        case timer
        /// A user's day ends: the bites of habits due and not done.
        case dayEnd = "day_end"
        /// A reminder's time has come.
        case reminder
        /// A reminder snoozed comes back.
        case snooze
        /// A room posts its chores of the day or its week's report.
        case roomPost = "room_post"
    }

    public var kind: Kind
    public var subject: Int64
    public var at: Date

    public init(kind: Kind, subject: Int64, at: Date) {
        self.kind = kind
        self.subject = subject
        self.at = at
    }
}

extension DueEntry {
    /// A row of the index; `nil` for a kind this build doesn't know (written by a newer one), which is left alone.
    init?(row: Row) {
        guard let kind = Kind(rawValue: row["kind"]) else { return nil }
        self.init(kind: kind, subject: row["subject"], at: Date(timeIntervalSince1970: row["due_at"]))
    }
}

extension DirectoryDatabase {
    /// What is due by `now`, soonest first, at most `limit`.
    public func due(at now: Date, limit: Int) async throws -> [DueEntry] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT kind, subject, due_at FROM due WHERE due_at <= ? ORDER BY due_at LIMIT ?",
                arguments: [now.timeIntervalSince1970, limit]
            ).compactMap(DueEntry.init(row:))
        }
    }

    /// What comes due after `position` (an entry, in the index's order of due time, kind and subject), or with no
    /// position after `start`, and by `horizon`, in that order, at most `limit`: a page of what is ahead, the next page
    /// read from the last entry of this one.
    public func due(after position: DueEntry?, from start: Date, through horizon: Date, limit: Int) async throws -> [DueEntry] {
        // Every kind sorts before U+007F: from there, what is due after `start`, not at it (that is due now).
        let (at, kind, subject) = position.map { ($0.at, $0.kind.rawValue, $0.subject) } ?? (start, "\u{7F}", Int64.max)
        return try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT kind, subject, due_at FROM due
                    WHERE (due_at, kind, subject) > (?, ?, ?) AND due_at <= ? ORDER BY due_at, kind, subject LIMIT ?
                    """,
                arguments: [at.timeIntervalSince1970, kind, subject, horizon.timeIntervalSince1970, limit]
            ).compactMap(DueEntry.init(row:))
        }
    }

    /// When the next entry is due, if any.
    public func nextDue() async throws -> Date? {
        try await writer.read { db in
            try Double.fetchOne(db, sql: "SELECT MIN(due_at) FROM due").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Sets when `subject` of `kind` is next due, or (`nil`) takes it out of the index.
    public func setDue(_ kind: DueEntry.Kind, _ subject: Int64, at due: Date?) async throws {
        try await write { db in try Self.setDue(kind, subject, at: due, in: db) }
    }

    /// `setDue` for many, in one transaction.
    public func setDue(_ entries: [(DueEntry.Kind, Int64, Date?)]) async throws {
        guard !entries.isEmpty else { return }
        try await write { db in
            for (kind, subject, due) in entries { try Self.setDue(kind, subject, at: due, in: db) }
        }
    }

    static func setDue(_ kind: DueEntry.Kind, _ subject: Int64, at due: Date?, in db: Database) throws {
        if let due {
            try db.execute(
                sql: "INSERT OR REPLACE INTO due (kind, subject, due_at) VALUES (?, ?, ?)",
                arguments: [kind.rawValue, subject, due.timeIntervalSince1970])
        } else {
            try db.execute(sql: "DELETE FROM due WHERE kind = ? AND subject = ?", arguments: [kind.rawValue, subject])
        }
    }
}
