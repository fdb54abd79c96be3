import Foundation
import HabitatEngine
import HabitatStorage
import PostgresNIO

/// A user's ledger in PostgreSQL, read and appended inside the transaction of `rows`. The same questions as a SQLite
/// file's `Ledger`, asked of the account's rows.
struct PostgresLedger: LedgerAccess {
    let rows: AccountRows

    /// Rows that are not undone (and not undo rows themselves), of the account whose id is `$account`.
    static func standing(_ account: String) -> String {
        "e.kind <> 'undo' AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.account_id = \(account) AND u.reverts = e.id)"
    }

    private func entries(_ sql: String, _ bind: (PostgresBinder) -> Void = { _ in }) throws -> [LedgerEntry] {
        try rows.values(sql, bind).map(LedgerEntry.init(row:))
    }

    func latestUndoable() throws -> LedgerEntry? {
        try entries("SELECT * FROM ledger e WHERE e.account_id = $1 AND \(Self.standing("$1")) AND e.batch IS NULL ORDER BY e.id DESC LIMIT 1")
            .first
    }

    func append(_ entry: LedgerEntry) throws -> LedgerEntry {
        try entry.appended(with: rows)
    }

    func batch(ledBy lead: Int64) throws -> [LedgerEntry] {
        try entries("SELECT * FROM ledger WHERE batch = $1 AND account_id = $2 ORDER BY id") { $0.bind(lead) }
    }

    func todos() throws -> [Todo] {
        try rows.values("SELECT * FROM todo WHERE account_id = $1 ORDER BY id").map(Todo.init(row:))
    }

    func days(of habitID: Int64) throws -> Set<Day> {
        let found = try rows.query(
            "SELECT DISTINCT e.day FROM ledger e WHERE e.habit_id = $1 AND e.account_id = $2 AND e.kind IN ('completion', 'slip') AND \(Self.standing("$2"))"
        ) { $0.bind(habitID) }
        return Set(try found.map { try $0.decode(Day.self) })
    }

    func amount(of habitID: Int64, on day: Day) throws -> DayAmount {
        let found = try rows.query(
            """
            SELECT (COALESCE(SUM(e.quantity), 0) * 1000)::bigint, COALESCE(bool_or(e.xp > 0 OR e.coins > 0), false) FROM ledger e
            WHERE e.habit_id = $1 AND e.day = $2 AND e.account_id = $3 AND e.kind IN ('completion', 'slip') AND \(Self.standing("$3"))
            """
        ) { binder in
            binder.bind(habitID)
            binder.bind(day: day)
        }
        guard let row = found.first else { return DayAmount(amount: 0, credited: false) }
        let (thousandths, credited) = try row.decode((Int, Bool).self)
        return DayAmount(amount: Quantity(thousandths: thousandths), credited: credited)
    }

    func bitten(of habitID: Int64, from first: Day, through last: Day) throws -> Int {
        let found = try rows.query(
            """
            SELECT COALESCE(SUM(CASE WHEN e.kind = 'missed' THEN -e.health WHEN e.kind = 'completion' AND e.health > 0 THEN -e.health ELSE 0 END), 0)::bigint
            FROM ledger e WHERE e.habit_id = $1 AND e.day BETWEEN $2 AND $3 AND e.account_id = $4 AND e.kind IN ('missed', 'completion')
                AND \(Self.standing("$4"))
            """
        ) { binder in
            binder.bind(habitID)
            binder.bind(day: first)
            binder.bind(day: last)
        }
        return try found.first?.decode(Int.self) ?? 0
    }

    func habitDays(since first: Day?) throws -> [Int64: [Day: Quantity]] {
        let found = try rows.query(
            """
            SELECT e.habit_id, e.day, (SUM(e.quantity) * 1000)::bigint FROM ledger e
            WHERE e.habit_id IS NOT NULL AND e.kind IN ('completion', 'slip') AND ($1::date IS NULL OR e.day >= $1) AND e.account_id = $2
                AND \(Self.standing("$2"))
            GROUP BY e.habit_id, e.day
            """
        ) { $0.bind(day: first) }
        var days: [Int64: [Day: Quantity]] = [:]
        for row in found {
            let (habitID, day, thousandths) = try row.decode((Int64, Day, Int).self)
            days[habitID, default: [:]][day] = Quantity(thousandths: thousandths)
        }
        return days
    }

    func recordings(from first: Day, through last: Day, habitID: Int64?) throws -> [LedgerEntry] {
        try entries(
            """
            SELECT * FROM ledger e WHERE e.day BETWEEN $1 AND $2 AND ($3::bigint IS NULL OR e.habit_id = $3) AND e.account_id = $4
                AND e.kind IN ('completion', 'slip') AND \(Self.standing("$4"))
            ORDER BY e.day, e.id
            """
        ) { binder in
            binder.bind(day: first)
            binder.bind(day: last)
            binder.bind(habitID)
        }
    }

    func recent(limit: Int, habitID: Int64?) throws -> [LedgerEntry] {
        try entries(
            """
            SELECT * FROM ledger e WHERE e.kind <> 'routine' AND ($1::bigint IS NULL OR e.habit_id = $1) AND e.account_id = $3
                AND \(Self.standing("$3"))
            ORDER BY e.day DESC, e.id DESC LIMIT $2
            """
        ) { binder in
            binder.bind(habitID)
            binder.bind(limit)
        }
    }

    func hasEntry(roomToken: String, kind: LedgerEntry.Kind) throws -> Bool {
        try !rows.query("SELECT 1 FROM ledger WHERE room_token = $1 AND kind = $2 AND account_id = $3 LIMIT 1") { binder in
            binder.bind(roomToken)
            binder.bind(kind.rawValue)
        }.isEmpty
    }

    func entry(roomToken: String) throws -> LedgerEntry? {
        try entries("SELECT * FROM ledger WHERE room_token = $1 AND kind <> 'undo' AND account_id = $2 ORDER BY id LIMIT 1") {
            $0.bind(roomToken)
        }.first
    }

    func hasEntry(at date: Date, subject: String) throws -> Bool {
        try !rows.query("SELECT 1 FROM ledger WHERE at = $1 AND lower(subject) = lower($2) AND account_id = $3 LIMIT 1") { binder in
            binder.bind(date.timeIntervalSince1970)
            binder.bind(subject)
        }.isEmpty
    }

    func all() throws -> [LedgerEntry] {
        try entries("SELECT * FROM ledger WHERE account_id = $1 ORDER BY id")
    }

    func count() throws -> Int {
        try rows.query("SELECT count(*) FROM ledger WHERE account_id = $1") { _ in }.first?.decode(Int.self) ?? 0
    }

    func standingNotes() throws -> [(habitID: Int64, day: Day, note: String)] {
        try rows.query(
            """
            SELECT e.habit_id, e.day, e.note FROM ledger e
            WHERE e.habit_id IS NOT NULL AND e.note IS NOT NULL AND e.kind IN ('completion', 'slip') AND e.account_id = $1
                AND \(Self.standing("$1"))
            ORDER BY e.id
            """
        ) { _ in }.map { row in
            let (habitID, day, note) = try row.decode((Int64, Day, String).self)
            return (habitID, day, note)
        }
    }
}
