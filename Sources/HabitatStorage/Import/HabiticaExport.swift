import Foundation
import HabitatEngine

/// Habitica's "User Data: JSON" export (Settings → Site Data → Export Data), read as an ``ImportPlan``.
///
/// The format, from Habitica's source (`HabitRPG/habitica`): the export route
/// (`website/server/controllers/top-level/dataexport.js`) writes the user document with its tasks grouped by type
/// (`tasks.habits`, `tasks.dailys`, `tasks.todos`, `tasks.rewards`); the task fields are `website/server/models/task.js`'s.
/// A task's `history` dates are milliseconds since 1970; every other date is an ISO 8601 instant. A user's day is
/// their clock's (`preferences.timezoneOffset`, minutes, the sign inverted as JavaScript's `getTimezoneOffset`), from
/// `preferences.dayStart`. A habit's history has one entry a day with that day's clicks (`scoredUp`, `scoredDown`);
/// a daily's, one entry per check-off (`completed: true`) and one per day it was not done (`completed: false`).
public enum HabiticaExport {
    public static let source = "Habitica"

    /// Whether `data` looks like Habitica's user data export: a JSON object with its tasks grouped by type.
    public static func isExport(_ data: Data) -> Bool {
        guard data.first == UInt8(ascii: "{"), let user = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return user["tasks"] is [String: Any] && (user["stats"] is [String: Any] || user["tasksOrder"] is [String: Any])
    }

    /// The export's habits (habits and dailies), to-dos, rewards and tags (as areas), with what Habitat keeps only
    /// roughly or not at all said in `notes`. The character (level, gold, health) is not read.
    public static func read(_ data: Data) throws -> ImportPlan {
        guard let user = try JSONSerialization.jsonObject(with: data) as? [String: Any], let tasks = user["tasks"] as? [String: Any] else {
            throw HabitatError(.invalidArgument, "This is not Habitica's user data export: it has no tasks.")
        }
        let preferences = user["preferences"] as? [String: Any] ?? [:]
        let clock = Clock(
            offsetMinutes: -min(max(number(preferences["timezoneOffset"]) ?? 0, -1440), 1440), dayStart: min(max(number(preferences["dayStart"]) ?? 0, 0), 23))
        var tags: [String: String] = [:]
        var areas: [String] = []
        for tag in user["tags"] as? [[String: Any]] ?? [] {
            guard let id = tag["id"] as? String, let name = (tag["name"] as? String)?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
            // A challenge's tag names the challenge, not an area of one's life.
            if let challenge = tag["challenge"], (challenge as? Bool) ?? true { continue }
            tags[id] = name
            areas.append(name)
        }
        var plan = ImportPlan(source: source, areas: Array(areas.prefix(CatalogLimit.areas)))
        var unkept = Unkept()
        func area(of task: [String: Any]) -> String? {
            (task["tags"] as? [String] ?? []).lazy.compactMap { tags[$0] }.first { plan.areas.contains($0) }
        }
        for task in tasks["habits"] as? [[String: Any]] ?? [] {
            guard var habit = habit(task, clock: clock, unkept: &unkept) else { continue }
            habit.area = area(of: task)
            plan.habits.append(habit)
        }
        for task in tasks["dailys"] as? [[String: Any]] ?? [] {
            guard var daily = daily(task, clock: clock, unkept: &unkept) else { continue }
            daily.area = area(of: task)
            plan.habits.append(daily)
        }
        for task in tasks["todos"] as? [[String: Any]] ?? [] {
            if let todo = todo(task, clock: clock) { plan.todos.append(todo) }
        }
        for task in tasks["rewards"] as? [[String: Any]] ?? [] {
            guard let name = text(task) else { continue }
            let price = number(task["value"]) ?? 0
            if price >= 1 { plan.rewards.append(Reward(name: name, price: price)) } else { unkept.freeRewards += 1 }
        }
        if let stats = user["stats"] as? [String: Any] {
            // Habitica's health is out of 50 (`MAX_HEALTH`, `website/common/script/constants.js`).
            let health = ((stats["hp"] as? NSNumber)?.doubleValue ?? 50) / 50
            plan.character = ImportedCharacter(
                level: number(stats["lvl"], .down) ?? 1, coins: number(stats["gp"], .down) ?? 0,
                health: min(1, max(0, health)))
        }
        plan.notes = unkept.notes
        return plan
    }

    /// A user's clock: their offset from UTC and the hour their day starts.
    struct Clock {
        var offsetMinutes: Int
        var dayStart: Int

        func day(_ instant: Date) -> Day {
            Day(ordinal: Int(((instant.timeIntervalSince1970 + Double(offsetMinutes * 60 - dayStart * 3600)) / 86_400).rounded(.down)))
        }

        func day(iso: Any?) -> Day? { (iso as? String).flatMap(HabiticaExport.instant).map(day) }

        /// The day of a history entry's `date`; nil when it is no number, or one no calendar of this world holds.
        func day(milliseconds: Any?) -> Day? {
            number(milliseconds).map { day(Date(timeIntervalSince1970: Double($0) / 1000)) }
        }
    }

