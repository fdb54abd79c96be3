import Foundation
import GRDB
import HabitatEngine

// How the engine's values map to rows of a user's file. Reads build a whole GameState;
// writes save only what changed between two states.

// MARK: - Reading

extension GameState {
    static func fetch(_ db: Database) throws -> GameState {
        try fetch(from: FileRows(db: db))
    }

    /// The game as `rows` hold it.
    package static func fetch(from rows: some RowReader) throws -> GameState {
        var state = GameState()
        if let row = try rows.rows(of: "profile").first {
            state.profile = Profile(row: row)
        }
        let settings = try rows.rows(of: "setting").compactMap { row in row.text("key").flatMap { key in row.text("value").map { (key, $0) } } }
        state.settings = Settings(pairs: settings)
        state.retiredAreaID = settings.first { $0.0 == GameState.retiredAreaKey }.flatMap { Int64($0.1) } ?? 0
        state.endedThrough = settings.first { $0.0 == GameState.endedThroughKey }.flatMap { Day(iso: $0.1) }
        state.areas = try rows.rows(of: "area").map(Area.init(row:))
        state.habits = try rows.rows(of: "habit").map(Habit.init(row:))
        state.rewards = try rows.rows(of: "reward").map { Reward(id: $0.int64("id"), name: $0.text("name") ?? "", price: $0.int("price") ?? 0) }
        state.routines = try rows.rows(of: "routine").map {
            Routine(id: $0.int64("id"), name: $0.text("name") ?? "", habitIDs: ($0.text("habit_ids") ?? "").split(separator: ",").compactMap { Int64($0) })
        }
        state.todos = try rows.todos(keepingDone: GameState.doneTodosKept).map(Todo.init(row:))
        state.pauses = try rows.rows(of: "pause").compactMap { row in
            guard let first = row.day("first_day"), let last = row.day("last_day") else { return nil }
            return Pause(id: row.int64("id"), habitID: row.int64("habit_id"), first: first, last: last)
        }
        return state
    }
}

extension Profile {
    init(row: some StoredValues) {
        var challenge: Challenge?
        if let target = row.double("challenge_target_km"), let started = row.day("challenge_started") {
            challenge = Challenge(targetKm: target, progressKm: row.double("challenge_progress_km") ?? 0, started: started)
        }
        self.init(
            progress: Progress(level: row.int("level") ?? 1, xp: row.int("xp") ?? 0), coins: row.int("coins") ?? 0,
            health: row.int("health") ?? 0, maxHealth: row.int("max_health") ?? 0,
            state: row.text("state").flatMap(LifeState.init(rawValue:)) ?? .active, challenge: challenge)
    }

    static let update = RowStatement(
        .updateOnly, "profile",
        ["level", "xp", "coins", "health", "max_health", "state", "challenge_target_km", "challenge_progress_km", "challenge_started"])

    /// Binds the columns of `update` in order.
    func bind(to statement: some RowBinder) {
        statement.bind(progress.level)
        statement.bind(progress.xp)
        statement.bind(coins)
        statement.bind(health)
        statement.bind(maxHealth)
        statement.bind(state.rawValue)
        statement.bind(challenge?.targetKm)
        statement.bind(challenge?.progressKm)
        statement.bind(day: challenge?.started)
    }
}

extension Habit {
    init(row: some StoredValues) {
        self.init(
            id: row.int64("id"), name: row.text("name") ?? "", kind: row.text("kind").flatMap(HabitKind.init(rawValue:)) ?? .good,
            xp: row.int("xp") ?? 0, coins: row.int("coins") ?? 0, life: row.int("life") ?? 0, areaID: row.int64("area_id"),
            archived: row.bool("archived") ?? false, tracksTime: row.bool("tracks_time") ?? false,
            created: row.day("created_day") ?? Day(ordinal: 0),
            stats: HabitStats(
                streak: row.int("streak") ?? 0, best: row.int("best_streak") ?? 0, lastDay: row.day("last_day"),
                total: row.int("total") ?? 0),
            schedule: Schedule(words: (row.text("schedule") ?? "").split(separator: " ").map(String.init)) ?? .daily,
            amount: row.quantity("amount").map { DailyAmount($0, unit: row.text("amount_unit")) }, bite: row.int("bite") ?? 0,
            biteSince: row.day("bite_since"),
            words: (row.text("words") ?? "").split(separator: "\n").map(String.init))
        checklist = ChecklistItem.items(stored: row.text("checklist") ?? "")
        checklistDay = row.day("checklist_day")
    }
}

