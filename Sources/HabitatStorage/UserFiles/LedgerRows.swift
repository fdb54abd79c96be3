import Foundation
import GRDB
import HabitatEngine

/// Reads and appends the ledger of one user's file, inside a transaction.
public struct Ledger: RecordedPast {
    let db: Database
    /// Appends go through these; reads through GRDB.
    let statements: RawStatements

    init(db: Database, statements: RawStatements? = nil) {
        self.db = db
        self.statements = statements ?? RawStatements(db)
    }

    /// Rows that are not undone (and not undo rows themselves).
    static let standing = "e.kind != 'undo' AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.reverts = e.id)"

    /// The most recent action that is not undone yet (a routine's own completions are undone with it).
    public func latestUndoable() throws -> LedgerEntry? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM ledger e WHERE \(Self.standing) AND e.batch IS NULL ORDER BY e.id DESC LIMIT 1")
        ).map(LedgerEntry.init(row:))
    }

    /// Appends an outcome's entries: the lead entry, the batch recorded with it, and, when the lead
    /// reverts an entry, undo rows for that entry's batch too. Returns the lead entry with its id.
    @discardableResult
    public func append(_ outcome: Outcome) throws -> LedgerEntry? {
        guard let lead = outcome.entry else { return nil }
        let saved = try append(lead)
        for var member in outcome.batch {
            member.batch = saved.id
            try append(member)
        }
        if lead.kind == .undo, let reverted = lead.reverts {
            let members = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM ledger WHERE batch = ?"), arguments: [reverted])
                .map(LedgerEntry.init(row:))
            for member in members {
                var undo = lead
                undo.reverts = member.id
                undo.habitID = member.habitID
                undo.subject = member.subject
                (undo.xp, undo.coins, undo.health) = (-member.xp, -member.coins, -member.health)
                undo.batch = saved.id
                try append(undo)
            }
        }
        return saved
    }

    /// Every to-do, open and done, oldest first.
    public func todos() throws -> [Todo] {
        try Row.fetchAll(db, sql: "SELECT * FROM todo ORDER BY id").map(Todo.init(row:))
    }

    /// Appends one entry and returns it with its id.
    @discardableResult
    public func append(_ entry: LedgerEntry) throws -> LedgerEntry {
        let statement = try statements(
            """
            INSERT INTO ledger (at, day, kind, habit_id, subject, quantity, xp, coins, health, note,
                time_of_day, before, reverts, batch, room_token, todo_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // The instant as the file keeps it (seconds since 1970, a Double): the entry returned carries the
        // same, so it equals the one read back later to the bit.
        let seconds = entry.at.timeIntervalSince1970
        statement.bind(seconds)
        statement.bind(entry.day.description)
        statement.bind(entry.kind.rawValue)
        statement.bind(entry.habitID)
        statement.bind(entry.subject)
        statement.bind(entry.quantity)
        statement.bind(entry.xp)
        statement.bind(entry.coins)
        statement.bind(entry.health)
        statement.bind(entry.note)
        statement.bind(entry.timeOfDay)
        if let before = entry.before { statement.bind(utf8: before.storedBytes) } else { statement.bindNull() }
        statement.bind(entry.reverts)
        statement.bind(entry.batch)
        statement.bind(entry.roomToken)
        statement.bind(entry.todoID)
        try statement.run()
        var saved = entry
        saved.id = statement.lastInsertedRowID
        saved.at = Date(timeIntervalSince1970: seconds)
        return saved
    }

    /// The days a habit was recorded on (undone recordings left out).
    public func days(of habitID: Int64) throws -> Set<Day> {
        let days = try String.fetchAll(
            db, sql: "SELECT DISTINCT e.day FROM ledger e WHERE e.habit_id = ? AND e.kind IN ('completion', 'slip') AND \(Self.standing)",
            arguments: [habitID])
        return Set(days.compactMap(Day.init(iso:)))
    }

    /// How much of a habit was recorded on `day`, and whether a recording of it that day earned XP or coins (undone
    /// recordings left out).
    public func amount(of habitID: Int64, on day: Day) throws -> DayAmount {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT COALESCE(SUM(e.quantity), 0), COALESCE(MAX(e.xp > 0 OR e.coins > 0), 0) FROM ledger e
                WHERE e.habit_id = ? AND e.day = ? AND e.kind IN ('completion', 'slip') AND \(Self.standing)
                """,
            arguments: [habitID, day.description])
        return DayAmount(amount: row?[0] ?? 0, credited: (row?[1] as Int? ?? 0) != 0)
    }

    /// The life the ends of the days from `first` through `last` took for a habit (its `missed` entries) that no
    /// completion on those days has given back yet (undone entries left out).
    public func bitten(of habitID: Int64, from first: Day, through last: Day) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT COALESCE(SUM(CASE WHEN e.kind = 'missed' THEN -e.health WHEN e.kind = 'completion' AND e.health > 0 THEN -e.health ELSE 0 END), 0)
                FROM ledger e WHERE e.habit_id = ? AND e.day BETWEEN ? AND ? AND e.kind IN ('missed', 'completion') AND \(Self.standing)
                """,
            arguments: [habitID, first.description, last.description]) ?? 0
    }

    /// How many times each habit was recorded on each day (completions and slips; undone ones left out), by habit id:
    /// what streaks and strength by schedule are counted from (``StreakAndStrength``).
    /// With `since`, only the days from it on: enough to tell what is due today (a reminder's question) without
    /// reading years of history.
    public func habitDays(since first: Day? = nil) throws -> [Int64: [Day: Int]] {
        var days: [Int64: [Day: Int]] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT e.habit_id, e.day, SUM(e.quantity) FROM ledger e
                WHERE e.habit_id IS NOT NULL AND e.kind IN ('completion', 'slip') \(first == nil ? "" : "AND e.day >= ?") AND \(Self.standing)
                GROUP BY e.habit_id, e.day
                """, arguments: StatementArguments(first.map { [$0.description] } ?? []))
        while let row = try rows.next() {
            guard let day = Day(iso: row[1]) else { continue }
            days[row[0], default: [:]][day] = row[2]
        }
        return days
    }

    /// Completions and slips from `first` through `last` (undone ones left out), oldest first;
    /// only `habitID`'s when given.
    public func recordings(from first: Day, through last: Day, habitID: Int64? = nil) throws -> [LedgerEntry] {
        var sql = "SELECT * FROM ledger e WHERE e.day BETWEEN ? AND ? AND e.kind IN ('completion', 'slip') AND \(Self.standing)"
        var arguments: StatementArguments = [first.description, last.description]
        if let habitID {
            sql += " AND e.habit_id = ?"
            arguments += [habitID]
        }
        return try Row.fetchAll(db, sql: sql + " ORDER BY e.day, e.id", arguments: arguments).map(LedgerEntry.init(row:))
    }

    /// The latest `limit` entries that stand (not undone, not routine leads), newest day first.
    public func recent(limit: Int, habitID: Int64? = nil) throws -> [LedgerEntry] {
        // Newest day first through the index of days, until `limit` stand: left to itself, SQLite would read every row
        // of the ledger to find one habit's.
        var sql = "SELECT * FROM ledger e INDEXED BY ledger_day_habit WHERE e.kind != 'routine' AND \(Self.standing)"
        var arguments: StatementArguments = []
        if let habitID {
            sql += " AND e.habit_id = ?"
            arguments += [habitID]
        }
        return try Row.fetchAll(db, sql: sql + " ORDER BY e.day DESC, e.id DESC LIMIT ?", arguments: arguments + [limit])
            .map(LedgerEntry.init(row:))
    }

    /// Whether this ledger has a row of `kind` carrying a room token (so a shared completion, or its
    /// undo, committed).
    public func hasEntry(roomToken: String, kind: LedgerEntry.Kind) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM ledger WHERE room_token = ? AND kind = ?)", arguments: [roomToken, kind.rawValue]) ?? false
    }

    /// The entry with a room token that is not an undo.
    public func entry(roomToken: String) throws -> LedgerEntry? {
        try Row.fetchOne(db, sql: "SELECT * FROM ledger WHERE room_token = ? AND kind != 'undo'", arguments: [roomToken]).map(LedgerEntry.init(row:))
    }

    /// Whether an entry for `subject` was written at exactly `at` (a timer's recording, already made).
    public func hasEntry(at date: Date, subject: String) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM ledger WHERE at = ? AND subject = ? COLLATE NOCASE)",
            arguments: [date.timeIntervalSince1970, subject]) ?? false
    }

    /// Every entry, oldest first, undone ones and undo rows included (export).
    public func all() throws -> [LedgerEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM ledger ORDER BY id").map(LedgerEntry.init(row:))
    }

    public func count() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") ?? 0
    }
}

extension LedgerEntry {
    init(row: Row) {
        let before = (row["before"] as String?).flatMap(Snapshot.init(storedText:))
        self.init(
            id: row["id"], at: Date(timeIntervalSince1970: row["at"]), day: Day(iso: row["day"]) ?? Day(ordinal: 0),
            kind: LedgerEntry.Kind(rawValue: row["kind"]) ?? .completion, habitID: row["habit_id"],
            subject: row["subject"], quantity: row["quantity"], xp: row["xp"], coins: row["coins"],
            health: row["health"], note: row["note"], timeOfDay: row["time_of_day"], before: before,
            reverts: row["reverts"], batch: row["batch"], roomToken: row["room_token"], todoID: row["todo_id"])
    }
}
