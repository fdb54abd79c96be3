import Foundation
import HabitatEngine
import HabitatStorage
import PostgresNIO

// MARK: - The due index

extension PostgresStore: DueStore {
    public func due(at now: Date, limit: Int) async throws -> [DueEntry] {
        try await dueEntries(
            "SELECT kind, subject, due_at FROM due WHERE due_at <= \(now.timeIntervalSince1970) ORDER BY due_at LIMIT \(limit)")
    }

    public func due(after position: DueEntry?, from start: Date, through horizon: Date, limit: Int) async throws -> [DueEntry] {
        // Every kind sorts before U+007F (in the byte order `COLLATE "C"` keeps): from there, what is due after `start`,
        // not at it (that is due now).
        let (at, kind, subject) = position.map { ($0.at, $0.kind.rawValue, $0.subject) } ?? (start, "\u{7F}", Int64.max)
        return try await dueEntries(
            """
            SELECT kind, subject, due_at FROM due
            WHERE (due_at, kind COLLATE "C", subject) > (\(at.timeIntervalSince1970), \(kind), \(subject)) AND due_at <= \(horizon.timeIntervalSince1970)
            ORDER BY due_at, kind COLLATE "C", subject LIMIT \(limit)
            """)
    }

    private func dueEntries(_ query: PostgresQuery) async throws -> [DueEntry] {
        try await said { try await client.withConnection { try await dueEntries(query, on: $0) } }
    }

