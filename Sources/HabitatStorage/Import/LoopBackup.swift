import Foundation
import GRDB
import HabitatEngine

/// Loop Habit Tracker's database backup (the `.db` its "Export full backup" writes: a copy of its SQLite database,
/// schema version 25 in Loop 2.x), read as an ``ImportPlan``.
///
/// The format, from Loop's source (`iSoron/uhabits`, v2.3.1): `uhabits-core/src/jvmMain/resources/migrations/09.sql`
/// to `25.sql` make the `Habits` and `Repetitions` tables; `core/models/sqlite/records/HabitRecord.kt` and
/// `EntryRecord.kt` read them; `core/models/Entry.kt` says what a day's value means (2 done, 0 not done, 3 skipped,
/// -1 unknown, and for a measurable habit the amount × 1000); `core/io/LoopDBImporter.kt` decides what a backup is.
/// Columns are read by name: backups of databases Loop 1.x first made order them otherwise.
public enum LoopBackup {
    public static let source = "Loop Habit Tracker"

    /// What Loop's own importer accepts (`LoopDBImporter.canHandle`): an SQLite file with tables named `Habits` and
    /// `Repetitions`, of schema version 25 or older.
    public static func isBackup(at path: String) -> Bool {
        guard file(at: path, startsWith: "SQLite format 3") else { return false }
        return (try? open(path).read { db -> Bool in
            let tables = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'Habits' OR name = 'Repetitions'")
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version")
            return tables == 2 && (version ?? 0) <= 25
        }) ?? false
    }

    /// The habits of the backup at `path` and their days, in Loop's order, with what Habitat keeps only roughly or not
    /// at all said in `notes`. `name` is how the file is called in what is said (its own file name unless given).
    public static func read(at path: String, name: String? = nil) throws -> ImportPlan {
        do {
            return try plan(at: path)
        } catch let error as DatabaseError {
            let name = name ?? URL(fileURLWithPath: path).lastPathComponent
            let reason = error.resultCode == .SQLITE_ERROR ? "its tables are not as Loop makes them" : "it is damaged"
            throw HabitatError(.invalidArgument, "\(name) can't be read as Loop's backup: \(reason). Nothing was imported.")
        }
    }

    static func plan(at path: String) throws -> ImportPlan {
        let queue = try open(path)
        defer { try? queue.close() }
        return try queue.read { db in
            var plan = ImportPlan(source: source)
            var unkept = Unkept()
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM Habits ORDER BY position, \(try idColumn(db))")
            for (index, row) in rows.enumerated() {
                let days = try row.integer(try idColumn(db)).map {
                    try Row.fetchAll(db, sql: "SELECT timestamp, value, notes FROM Repetitions WHERE habit = ? ORDER BY timestamp", arguments: [$0])
                }
                plan.habits.append(habit(row, days: days ?? [], number: index + 1, unkept: &unkept))
            }
            plan.notes = unkept.notes(plan)
            return plan
        }
    }

    static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// `id`, or `Id` in a backup of a database Loop 1.x made.
    static func idColumn(_ db: Database) throws -> String {
        try db.columns(in: "Habits").contains { $0.name == "id" } ? "id" : "Id"
    }

    /// What Habitat keeps only roughly, gathered as the habits are read.
    struct Unkept {
        var schedules: [String] = []
        var amounts: [String] = []
        var skips = 0
        var notesOnDaysNotDone = 0
        var reminders = 0
        var questions = 0

        func notes(_ plan: ImportPlan) -> [String] {
            var notes = schedules + amounts
            if skips > 0 {
                notes.append("\(GameState.count(skips, "skipped day")) \(skips == 1 ? "is" : "are") kept as not done: to keep a break from counting, pause the habit here.")
            }
            if notesOnDaysNotDone > 0 {
                notes.append("\(GameState.count(notesOnDaysNotDone, "note")) on days not done \(notesOnDaysNotDone == 1 ? "is" : "are") not brought in (a note here belongs to a day done).")
            }
            if reminders > 0 { notes.append("Reminders (\(reminders)) are not brought in: set them with 'remind me to <habit> at <time>'.") }
            if questions > 0 { notes.append("Questions, descriptions and colours are not brought in.") }
            return notes
        }
    }

    /// A habit as Loop keeps it, whichever of its files it was read from; `days` its stored values (``Repetitions``).
    struct LoopHabit {
        var name: String
        var numerical = false
        var atMost = false
        var num = 1
        var den = 1
        var target = 0.0
        var unit = ""
        var archived = false
        var reminder = false
        var described = false
        var days: [(day: Day, value: Int64, note: String?)] = []
    }