    static func instant(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    /// A number of the file (`12.5`, `3`) as a whole one, rounded by `rule`; nil when it holds none that is sane.
    static func number(_ value: Any?, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        (value as? NSNumber).flatMap { whole($0.doubleValue, rule) }
    }

    static func text(_ task: [String: Any]) -> String? {
        let text = (task["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// What Habitat keeps only roughly, gathered as the tasks are read.
    struct Unkept {
        var twoSided: [String] = []
        var schedules: [String] = []
        var averaged = 0
        var freeRewards = 0
        var dailies = 0

        var notes: [String] {
            var notes = twoSided.map { "\($0) had + and −: it is a good habit here, and its − clicks are not brought in." } + schedules
            if averaged > 0 {
                notes.append("\(GameState.count(averaged, "older history entry")) (which Habitica keeps as averages, not days) \(averaged == 1 ? "is" : "are") not brought in.")
            }
            if dailies > 0 {
                notes.append("Dailies cost \(Habit.defaultLife) life a day due and not done, from tomorrow: 'edit <daily> 20 life if missed' changes it.")
            }
            if freeRewards > 0 { notes.append("\(GameState.count(freeRewards, "free reward")) \(freeRewards == 1 ? "is" : "are") not brought in: a reward here costs coins.") }
            notes.append("Task notes, difficulty and reminders are not brought in; your character (level, gold, health) only when asked.")
            return notes
        }
    }

    /// A habit: good when it has only + (or both), bad when it has only −; its days, the clicks of each.
    static func habit(_ task: [String: Any], clock: Clock, unkept: inout Unkept) -> ImportedHabit? {
        guard let name = text(task) else { return nil }
        let (up, down) = (task["up"] as? Bool ?? true, task["down"] as? Bool ?? false)
        let kind: HabitKind = down && !up ? .bad : .good
        if up && down { unkept.twoSided.append(name) }
        var clicks: [Day: Int] = [:]
        for entry in task["history"] as? [[String: Any]] ?? [] {
            guard entry["scoredUp"] != nil || entry["scoredDown"] != nil else {
                unkept.averaged += 1
                continue
            }
            guard let day = clock.day(milliseconds: entry["date"]), let count = number(kind == .good ? entry["scoredUp"] : entry["scoredDown"]), count > 0
            else { continue }
            clicks[day] = min((clicks[day] ?? 0) + count, DailyAmount.most)
        }
        return ImportedHabit(name: name, kind: kind, days: clicks.sorted { $0.key < $1.key }.map { ImportedDay(day: $0.key, quantity: Quantity($0.value)) })
    }

    /// A daily: its repeat as a schedule, its days done, its checklist as steps; it bites.
    static func daily(_ task: [String: Any], clock: Clock, unkept: inout Unkept) -> ImportedHabit? {
        guard let name = text(task) else { return nil }
        let (schedule, rough) = schedule(task)
        if let rough { unkept.schedules.append("\(name): \(rough).") }
        var done = Set<Day>()
        for entry in task["history"] as? [[String: Any]] ?? [] {
            guard let completed = entry["completed"] as? Bool else {
                unkept.averaged += 1
                continue
            }
            if completed, let day = clock.day(milliseconds: entry["date"]) { done.insert(day) }
        }
        unkept.dailies += 1
        let steps = (task["checklist"] as? [[String: Any]] ?? []).compactMap { ($0["text"] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        return ImportedHabit(name: name, schedule: schedule, bite: Habit.defaultLife, steps: steps, days: done.sorted().map { ImportedDay(day: $0) })
    }

    /// A daily's repeat (`frequency`, `everyX`, `repeat`) as a schedule, and what it lost, said; `nil` when nothing.
    static func schedule(_ task: [String: Any]) -> (Schedule, String?) {
        let every = min(max(1, number(task["everyX"]) ?? 1), 365)
        let repeatDays = task["repeat"] as? [String: Bool] ?? [:]
        // Habitat's weekdays start on Monday.
        let weekdays = ["m", "t", "w", "th", "f", "s", "su"].enumerated().compactMap { repeatDays[$1] ?? true ? $0 : nil }
        switch task["frequency"] as? String ?? "weekly" {
        case "daily":
            return (every == 1 ? .daily : .interval(min(every, 365)), nil)
        case "weekly":
            let schedule: Schedule = weekdays.count == 7 || weekdays.isEmpty ? .daily : .weekdays(weekdays)
            return (schedule, every == 1 ? nil : "every \(every) weeks is kept as \(schedule.words) every week")
        case "monthly":
            let times = max(1, min((task["daysOfMonth"] as? [Any])?.count ?? 1, 31))
            return (.quota(times, .month), "its days of the month are kept as \(Schedule.quota(times, .month).words)")
        default:
            return (.interval(365), every == 1 ? "once a year is kept as every 365 days" : "every \(every) years is kept as every 365 days")
        }
    }

    /// A to-do: due by its day, done when it was, with its checklist.
    static func todo(_ task: [String: Any], clock: Clock) -> Todo? {
        guard let name = text(task) else { return nil }
        let created = clock.day(iso: task["createdAt"]) ?? clock.day(Date())
        let completed = task["completed"] as? Bool ?? false
        let doneAt = completed ? (task["dateCompleted"] as? String).flatMap(instant) ?? (task["updatedAt"] as? String).flatMap(instant) ?? Date() : nil
        let checklist = (task["checklist"] as? [[String: Any]] ?? []).compactMap { item -> ChecklistItem? in
            guard let text = item["text"] as? String, !text.isEmpty else { return nil }
            return ChecklistItem(text, done: item["completed"] as? Bool ?? false)
        }
        return Todo(
            name: name, created: created, due: clock.day(iso: task["date"]), done: doneAt, doneDay: doneAt.map(clock.day),
            checklist: Array(checklist.prefix(GameState.maxChecklistItems)))
    }
}