    private func dueEntries(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [DueEntry] {
        var entries: [DueEntry] = []
        for try await (kind, subject, at) in try await connection.checkedQuery(query, logger: logger).decode((String, Int64, Double).self) {
            // A kind this build doesn't know (written by a newer one) is left alone.
            guard let kind = DueEntry.Kind(rawValue: kind) else { continue }
            entries.append(DueEntry(kind: kind, subject: subject, at: Date(timeIntervalSince1970: at)))
        }
        return entries
    }

    /// Each entry is held with an advisory lock of its own (``claimKey(_:)``) on one connection, taken with
    /// `pg_try_advisory_lock`: an entry another server holds is skipped, not waited for (`SKIP LOCKED`'s way), and a
    /// server that dies lets go of its entries with its connection, so another fires them at its next tick. A row lock
    /// on the entry would not do: firing it writes in several transactions of other connections (the user's game, the
    /// index's next time), and the index's would wait for the lock's own. Each service's firing reads again, once the
    /// entry is held, what it would change (a timer's recording, the day a day end or a post was for, a reminder's
    /// firing), so an entry fired elsewhere just before changes nothing.
    public func withDue<T: Sendable>(at now: Date, limit: Int, _ body: @Sendable ([DueEntry]) async throws -> T) async throws -> T {
        try await said {
            try await client.withConnection { connection in
                let due = try await dueEntries(
                    "SELECT kind, subject, due_at FROM due WHERE due_at <= \(now.timeIntervalSince1970) ORDER BY due_at LIMIT \(limit)",
                    on: connection)
                guard !due.isEmpty else { return try await body([]) }
                var held: Set<Int64> = []
                for try await key in try await connection.checkedQuery(
                    "SELECT key FROM unnest(\(due.map(Self.claimKey))::bigint[]) AS key WHERE pg_try_advisory_lock(key)", logger: logger
                ).decode(Int64.self) {
                    held.insert(key)
                }
                let claimed = due.filter { held.contains(Self.claimKey($0)) }
                // Let go after: a connection that can't be told to is closed, which lets go all the same (so does its
                // end, when PostgreSQL went away meanwhile).
                let holding = !held.isEmpty
                @Sendable func letGo() async {
                    guard holding else { return }
                    if (try? await connection.checkedQuery("SELECT pg_advisory_unlock_all()", logger: logger)) == nil {
                        try? await connection.close()
                    }
                }
                let result: T
                do {
                    // Read again now they are held: what another server fired since the first read has moved on.
                    let entries = claimed.isEmpty ? [] : try await dueEntries(
                        """
                        SELECT kind, subject, due_at FROM due WHERE due_at <= \(now.timeIntervalSince1970)
                        AND (kind, subject) IN (SELECT * FROM unnest(\(claimed.map(\.kind.rawValue))::text[], \(claimed.map(\.subject))::bigint[]))
                        ORDER BY due_at
                        """, on: connection)
                    result = try await body(entries)
                } catch {
                    await letGo()
                    throw error
                }
                await letGo()
                return result
            }
        }
    }

    /// The advisory lock an entry is held with: its kind in the top byte, its subject below. (Migrations' lock,
    /// "habitat" in ASCII, has a top byte of 0; no kind's is.)
    static func claimKey(_ entry: DueEntry) -> Int64 {
        let kind: Int64 =
            switch entry.kind {
            case .timer: 1
            case .dayEnd: 2
            case .reminder: 3
            case .snooze: 4
            case .roomPost: 5
            }
        return kind << 56 | (entry.subject & 0x00FF_FFFF_FFFF_FFFF)
    }

    public func nextDue() async throws -> Date? {
        try await said {
            for try await at in try await client.checkedQuery("SELECT min(due_at) FROM due", logger: logger).decode(Double?.self) {
                return at.map(Date.init(timeIntervalSince1970:))
            }
            return nil
        }
    }

    public func setDue(_ entries: [(DueEntry.Kind, Int64, Date?)]) async throws {
        guard !entries.isEmpty else { return }
        try await said {
            try await transaction { connection in
                for (kind, subject, due) in entries {
                    try await Self.setDue(kind, subject, at: due, on: connection, logger: logger)
                }
            }
        }
    }

    public func setDayEnd(of accountID: Int64, at due: Date?) async throws {
        try await setDue([(.dayEnd, accountID, due)])
    }

    static func setDue(_ kind: DueEntry.Kind, _ subject: Int64, at due: Date?, on connection: PostgresConnection, logger: Logger) async throws {
        if let due {
            try await connection.checkedQuery(
                """
                INSERT INTO due (kind, subject, due_at) VALUES (\(kind.rawValue), \(subject), \(due.timeIntervalSince1970))
                ON CONFLICT (kind, subject) DO UPDATE SET due_at = EXCLUDED.due_at
                """, logger: logger)
        } else {
            try await connection.checkedQuery("DELETE FROM due WHERE kind = \(kind.rawValue) AND subject = \(subject)", logger: logger)
        }
    }
}

// MARK: - Timers

extension PostgresStore: TimerStore {
    public func addTimer(accountID: Int64, habit: String, minutes: Int, at now: Date) async throws -> HabitTimer {
        let ends = now.addingTimeInterval(TimeInterval(minutes * 60))
        return try await said {
            try await transaction { connection in
                let rows = try await connection.checkedQuery(
                    """
                    INSERT INTO timer (account_id, habit, minutes, started_at, ends_at)
                    VALUES (\(accountID), \(habit), \(minutes), \(now.timeIntervalSince1970), \(ends.timeIntervalSince1970)) RETURNING id
                    """, logger: logger)
                var id: Int64 = 0
                for try await made in rows.decode(Int64.self) { id = made }
                try await Self.setDue(.timer, id, at: ends, on: connection, logger: logger)
                return HabitTimer(id: id, accountID: accountID, habit: habit, minutes: minutes, started: now, ends: ends)
            }
        }
    }

    public func timers(of accountID: Int64) async throws -> [HabitTimer] {
        try await timers("SELECT id, account_id, habit, minutes, started_at, ends_at FROM timer WHERE account_id = \(accountID) ORDER BY ends_at")
    }

    public func timer(id: Int64) async throws -> HabitTimer? {
        try await timers("SELECT id, account_id, habit, minutes, started_at, ends_at FROM timer WHERE id = \(id)").first
    }

    public func dueTimers(at now: Date) async throws -> [HabitTimer] {
        try await timers(
            """
            SELECT t.id, t.account_id, t.habit, t.minutes, t.started_at, t.ends_at FROM due JOIN timer t ON t.id = due.subject
            WHERE due.kind = 'timer' AND due.due_at <= \(now.timeIntervalSince1970) ORDER BY due.due_at
            """)
    }

    private func timers(_ query: PostgresQuery) async throws -> [HabitTimer] {
        try await rows(query).map(HabitTimer.init(row:))
    }