extension Area {
    init(row: some StoredValues) {
        self.init(
            id: row.int64("id"), name: row.text("name") ?? "", progress: Progress(level: row.int("level") ?? 1, xp: row.int("xp") ?? 0),
            curve: LevelCurve(
                kind: row.text("curve").flatMap(LevelCurve.Kind.init(rawValue:)) ?? .linear, base: row.int("base") ?? 0,
                multiplier: row.double("multiplier") ?? 1))
    }
}

extension GameState {
    /// The `setting` row that keeps ``GameState/retiredAreaID`` (absent until an area is deleted).
    static let retiredAreaKey = "retired_area_id"
    static let endedThroughKey = "ended_through"
}

extension Settings {
    /// The settings in the keys and values of the `setting` table; other keys are left alone.
    init(pairs: [(String, String)]) {
        var settings = Settings.default
        for (key, value) in pairs {
            switch key {
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

/// A value kept as one row of a table, keyed by an id the store assigns.
protocol StoredRow: Equatable {
    static var table: String { get }
    static var columns: [String] { get }
    /// The statements that save a row of the table, made once from `table` and `columns`.
    static var sql: StoredRowSQL { get }
    var id: Int64? { get set }
    /// Binds the values of `columns`, in order.
    func bindValues(to statement: some RowBinder)
    /// Saves a change from `before` that touches only columns no index covers, with a statement for just
    /// those, and returns true; false leaves it to the whole-row update. Rewriting a row's name, even
    /// unchanged, also rewrites its entry in the name's index: one more page for the log to write.
    func saveNarrowly(since before: Self, with writer: some RowWriter) throws -> Bool
}

extension StoredRow {
    func saveNarrowly(since before: Self, with writer: some RowWriter) throws -> Bool { false }
}

/// The statements that save a `StoredRow`: the values in `columns` order, the id last for an update
/// and first for an insert.
struct StoredRowSQL {
    let update: RowStatement
    let insert: RowStatement
    let delete: RowStatement

    init(table: String, columns: [String]) {
        update = RowStatement(.update, table, columns)
        insert = RowStatement(.insert, table, columns)
        delete = RowStatement(.delete, table)
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
    func bindValues(to statement: some RowBinder) {
        statement.bind(name)
        statement.bind(kind.rawValue)
        statement.bind(xp)
        statement.bind(coins)
        statement.bind(life)
        statement.bind(areaID)
        statement.bind(archived)
        statement.bind(tracksTime)
        statement.bind(day: created)
        statement.bind(stats.streak)
        statement.bind(stats.best)
        statement.bind(day: stats.lastDay)
        statement.bind(stats.total)
        statement.bind(schedule.words)
        statement.bind(amount?.count)
        statement.bind(amount?.unit)
        statement.bind(bite)
        statement.bind(day: biteSince)
        statement.bind(words.joined(separator: "\n"))
        statement.bind(ChecklistItem.stored(checklist))
        statement.bind(day: checklistDay)
    }
}

extension Habit {
    static let statsUpdate = RowStatement(.update, "habit", ["streak", "best_streak", "last_day", "total"])

    /// A recorded action changes only a habit's streak and totals.
    func saveNarrowly(since before: Habit, with writer: some RowWriter) throws -> Bool {
        guard let id, stats != before.stats else { return false }
        var unchanged = self
        unchanged.stats = before.stats
        guard unchanged == before else { return false }
        try writer.run(Self.statsUpdate) { update in
            update.bind(stats.streak)
            update.bind(stats.best)
            update.bind(day: stats.lastDay)
            update.bind(stats.total)
            update.bind(id)
        }
        return true
    }
}

extension Area: StoredRow {
    static let table = "area"
    static let columns = ["name", "level", "xp", "curve", "base", "multiplier"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: some RowBinder) {
        statement.bind(name)
        statement.bind(progress.level)
        statement.bind(progress.xp)
        statement.bind(curve.kind.rawValue)
        statement.bind(curve.base)
        statement.bind(curve.multiplier)
    }
}

extension Area {
    static let progressUpdate = RowStatement(.update, "area", ["level", "xp"])

    /// A recorded action changes only an area's level and XP.
    func saveNarrowly(since before: Area, with writer: some RowWriter) throws -> Bool {
        guard let id, progress != before.progress, name == before.name, curve == before.curve else { return false }
        try writer.run(Self.progressUpdate) { update in
            update.bind(progress.level)
            update.bind(progress.xp)
            update.bind(id)
        }
        return true
    }
}

extension Routine: StoredRow {
    static let table = "routine"
    static let columns = ["name", "habit_ids"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: some RowBinder) {
        statement.bind(name)
        statement.bind(habitIDs.map(String.init).joined(separator: ","))
    }
}

extension Reward: StoredRow {
    static let table = "reward"
    static let columns = ["name", "price"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: some RowBinder) {
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

    package init(row: some StoredValues) {
        self.init(
            id: row.int64("id"), name: row.text("name") ?? "", created: row.day("created_day") ?? Day(ordinal: 0),
            due: row.day("due_day"), done: row.double("done_at").map(Date.init(timeIntervalSince1970:)),
            doneDay: row.day("done_day"), checklist: ChecklistItem.items(stored: row.text("checklist") ?? ""))
    }

    func bindValues(to statement: some RowBinder) {
        statement.bind(name)
        statement.bind(day: created)
        statement.bind(day: due)
        statement.bind(done?.timeIntervalSince1970)
        statement.bind(day: doneDay)
        statement.bind(ChecklistItem.stored(checklist))
    }
}

extension Pause: StoredRow {
    static let table = "pause"
    static let columns = ["habit_id", "first_day", "last_day"]
    static let sql = StoredRowSQL(table: table, columns: columns)
    func bindValues(to statement: some RowBinder) {
        statement.bind(habitID)
        statement.bind(day: first)
        statement.bind(day: last)
    }
}

extension GameState {
    static let putSetting = RowStatement(.put, "setting", ["key", "value"])

    /// Writes what changed from `old` to `self` with `writer`, assigning ids to new rows.
    package mutating func save(since old: GameState, with writer: some RowWriter) throws {
        if profile != old.profile {
            try writer.run(Profile.update) { profile.bind(to: $0) }
        }
        func put(_ key: String, _ value: String) throws {
            try writer.run(Self.putSetting) { statement in
                statement.bind(key)
                statement.bind(value)
            }
        }
        if settings != old.settings {
            for (key, value) in settings.pairs { try put(key, value) }
        }
        if endedThrough != old.endedThrough, let endedThrough {
            try put(Self.endedThroughKey, endedThrough.description)
        }
        if retiredAreaID != old.retiredAreaID {
            try put(Self.retiredAreaKey, String(retiredAreaID))
        }
        // Areas first: habits refer to them. A habit whose area is gone has none (as the schema says).
        if habits.contains(where: { $0.areaID != nil }) {
            let areaIDs = Set(areas.compactMap(\.id))
            for index in habits.indices where habits[index].areaID.map({ !areaIDs.contains($0) }) == true {
                habits[index].areaID = nil
            }
        }
        try Self.save(&areas, since: old.areas, with: writer)
        try Self.save(&habits, since: old.habits, with: writer)
        try Self.save(&rewards, since: old.rewards, with: writer)
        try Self.save(&routines, since: old.routines, with: writer)
        try Self.save(&pauses, since: old.pauses, with: writer)
        try Self.save(&todos, since: old.todos, with: writer)
    }

    private static func save<Value: StoredRow>(_ rows: inout [Value], since old: [Value], with writer: some RowWriter) throws {
        guard rows != old else { return }
        let sql = Value.sql
        // Rows keep their order: when every old row is still at its index, none is gone.
        if old.count > rows.count || old.indices.contains(where: { old[$0].id != rows[$0].id }) {
            let kept = Set(rows.compactMap(\.id))
            for gone in old.compactMap(\.id) where !kept.contains(gone) {
                try writer.run(sql.delete) { $0.bind(gone) }
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
            guard before != rows[index], try !rows[index].saveNarrowly(since: before, with: writer) else { return }
            try writer.run(sql.update) { update in
                rows[index].bindValues(to: update)
                update.bind(id)
            }
        }
        for index in rows.indices {
            let id = rows[index].id
            if let id, old.indices.contains(index), old[index].id == id {
                try update(index, id, since: old[index])
            } else if let id, let before = moved(id) {
                try update(index, id, since: before)
            } else {
                // New rows: the store numbers them, unless the engine already did (areas).
                let row = rows[index]
                rows[index].id = try writer.run(sql.insert) { insert in
                    insert.bind(row.id)
                    row.bindValues(to: insert)
                }
            }
        }
    }
}
