import Foundation
import GRDB
import HabitatEngine

/// A user's ledger as either store keeps it, read and appended inside a transaction.
public protocol LedgerAccess: RecordedPast {
    /// The most recent action that is not undone yet (a routine's own completions are undone with it).
    func latestUndoable() throws -> LedgerEntry?
    /// Appends one entry and returns it with its id.
    @discardableResult
    func append(_ entry: LedgerEntry) throws -> LedgerEntry
    /// The entries recorded with the entry `lead` (a routine's completions), oldest first.
    func batch(ledBy lead: Int64) throws -> [LedgerEntry]
    /// Every to-do, open and done, oldest first.
    func todos() throws -> [Todo]
    /// How many times each habit was recorded on each day (completions and slips; undone ones left out), by habit id:
    /// what streaks and strength by schedule are counted from (``StreakAndStrength``). With `since`, only the days from
    /// it on: enough to tell what is due today (a reminder's question) without reading years of history.
    func habitDays(since first: Day?) throws -> [Int64: [Day: Quantity]]
    /// Completions and slips from `first` through `last` (undone ones left out), oldest first; only `habitID`'s when given.
    func recordings(from first: Day, through last: Day, habitID: Int64?) throws -> [LedgerEntry]
    /// The latest `limit` entries that stand (not undone, not routine leads), newest day first.
    func recent(limit: Int, habitID: Int64?) throws -> [LedgerEntry]
    /// Whether there is an entry of `kind` carrying a room token (so a shared completion, or its undo, committed).
    func hasEntry(roomToken: String, kind: LedgerEntry.Kind) throws -> Bool
    /// The entry with a room token that is not an undo.
    func entry(roomToken: String) throws -> LedgerEntry?
    /// Whether an entry for `subject` (in any case) was written at exactly `at` (a timer's recording, already made).
    func hasEntry(at date: Date, subject: String) throws -> Bool
    /// Every entry, oldest first, undone ones and undo rows included (export).
    func all() throws -> [LedgerEntry]
    func count() throws -> Int
    /// The notes of completions and slips that stand, oldest first.
    func standingNotes() throws -> [(habitID: Int64, day: Day, note: String)]
}

extension LedgerAccess {
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
            for member in try batch(ledBy: reverted) {
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

    public func habitDays() throws -> [Int64: [Day: Quantity]] { try habitDays(since: nil) }

    public func recordings(from first: Day, through last: Day) throws -> [LedgerEntry] {
        try recordings(from: first, through: last, habitID: nil)
    }

    public func recent(limit: Int) throws -> [LedgerEntry] { try recent(limit: limit, habitID: nil) }
}

/// Reads and appends the ledger of one user's file, inside a transaction.
public struct Ledger: LedgerAccess {
    let db: Database
    /// Appends go through these; reads through GRDB.
    let statements: RawStatements

    init(db: Database, statements: RawStatements? = nil) {
        self.db = db
        self.statements = statements ?? RawStatements(db)
    }

    /// Rows that are not undone (and not undo rows themselves).
    static let standing = "e.kind != 'undo' AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.reverts = e.id)"