    public func removeTimer(id: Int64) async throws {
        try await said {
            try await transaction { connection in
                try await connection.checkedQuery("DELETE FROM timer WHERE id = \(id)", logger: logger)
                try await Self.setDue(.timer, id, at: nil, on: connection, logger: logger)
            }
        }
    }
}

// MARK: - Inboxes

extension PostgresStore: InboxStore {
    public func keep(_ item: InboxItem, for accountID: Int64) async throws {
        try await said {
            try await transaction { connection in
                _ = try await Self.keep(item, for: accountID, on: connection, logger: logger)
            }
        }
    }

    /// Keeps `item` in the user's inbox, the oldest giving way past ``DirectoryDatabase/inboxLimit``: its entry's id.
    static func keep(_ item: InboxItem, for accountID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        let rows = try await connection.checkedQuery(
            """
            INSERT INTO inbox (account_id, kind, toasts, created_at)
            VALUES (\(accountID), \(item.kind), \(item.toasts), \(item.created.timeIntervalSince1970)) RETURNING id
            """, logger: logger)
        var id: Int64 = 0
        for try await made in rows.decode(Int64.self) { id = made }
        try await connection.checkedQuery(
            """
            DELETE FROM inbox WHERE account_id = \(accountID) AND id NOT IN
            (SELECT id FROM inbox WHERE account_id = \(accountID) ORDER BY id DESC LIMIT \(DirectoryDatabase.inboxLimit))
            """, logger: logger)
        return id
    }

    public func forgetKept(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await said {
            _ = try await client.checkedQuery("DELETE FROM inbox WHERE id = ANY(\(ids))", logger: logger)
        }
    }

    public func takeInbox(of accountID: Int64) async throws -> [InboxItem] {
        try await said {
            // Taken in one statement: two logins at once can't both take an event.
            let rows = try await client.checkedQuery(
                "DELETE FROM inbox WHERE account_id = \(accountID) RETURNING id, kind, toasts, created_at", logger: logger)
            var items: [(Int64, InboxItem)] = []
            for try await (id, kind, toasts, created) in rows.decode((Int64, String, String, Double).self) {
                items.append((id, InboxItem(kind: kind, toasts: toasts, created: Date(timeIntervalSince1970: created))))
            }
            return items.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

// MARK: - What a change of a user's game writes here before it commits

extension PostgresStore {
    public func scheduleDayEnd(of accountID: Int64, at due: Date) throws {
        try waiting {
            _ = try await self.rows(
                """
                INSERT INTO due (kind, subject, due_at) VALUES ('day_end', \(accountID), \(due.timeIntervalSince1970))
                ON CONFLICT (kind, subject) DO UPDATE SET due_at = LEAST(due.due_at, EXCLUDED.due_at) RETURNING subject
                """)
        }
    }

    public func habitRenamed(of accountID: Int64, from name: String, to newName: String) throws {
        try waiting {
            try await self.transaction { connection in
                try await connection.checkedQuery(
                    "UPDATE timer SET habit = \(newName) WHERE account_id = \(accountID) AND habit = \(name)", logger: self.logger)
                // A reminder the new name has already at the same minute keeps the old one's place (as SQLite's `OR IGNORE`).
                try await connection.checkedQuery(
                    """
                    UPDATE reminder r SET habit = \(newName) WHERE r.account_id = \(accountID) AND r.habit = \(name) AND NOT EXISTS
                    (SELECT 1 FROM reminder o WHERE o.account_id = r.account_id AND coalesce(o.habit, '') = \(newName) AND o.minute = r.minute)
                    """, logger: self.logger)
            }
        }
    }

    public func moveReminders(of accountID: Int64, to settings: Settings, after now: Date) throws {
        try waiting {
            try await self.transaction { connection in
                let moved = try await self.values(
                    on: connection,
                    """
                    UPDATE reminder SET time_zone = \(settings.timeZone), day_start = \(settings.dayStartHour) WHERE account_id = \(accountID)
                    RETURNING id, minute
                    """)
                for reminder in moved {
                    guard let id = reminder.int64("id"), let minute = reminder.int("minute") else { continue }
                    try await Self.setDue(.reminder, id, at: settings.next(minute, after: now), on: connection, logger: self.logger)
                }
            }
        }
    }
}
