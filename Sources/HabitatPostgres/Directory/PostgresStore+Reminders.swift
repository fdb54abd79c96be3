import Foundation
import HabitatEngine
import HabitatStorage
import PostgresNIO

extension PostgresStore: ReminderStore {
    public func addReminder(
        accountID: Int64, habit: String?, minute: Int, settings: Settings, due: Date
    ) async throws -> (reminder: Reminder, added: Bool) {
        try await said {
            try await transaction { connection in
                // The account's reminders are counted and added one change at a time.
                try await connection.checkedQuery("SELECT 1 FROM account WHERE id = \(accountID) FOR UPDATE", logger: logger)
                var (count, same) = (0, false)
                for try await found in try await connection.checkedQuery(
                    """
                    SELECT count(*), coalesce(bool_or(coalesce(habit, '') = \(habit ?? "") AND minute = \(minute)), false)
                    FROM reminder WHERE account_id = \(accountID)
                    """, logger: logger
                ).decode((Int, Bool).self) { (count, same) = found }
                if same { return (Reminder(id: 0, habit: habit, minute: minute), false) }
                guard count < Reminder.maxPerUser else {
                    throw HabitatError(.limitReached, "You have \(Reminder.maxPerUser) reminders; stop one first ('reminders' lists them).")
                }
                var id: Int64 = 0
                for try await made in try await connection.checkedQuery(
                    """
                    INSERT INTO reminder (account_id, habit, minute, time_zone, day_start)
                    VALUES (\(accountID), \(habit), \(minute), \(settings.timeZone), \(settings.dayStartHour)) RETURNING id
                    """, logger: logger
                ).decode(Int64.self) { id = made }
                try await Self.setDue(.reminder, id, at: due, on: connection, logger: logger)
                return (Reminder(id: id, habit: habit, minute: minute), true)
            }
        }
    }

    public func reminders(of accountID: Int64) async throws -> [StoredReminder] {
        try await rows("SELECT * FROM reminder WHERE account_id = \(accountID) ORDER BY minute, habit IS NOT NULL, habit COLLATE \"C\"")
            .map(StoredReminder.init(row:))
    }

    public func reminder(id: Int64) async throws -> StoredReminder? {
        try await rows("SELECT * FROM reminder WHERE id = \(id)").first.map(StoredReminder.init(row:))
    }

    public func reminders(ids: [Int64]) async throws -> [Int64: (reminder: StoredReminder, account: Account)] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int64: (reminder: StoredReminder, account: Account)] = [:]
        for row in try await rows(
            """
            SELECT reminder.*, account.name AS account_name, account.password_hash, account.file_id, account.created_at
            FROM reminder JOIN account ON account.id = reminder.account_id WHERE reminder.id = ANY(\(ids))
            """)
        {
            let stored = StoredReminder(row: row)
            found[stored.reminder.id] = (stored, Account(row: row, accountID: stored.accountID))
        }
        return found
    }

    public func removeReminders(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await said {
            try await transaction { connection in
                try await connection.checkedQuery("DELETE FROM reminder WHERE id = ANY(\(ids))", logger: logger)
                try await connection.checkedQuery("DELETE FROM due WHERE kind IN ('reminder', 'snooze') AND subject = ANY(\(ids))", logger: logger)
            }
        }
    }

    public func fired(_ firings: [ReminderFiring], snoozes: [Int64], at now: Date) async throws {
        guard !firings.isEmpty || !snoozes.isEmpty else { return }
        try await said {
            try await transaction { connection in
                for firing in firings {
                    try await connection.checkedQuery(
                        "UPDATE reminder SET fired_for = \(firing.day.ordinal), fired_at = \(now.timeIntervalSince1970), delivered = false WHERE id = \(firing.id)",
                        logger: logger)
                    try await Self.setDue(.reminder, firing.id, at: firing.next, on: connection, logger: logger)
                }
                for id in snoozes {
                    try await connection.checkedQuery(
                        "UPDATE reminder SET fired_at = \(now.timeIntervalSince1970), delivered = false WHERE id = \(id)", logger: logger)
                    try await Self.setDue(.snooze, id, at: nil, on: connection, logger: logger)
                }
            }
        }
    }

    public func delivered(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await said { _ = try await client.checkedQuery("UPDATE reminder SET delivered = true WHERE id = ANY(\(ids))", logger: logger) }
    }

    public func hasMissedReminders(of accountID: Int64) async throws -> Bool {
        try await !rows("SELECT 1 FROM reminder WHERE account_id = \(accountID) AND NOT delivered LIMIT 1").isEmpty
    }

    public func takeMissedReminders(of accountID: Int64, day: Day) async throws -> [Reminder] {
        try await said {
            try await transaction { connection in
                // Marked as told in the statement that finds them: two logins at once tell them once.
                let rows = try await connection.checkedQuery(
                    """
                    UPDATE reminder SET delivered = true WHERE account_id = \(accountID) AND NOT delivered
                    RETURNING id, account_id, habit, minute, fired_for, fired_at, delivered, time_zone, day_start
                    """, logger: logger)
                var missed: [Reminder] = []
                for try await row in rows {
                    let stored = StoredReminder(row: PostgresValues(row))
                    if stored.firedFor == day { missed.append(stored.reminder) }
                }
                return missed.sorted { $0.minute < $1.minute }
            }
        }
    }
}

extension PostgresStore {
    /// The rows `query` finds, each as named values.
    func rows(_ query: PostgresQuery) async throws -> [PostgresValues] {
        try await said {
            var found: [PostgresValues] = []
            for try await row in try await client.checkedQuery(query, logger: logger) { found.append(PostgresValues(row)) }
            return found
        }
    }
}
