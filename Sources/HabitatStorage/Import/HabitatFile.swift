import Foundation
import HabitatEngine

/// Habitat's own JSON export (`habitat export`), read back as an ``ImportPlan``: what moves a person from one Habitat
/// to another, or back into a new account. Its fields are the export's own (``UserExport/Document``), named once.
///
/// It brings each habit as it was made (kind, schedule, amount, area, XP, coins and life, bite, own words, steps) with
/// every day of its history and that day's notes; areas, rewards, routines, pauses and to-dos; the settings, into an
/// account with no habits yet; and the character (level, XP, coins, life) when asked. Not the ledger's other lines
/// (purchases, undos, the life days took), rooms, reminders or timers: those are said.
extension UserExport {
    public static let source = "Habitat"

    /// Whether `data` is Habitat's JSON export (its `format` says so), read no further.
    public static func isExport(_ data: Data) -> Bool {
        guard data.first == UInt8(ascii: "{"), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["format"] as? String == "habitat-export"
    }

    public static func read(_ data: Data, name: String) throws -> ImportPlan {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw HabitatError(.invalidArgument, "\(name) is Habitat's export, but of a shape this server can't read (damaged, or made by another version). Nothing was imported.")
        }
        guard document.version == 1 else {
            throw HabitatError(.invalidArgument, "\(name) is Habitat's export of version \(document.version); this server reads version 1. Nothing was imported.")
        }
        var plan = ImportPlan(source: source)
        var notes: [String] = []
        plan.areas = document.areas.map(\.name)
        var withoutDays = false
        for record in document.habits {
            let kind = HabitKind(rawValue: record.kind) ?? .good
            var habit = ImportedHabit(name: record.name, kind: kind, archived: record.archived, area: record.area)
            if let schedule = Schedule(words: record.schedule.lowercased().split(separator: " ").map(String.init)) {
                habit.schedule = schedule
            } else {
                notes.append("\(record.name): '\(record.schedule)' is kept as every day.")
            }
            if let count = kind == .good ? record.target : record.limit { habit.amount = DailyAmount(count, unit: record.unit) }
            (habit.xp, habit.coins, habit.life) = (record.xp, record.coins, record.life)
            habit.bite = record.life_if_missed
            (habit.words, habit.tracksTime, habit.steps) = (record.words, record.tracks_time, record.steps ?? [])
            habit.created = Day(iso: record.created)
            habit.stats = HabitStats(streak: record.streak, best: record.best_streak, lastDay: record.last_day.flatMap(Day.init(iso:)), total: record.times_recorded)
            if let days = record.days {
                habit.days = days.compactMap { day in Day(iso: day.day).map { ImportedDay(day: $0, quantity: day.quantity, note: day.note) } }
            } else {
                withoutDays = true
            }
            plan.habits.append(habit)
        }
        plan.rewards = document.rewards.map { Reward(name: $0.name, price: $0.price) }
        plan.routines = document.routines.map { ($0.name, $0.habits) }
        plan.pauses = document.pauses.compactMap { pause in
            guard let first = Day(iso: pause.first), let last = Day(iso: pause.last) else { return nil }
            return (pause.habit, first, last)
        }
        plan.todos = document.todos.map { todo in
            Todo(
                name: todo.name, created: Day(iso: todo.created) ?? Day(Date(), timeZone: .gmt), due: todo.due.flatMap(Day.init(iso:)),
                done: todo.done_at.flatMap(UserExport.instant(from:)), doneDay: todo.done_day.flatMap(Day.init(iso:)),
                checklist: todo.checklist.map { ChecklistItem($0.name, done: $0.done) })
        }
        plan.settings = document.settings.asSettings
        let profile = document.profile
        plan.character = ImportedCharacter(level: profile.level, coins: profile.coins, health: Double(profile.life) / Double(max(1, profile.max_life)))
        plan.character?.xp = profile.xp
        if withoutDays { notes.append("The file holds no days of its habits (an export of an older Habitat): export it again from there to bring them.") }
        let unkept = [
            document.rooms.isEmpty ? nil : "rooms (\(document.rooms.count))", document.reminders.isEmpty ? nil : "reminders (\(document.reminders.count))",
            document.timers.isEmpty ? nil : "timers",
        ].compactMap { $0 }
        if !unkept.isEmpty { notes.append("Not brought in: \(unkept.joined(separator: ", ")). Join rooms and set reminders again here.") }
        notes.append("Its settings (time zone, day start, week start, level curve) are taken only by an account with no habits yet.")
        notes.append("Your character (level, XP, coins, life) comes in only when asked.")
        plan.notes = notes
        return plan
    }
}

extension UserExport.SettingsRecord {
    /// The settings, as `config` would set them.
    var asSettings: [Setting] {
        var settings: [Setting] = [.timeZone(timezone), .dayStart(hour: day_start_hour), .weekStart(week_start == "sunday" ? 6 : 0)]
        if let kind = LevelCurve.Kind(rawValue: curve.kind) { settings.append(.curve(kind)) }
        settings += [.multiplier(curve.multiplier), .xpPerLevel(curve.base), .runningTarget(km: running_target_km)]
        return settings
    }
}