    static func habit(_ row: Row, days rows: [Row], number: Int, unkept: inout Unkept) -> ImportedHabit {
        var habit = LoopHabit(name: row.text("name") ?? "")
        (habit.num, habit.den) = (max(1, Int(row.integer("freq_num") ?? 1)), max(1, Int(row.integer("freq_den") ?? 1)))
        habit.numerical = row.integer("type") == 1
        habit.atMost = row.integer("target_type") == 1
        // A NULL `archived` is archived, as Loop reads it (`archived != 0`).
        habit.archived = row.integer("archived").map { $0 != 0 } ?? true
        habit.reminder = row.integer("reminder_hour") != nil && row.integer("reminder_min") != nil
        habit.described = !((row.text("question") ?? "").isEmpty && (row.text("description") ?? "").isEmpty)
        habit.target = row.real("target_value") ?? 0
        habit.unit = (row.text("unit") ?? "").trimmingCharacters(in: .whitespaces)
        // A line whose day or value is no number is no day Loop wrote: it is passed over.
        habit.days = rows.compactMap { day in
            guard let timestamp = day.integer("timestamp"), let value = day.integer("value") else { return nil }
            return (Day(ordinal: Int(timestamp / 86_400_000)), value, day.text("notes").flatMap { $0.isEmpty ? nil : $0 })
        }
        return imported(habit, number: number, unkept: &unkept)
    }

    /// A Loop habit as Habitat keeps it: a yes/no habit's days done (value 2), a measurable one's amounts.
    static func imported(_ loop: LoopHabit, number: Int, unkept: inout Unkept) -> ImportedHabit {
        var name = loop.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { name = "Loop habit \(number)" }
        if loop.reminder { unkept.reminders += 1 }
        if loop.described { unkept.questions += 1 }
        var imported = ImportedHabit(name: name, archived: loop.archived)
        var days: [ImportedDay] = []
        for (on, value, note) in loop.days {
            if loop.numerical {
                guard value > 0, value != 3 else {
                    if value == 3 { unkept.skips += 1 }
                    if note != nil { unkept.notesOnDaysNotDone += 1 }
                    continue
                }
                // Loop keeps an amount × 1000: thousandths, as Habitat does.
                days.append(ImportedDay(day: on, quantity: Quantity(thousandths: Int(value)), note: note))
            } else if value == 2 {
                days.append(ImportedDay(day: on, note: note))
            } else {
                if value == 3 { unkept.skips += 1 }
                if note != nil { unkept.notesOnDaysNotDone += 1 }
            }
        }
        imported.days = days.sorted { $0.day < $1.day }
        if loop.numerical {
            // Loop's target is for the days of its frequency (`target_value` per `freq_den` days); Habitat's is a day's.
            let perDay = max(1, whole(loop.target / Double(loop.den), .up) ?? 1)
            imported.kind = loop.atMost ? .bad : .good
            imported.amount = DailyAmount(Quantity(min(perDay, DailyAmount.most)), unit: loop.unit.isEmpty ? nil : loop.unit)
            let said = GameState.describe(imported.amount!, of: imported.kind)
            if loop.den > 1 {
                let period = loop.den == 7 ? "a week" : loop.den >= 30 ? "a month" : "in \(loop.den) days"
                let target = "\(loop.atMost ? "at most" : "at least") \(formatted(loop.target))\(loop.unit.isEmpty ? "" : " \(loop.unit)") \(period)"
                unkept.amounts.append("\(name): \(target) is kept as \(said).")
            }
        } else {
            imported.schedule = schedule(num: loop.num, den: loop.den)
            if let rough = roughly(num: loop.num, den: loop.den, as: imported.schedule) { unkept.schedules.append("\(name): \(rough).") }
        }
        return imported
    }

    /// Loop's "`num` times in `den` days" as a Habitat schedule: every day, every N days, N times a week or a month;
    /// another (`2 times in 3 days`) as the times a week it comes to.
    static func schedule(num: Int, den: Int) -> Schedule {
        if num >= den { return .daily }
        if num == 1 { return .interval(min(den, 365)) }
        if den == 7 { return .quota(num, .week) }
        if den == 30 || den == 31 { return .quota(num, .month) }
        let weekly = Int((Double(num) * 7 / Double(den)).rounded())
        return weekly >= 7 ? .daily : .quota(max(1, weekly), .week)
    }

    /// What a schedule lost of Loop's frequency, said for the person; `nil` when nothing.
    static func roughly(num: Int, den: Int, as schedule: Schedule) -> String? {
        if num >= den || num == 1 && den <= 365 || den == 7 || den == 30 || den == 31 { return nil }
        return "\(num) times in \(den) days is kept as \(schedule.words)"
    }

    /// `10`, `2.5`: a target as Loop shows it.
    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? (whole(value).map(String.init) ?? String(value)) : String(value)
    }
}

extension Row {
    /// A column of a file made anywhere, read without trusting its type: a whole number (an integer, or a real that is
    /// one), nil for NULL, text, a blob, or a column the table lacks.
    func integer(_ column: String) -> Int64? {
        switch self[column]?.databaseValue.storage {
        case .int64(let value): value
        case .double(let value): whole(value).map(Int64.init)
        default: nil
        }
    }

    /// A number (integer or real, finite), nil otherwise.
    func real(_ column: String) -> Double? {
        switch self[column]?.databaseValue.storage {
        case .int64(let value): Double(value)
        case .double(let value): value.isFinite ? value : nil
        default: nil
        }
    }
}
