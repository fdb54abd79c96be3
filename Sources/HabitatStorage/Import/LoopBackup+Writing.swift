import Foundation
import GRDB
import HabitatEngine

extension LoopBackup {
    /// The schema Loop's migrations 09 to 25 leave (`uhabits-core/src/jvmMain/resources/migrations/`), as the text
    /// Loop's own database holds: Loop's importer (`LoopDBImporter`) reads a file with it, at `user_version` 25, as
    /// one of its own backups.
    static let schema = [
        "CREATE TABLE android_metadata (locale TEXT)",
        """
        CREATE TABLE Habits ( id integer primary key autoincrement, archived integer, color integer, description text, freq_den integer, \
        freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer , reminder_days \
        integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not \
        null default 0, unit text not null default "", question text, uuid text)
        """,
        "CREATE TABLE Events ( id integer primary key autoincrement, timestamp integer, message text, server_id integer )",
        "CREATE TABLE Repetitions ( id integer primary key autoincrement, habit integer not null references habits(id), timestamp integer not null, value integer not null, notes text)",
        "CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions( habit, timestamp)",
    ]

    /// Loop's "N times in M days" for a schedule: every day 1/1, every N days 1/N, N times a week N/7 (on some
    /// weekdays: as many a week), N times a month N/30.
    static func frequency(of schedule: Schedule) -> (num: Int, den: Int) {
        switch schedule {
        case .daily: (1, 1)
        case .interval(let days): (1, days)
        case .weekdays(let days): days.count >= 7 ? (1, 1) : (days.count, 7)
        case .quota(let times, .week): times >= 7 ? (1, 1) : (times, 7)
        case .quota(let times, .month): (times, 30)
        }
    }

    /// A habit as Loop keeps one: a good habit is a yes/no habit on its schedule's frequency, or a measurable one "at
    /// least" its target a day; a bad habit is a measurable one "at most" its limit a day (0 for one without), its
    /// slips the amount, in `times` when it has no unit.
    static func said(_ habit: Habit) -> (numerical: Bool, num: Int, den: Int, atMost: Bool, target: Double, unit: String) {
        let numerical = habit.kind == .bad || habit.amount != nil
        let (num, den) = numerical ? (1, 1) : frequency(of: habit.schedule)
        return (numerical, num, den, habit.kind == .bad, habit.amount?.count.double ?? 0, habit.amount?.unit ?? (habit.kind == .bad ? "times" : ""))
    }

    /// Writes `habits` and their days (how many times, or how much, each day; the day's notes) as a Loop backup at
    /// `path`, which must not exist yet, each habit as ``said(_:)`` says it.
    public static func write(_ habits: [Habit], days: [Int64: [Day: Quantity]], notes: [Int64: [Day: String]], to path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.inDatabase { db in
            for statement in schema { try db.execute(sql: statement) }
            try db.execute(sql: "INSERT INTO android_metadata VALUES ('en_US')")
            for (position, habit) in habits.enumerated() {
                guard let id = habit.id else { continue }
                let said = said(habit)
                try db.execute(
                    sql: """
                        INSERT INTO Habits (archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour,
                        reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
                        VALUES (?, 11, '', ?, ?, 0, ?, ?, NULL, NULL, 0, ?, ?, ?, ?, '', ?)
                        """,
                    arguments: [
                        habit.archived ? 1 : 0, said.den, said.num, habit.name, position, said.numerical ? 1 : 0, said.atMost ? 1 : 0,
                        said.target, said.unit,
                        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""),
                    ])
                let loopID = db.lastInsertedRowID
                for (day, count) in (days[id] ?? [:]).sorted(by: { $0.key < $1.key }) where count > 0 {
                    try db.execute(
                        sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)",
                        arguments: [loopID, Int64(day.ordinal) * 86_400_000, said.numerical ? count.thousandths : 2, notes[id]?[day] ?? ""])
                }
            }
            try db.execute(sql: "PRAGMA user_version = 25")
        }
    }
}

extension LedgerAccess {
    /// The notes of each habit's standing recordings, by day (a day's several notes joined by `; `).
    public func habitNotes() throws -> [Int64: [Day: String]] {
        var notes: [Int64: [Day: String]] = [:]
        for (id, day, note) in try standingNotes() {
            notes[id, default: [:]][day] = notes[id]?[day].map { "\($0); \(note)" } ?? note
        }
        return notes
    }
}

extension Ledger {
    public func standingNotes() throws -> [(habitID: Int64, day: Day, note: String)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT e.habit_id, e.day, e.note FROM ledger e
                WHERE e.habit_id IS NOT NULL AND e.note IS NOT NULL AND e.kind IN ('completion', 'slip') AND \(Self.standing) ORDER BY e.id
                """
        ).compactMap { row in Day(iso: row[1]).map { (row[0], $0, row[2]) } }
    }
}