    public func latestUndoable() throws -> LedgerEntry? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM ledger e WHERE \(Self.standing) AND e.batch IS NULL ORDER BY e.id DESC LIMIT 1")
        ).map(LedgerEntry.init(row:))
    }

    public func batch(ledBy lead: Int64) throws -> [LedgerEntry] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM ledger WHERE batch = ? ORDER BY id"), arguments: [lead])
            .map(LedgerEntry.init(row:))
    }

    public func todos() throws -> [Todo] {
        try Row.fetchAll(db, sql: "SELECT * FROM todo ORDER BY id").map(Todo.init(row:))
    }

    @discardableResult
    public func append(_ entry: LedgerEntry) throws -> LedgerEntry {
        try entry.appended(with: statements)
    }

    public func days(of habitID: Int64) throws -> Set<Day> {
        let days = try String.fetchAll(
            db, sql: "SELECT DISTINCT e.day FROM ledger e WHERE e.habit_id = ? AND e.kind IN ('completion', 'slip') AND \(Self.standing)",
            arguments: [habitID])
        return Set(days.compactMap(Day.init(iso:)))
    }

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

    public func bitten(of habitID: Int64, from first: Day, through last: Day) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT COALESCE(SUM(CASE WHEN e.kind = 'missed' THEN -e.health WHEN e.kind = 'completion' AND e.health > 0 THEN -e.health ELSE 0 END), 0)
                FROM ledger e WHERE e.habit_id = ? AND e.day BETWEEN ? AND ? AND e.kind IN ('missed', 'completion') AND \(Self.standing)
                """,
            arguments: [habitID, first.description, last.description]) ?? 0
    }

    public func habitDays(since first: Day?) throws -> [Int64: [Day: Quantity]] {
        var days: [Int64: [Day: Quantity]] = [:]
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

    public func recordings(from first: Day, through last: Day, habitID: Int64?) throws -> [LedgerEntry] {
        var sql = "SELECT * FROM ledger e WHERE e.day BETWEEN ? AND ? AND e.kind IN ('completion', 'slip') AND \(Self.standing)"
        var arguments: StatementArguments = [first.description, last.description]
        if let habitID {
            sql += " AND e.habit_id = ?"
            arguments += [habitID]
        }
        return try Row.fetchAll(db, sql: sql + " ORDER BY e.day, e.id", arguments: arguments).map(LedgerEntry.init(row:))
    }

    public func recent(limit: Int, habitID: Int64?) throws -> [LedgerEntry] {
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

    public func hasEntry(roomToken: String, kind: LedgerEntry.Kind) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM ledger WHERE room_token = ? AND kind = ?)", arguments: [roomToken, kind.rawValue]) ?? false
    }

    public func entry(roomToken: String) throws -> LedgerEntry? {
        try Row.fetchOne(db, sql: "SELECT * FROM ledger WHERE room_token = ? AND kind != 'undo'", arguments: [roomToken]).map(LedgerEntry.init(row:))
    }

    public func hasEntry(at date: Date, subject: String) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM ledger WHERE at = ? AND subject = ? COLLATE NOCASE)",
            arguments: [date.timeIntervalSince1970, subject]) ?? false
    }

    public func all() throws -> [LedgerEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM ledger ORDER BY id").map(LedgerEntry.init(row:))
    }

    public func count() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") ?? 0
    }
}

extension LedgerEntry {
    package init(row: some StoredValues) {
        let before = row.text("before").flatMap(Snapshot.init(storedText:))
        self.init(
            id: row.int64("id"), at: Date(timeIntervalSince1970: row.double("at") ?? 0), day: row.day("day") ?? Day(ordinal: 0),
            kind: row.text("kind").flatMap(LedgerEntry.Kind.init(rawValue:)) ?? .completion, habitID: row.int64("habit_id"),
            subject: row.text("subject") ?? "", quantity: row.quantity("quantity") ?? 0, xp: row.int("xp") ?? 0,
            coins: row.int("coins") ?? 0, health: row.int("health") ?? 0, note: row.text("note"), timeOfDay: row.int("time_of_day"),
            before: before, reverts: row.int64("reverts"), batch: row.int64("batch"), roomToken: row.text("room_token"),
            todoID: row.int64("todo_id"))
    }

    static let insert = RowStatement(
        .insert, "ledger",
        ["at", "day", "kind", "habit_id", "subject", "quantity", "xp", "coins", "health", "note", "time_of_day", "before", "reverts",
         "batch", "room_token", "todo_id"])

    /// The entry appended with `writer`, with the id it was given.
    package func appended(with writer: some RowWriter) throws -> LedgerEntry {
        // The instant as the store keeps it (seconds since 1970, a Double): the entry returned carries the
        // same, so it equals the one read back later to the bit.
        let seconds = at.timeIntervalSince1970
        var saved = self
        saved.id = try writer.run(Self.insert) { statement in
            statement.bind(Int64?.none)
            statement.bind(seconds)
            statement.bind(day: day)
            statement.bind(kind.rawValue)
            statement.bind(habitID)
            statement.bind(subject)
            statement.bind(quantity)
            statement.bind(xp)
            statement.bind(coins)
            statement.bind(health)
            statement.bind(note)
            statement.bind(timeOfDay)
            if let before { statement.bind(utf8: before.storedBytes) } else { statement.bind(String?.none) }
            statement.bind(reverts)
            statement.bind(batch)
            statement.bind(roomToken)
            statement.bind(todoID)
        }
        saved.at = Date(timeIntervalSince1970: seconds)
        return saved
    }
}
