import Foundation
import GRDB
import HabitatEngine

// How the engine's values map to rows of a user's file. Reads build a whole GameState;
// writes save only what changed between two states.

// MARK: - Reading

extension GameState {
    static func fetch(_ db: Database) throws -> GameState {
        var state = GameState()
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM profile WHERE id = 1") {
            state.profile = Profile(row: row)
        }
        let settingRows = try Row.fetchAll(db, sql: "SELECT key, value FROM setting")
        state.settings = Settings(rows: settingRows)
        state.retiredAreaID = settingRows.first { ($0["key"] as String?) == GameState.retiredAreaKey }.flatMap { Int64($0["value"] as String) } ?? 0
        state.endedThrough = settingRows.first { ($0["key"] as String?) == GameState.endedThroughKey }.flatMap { Day(iso: $0["value"]) }
        state.areas = try Row.fetchAll(db, sql: "SELECT * FROM area ORDER BY id").map(Area.init(row:))
        state.habits = try Row.fetchAll(db, sql: "SELECT * FROM habit ORDER BY id").map(Habit.init(row:))
        state.rewards = try Row.fetchAll(db, sql: "SELECT * FROM reward ORDER BY id").map {
            Reward(id: $0["id"], name: $0["name"], price: $0["price"])
        }
        state.routines = try Row.fetchAll(db, sql: "SELECT * FROM routine ORDER BY id").map {
            Routine(id: $0["id"], name: $0["name"], habitIDs: ($0["habit_ids"] as String).split(separator: ",").compactMap { Int64($0) })
        }
        state.todos = try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM todo WHERE done_at IS NULL
                    OR id IN (SELECT id FROM todo WHERE done_at IS NOT NULL ORDER BY done_at DESC LIMIT \(GameState.doneTodosKept))
                ORDER BY id
                """
        ).map(Todo.init(row:))
        state.pauses = try Row.fetchAll(db, sql: "SELECT * FROM pause ORDER BY id").compactMap { row in
            guard let first = Day(iso: row["first_day"]), let last = Day(iso: row["last_day"]) else { return nil }
            return Pause(id: row["id"], habitID: row["habit_id"], first: first, last: last)
        }
        return state
    }
}

extension Profile {
    init(row: Row) {
        var challenge: Challenge?
        if let target: Double = row["challenge_target_km"], let started = (row["challenge_started"] as String?).flatMap(Day.init(iso:)) {
            challenge = Challenge(targetKm: target, progressKm: row["challenge_progress_km"] ?? 0, started: started)
        }
        self.init(
            progress: Progress(level: row["level"], xp: row["xp"]), coins: row["coins"], health: row["health"],
            maxHealth: row["max_health"], state: LifeState(rawValue: row["state"]) ?? .active, challenge: challenge)
    }

    /// Binds the columns of `UPDATE profile` in order.
    func bind(to statement: RawStatement) {
        statement.bind(progress.level)
        statement.bind(progress.xp)
        statement.bind(coins)
        statement.bind(health)
        statement.bind(maxHealth)
        statement.bind(state.rawValue)
        statement.bind(challenge?.targetKm)
        statement.bind(challenge?.progressKm)
        statement.bind(challenge?.started.description)
    }
}

extension Habit {
    init(row: Row) {
        self.init(
            id: row["id"], name: row["name"], kind: HabitKind(rawValue: row["kind"]) ?? .good, xp: row["xp"],
            coins: row["coins"], life: row["life"], areaID: row["area_id"], archived: row["archived"],
            tracksTime: row["tracks_time"], created: Day(iso: row["created_day"]) ?? Day(ordinal: 0),
            stats: HabitStats(
                streak: row["streak"], best: row["best_streak"], lastDay: (row["last_day"] as String?).flatMap(Day.init(iso:)),
                total: row["total"]),
            schedule: Schedule(words: (row["schedule"] as String? ?? "").split(separator: " ").map(String.init)) ?? .daily,
            amount: (row["amount"] as Int?).map { DailyAmount($0, unit: row["amount_unit"]) }, bite: row["bite"] ?? 0,
            biteSince: (row["bite_since"] as String?).flatMap(Day.init(iso:)),
            words: (row["words"] as String? ?? "").split(separator: "\n").map(String.init))
        checklist = ChecklistItem.items(stored: row["checklist"] ?? "")
        checklistDay = (row["checklist_day"] as String?).flatMap(Day.init(iso:))
    }
}

extension Area {
    init(row: Row) {
        self.init(
            id: row["id"], name: row["name"], progress: Progress(level: row["level"], xp: row["xp"]),
            curve: LevelCurve(
                kind: LevelCurve.Kind(rawValue: row["curve"]) ?? .linear, base: row["base"], multiplier: row["multiplier"]))
    }
}

extension GameState {
    /// The `setting` row that keeps ``GameState/retiredAreaID`` (absent until an area is deleted).
    static let retiredAreaKey = "retired_area_id"
    static let endedThroughKey = "ended_through"
}

extension Settings {
    /// The settings in the rows of the `setting` table; rows of other keys are left alone.
    init(rows: [Row]) {
        var settings = Settings.default
        for row in rows {
            let value: String = row["value"]
            switch row["key"] as String {
            case "curve": settings.curve.kind = LevelCurve.Kind(rawValue: value) ?? settings.curve.kind
            case "xp_per_level": settings.curve.base = Int(value) ?? settings.curve.base
            case "multiplier": settings.curve.multiplier = Double(value) ?? settings.curve.multiplier
            case "running_target_km": settings.runningTargetKm = Double(value) ?? settings.runningTargetKm
            case "timezone": settings.timeZone = value
            case "day_start": settings.dayStartHour = Int(value) ?? settings.dayStartHour
            case "week_start": settings.weekStart = value == "sunday" ? 6 : 0
            default: break
            }
        }
        self = settings
    }

    var pairs: [(String, String)] {
        [
            ("curve", curve.kind.rawValue), ("xp_per_level", String(curve.base)),
            ("multiplier", String(curve.multiplier)), ("running_target_km", String(runningTargetKm)),
            ("timezone", timeZone), ("day_start", String(dayStartHour)), ("week_start", weekStart == 6 ? "sunday" : "monday"),
        ]
    }
}

// MARK: - Writing

/// A value kept as one row of a table, keyed by an id SQLite assigns.
protocol StoredRow: Equatable {
    static var table: String { get }
    static var columns: [String] { get }
    /// `UPDATE` and `INSERT` for the table, made once from `table` and `columns` (`StoredRowSQL`).
    static var sql: StoredRowSQL { get }
    var id: Int64? { get set }
    /// Binds the values of `columns`, in order.
    func bindValues(to statement: RawStatement)
    /// Saves a change from `before` that touches only columns no index covers, with a statement for just
    /// those, and returns true; false leaves it to the whole-row update. Rewriting a row's name, even
    /// unchanged, also rewrites its entry in the name's index: one more page for the log to write.
    func saveNarrowly(since before: Self, with statements: RawStatements) throws -> Bool
}

extension StoredRow {
    func saveNarrowly(since before: Self, with statements: RawStatements) throws -> Bool { false }
}

/// The statements that save a `StoredRow`: the values in `columns` order, the id last for an update
/// and first for an insert.
struct StoredRowSQL {
    let update: String
    let insert: String
    let delete: String

    init(table: String, columns: [String]) {
        update = "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
        let all = ["id"] + columns
        insert = "INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: all.count).joined(separator: ", ")))"
        delete = "DELETE FROM \(table) WHERE id = ?"
    }
}

extension Habit: StoredRow {
    static let table = "habit"
    static let columns = [
        "name", "kind", "xp", "coins", "life", "area_id", "archived", "tracks_time", "created_day", "streak",
        "best_streak", "last_day", "total", "schedule", "amount", "amount_unit", "bite", "bite_since", "words", "checklist",
        "checklist_day",
    ]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: RawStatement) {
        statement.bind(name)
        statement.bind(kind.rawValue)
        statement.bind(xp)
        statement.bind(coins)
        statement.bind(life)
        statement.bind(areaID)
        statement.bind(archived)
        statement.bind(tracksTime)
        statement.bind(created.description)
        statement.bind(stats.streak)
        statement.bind(stats.best)
        statement.bind(stats.lastDay?.description)
        statement.bind(stats.total)
        statement.bind(schedule.words)
        statement.bind(amount?.count)
        statement.bind(amount?.unit)
        statement.bind(bite)
        statement.bind(biteSince?.description)
        statement.bind(words.joined(separator: "\n"))
        statement.bind(ChecklistItem.stored(checklist))
        statement.bind(checklistDay?.description)
    }
}

extension Habit {
    /// A recorded action changes only a habit's streak and totals.
    func saveNarrowly(since before: Habit, with statements: RawStatements) throws -> Bool {
        guard let id, stats != before.stats else { return false }
        var unchanged = self
        unchanged.stats = before.stats
        guard unchanged == before else { return false }
        let update = try statements("UPDATE habit SET streak = ?, best_streak = ?, last_day = ?, total = ? WHERE id = ?")
        update.bind(stats.streak)
        update.bind(stats.best)
        update.bind(stats.lastDay?.description)
        update.bind(stats.total)
        update.bind(id)
        try update.run()
        return true
    }
}

extension Area: StoredRow {
    static let table = "area"
    static let columns = ["name", "level", "xp", "curve", "base", "multiplier"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: RawStatement) {
        statement.bind(name)
        statement.bind(progress.level)
        statement.bind(progress.xp)
        statement.bind(curve.kind.rawValue)
        statement.bind(curve.base)
        statement.bind(curve.multiplier)
    }
}

extension Area {
    /// A recorded action changes only an area's level and XP.
    func saveNarrowly(since before: Area, with statements: RawStatements) throws -> Bool {
        guard let id, progress != before.progress, name == before.name, curve == before.curve else { return false }
        let update = try statements("UPDATE area SET level = ?, xp = ? WHERE id = ?")
        update.bind(progress.level)
        update.bind(progress.xp)
        update.bind(id)
        try update.run()
        return true
    }
}

extension Routine: StoredRow {
    static let table = "routine"
    static let columns = ["name", "habit_ids"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: RawStatement) {
        statement.bind(name)
        statement.bind(habitIDs.map(String.init).joined(separator: ","))
    }
}

extension Reward: StoredRow {
    static let table = "reward"
    static let columns = ["name", "price"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: RawStatement) {
        statement.bind(name)
        statement.bind(price)
    }
}

extension ChecklistItem {
    /// A checklist as its column keeps it: an item a line, `[x] ` before one ticked and `[ ] ` before one not.
    static func stored(_ items: [ChecklistItem]) -> String {
        items.map { ($0.done ? "[x] " : "[ ] ") + $0.name }.joined(separator: "\n")
    }

    static func items(stored text: String) -> [ChecklistItem] {
        text.split(separator: "\n").map { line in ChecklistItem(String(line.dropFirst(4)), done: line.hasPrefix("[x] ")) }
    }
}

extension GameState {
    /// Done to-dos read into memory: the latest, enough for `todos done`; the rest stay in the file (and the export).
    static let doneTodosKept = 50
}

extension Todo: StoredRow {
    static let table = "todo"
    static let columns = ["name", "created_day", "due_day", "done_at", "done_day", "checklist"]
    static let sql = StoredRowSQL(table: table, columns: columns)

    init(row: Row) {
        self.init(
            id: row["id"], name: row["name"], created: Day(iso: row["created_day"]) ?? Day(ordinal: 0),
            due: (row["due_day"] as String?).flatMap(Day.init(iso:)),
            done: (row["done_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            doneDay: (row["done_day"] as String?).flatMap(Day.init(iso:)),
            checklist: ChecklistItem.items(stored: row["checklist"] ?? ""))
    }

    func bindValues(to statement: RawStatement) {
        statement.bind(name)
        statement.bind(created.description)
        statement.bind(due?.description)
        statement.bind(done?.timeIntervalSince1970)
        statement.bind(doneDay?.description)
        statement.bind(ChecklistItem.stored(checklist))
    }
}

extension Pause: StoredRow {
    static let table = "pause"
    static let columns = ["habit_id", "first_day", "last_day"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: RawStatement) {
        statement.bind(habitID)
        statement.bind(first.description)
        statement.bind(last.description)
    }
}

extension GameState {
    /// Writes what changed from `old` to `self` with `statements`, assigning ids to new rows.
    mutating func save(since old: GameState, with statements: RawStatements) throws {
        if profile != old.profile {
            let statement = try statements(
                """
                UPDATE profile SET level = ?, xp = ?, coins = ?, health = ?, max_health = ?, state = ?,
                challenge_target_km = ?, challenge_progress_km = ?, challenge_started = ? WHERE id = 1
                """)
            profile.bind(to: statement)
            try statement.run()
        }
        if settings != old.settings {
            let statement = try statements("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            for (key, value) in settings.pairs {
                statement.bind(key)
                statement.bind(value)
                try statement.run()
            }
        }
        if endedThrough != old.endedThrough, let endedThrough {
            let statement = try statements("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            statement.bind(Self.endedThroughKey)
            statement.bind(endedThrough.description)
            try statement.run()
        }
        if retiredAreaID != old.retiredAreaID {
            let statement = try statements("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            statement.bind(Self.retiredAreaKey)
            statement.bind(String(retiredAreaID))
            try statement.run()
        }
        // Areas first: habits refer to them. A habit whose area is gone has none (as the schema says).
        if habits.contains(where: { $0.areaID != nil }) {
            let areaIDs = Set(areas.compactMap(\.id))
            for index in habits.indices where habits[index].areaID.map({ !areaIDs.contains($0) }) == true {
                habits[index].areaID = nil
            }
        }
        try Self.save(&areas, since: old.areas, with: statements)
        try Self.save(&habits, since: old.habits, with: statements)
        try Self.save(&rewards, since: old.rewards, with: statements)
        try Self.save(&routines, since: old.routines, with: statements)
        try Self.save(&pauses, since: old.pauses, with: statements)
        try Self.save(&todos, since: old.todos, with: statements)
    }

    private static func save<Value: StoredRow>(_ rows: inout [Value], since old: [Value], with statements: RawStatements) throws {
        guard rows != old else { return }
        let sql = Value.sql
        // Rows keep their order: when every old row is still at its index, none is gone.
        if old.count > rows.count || old.indices.contains(where: { old[$0].id != rows[$0].id }) {
            let kept = Set(rows.compactMap(\.id))
            for gone in old.compactMap(\.id) where !kept.contains(gone) {
                let delete = try statements(sql: sql.delete)
                delete.bind(gone)
                try delete.run()
            }
        }
        // Rows keep their order, so a row is usually at its old index, and compared there; look it up by id only when
        // not.
        var byID: [Int64: Value]?
        func moved(_ id: Int64) -> Value? {
            if byID == nil { byID = Dictionary(old.compactMap { row in row.id.map { ($0, row) } }, uniquingKeysWith: { a, _ in a }) }
            return byID?[id]
        }
        func update(_ index: Int, _ id: Int64, since before: Value) throws {
            guard before != rows[index], try !rows[index].saveNarrowly(since: before, with: statements) else { return }
            let update = try statements(sql: sql.update)
            rows[index].bindValues(to: update)
            update.bind(id)
            try update.run()
        }
        for index in rows.indices {
            let id = rows[index].id
            if let id, old.indices.contains(index), old[index].id == id {
                try update(index, id, since: old[index])
            } else if let id, let before = moved(id) {
                try update(index, id, since: before)
            } else {
                // New rows: SQLite numbers them, unless the engine already did (areas).
                let insert = try statements(sql: sql.insert)
                insert.bind(rows[index].id)
                rows[index].bindValues(to: insert)
                try insert.run()
                rows[index].id = insert.lastInsertedRowID
            }
        }
    }
}
