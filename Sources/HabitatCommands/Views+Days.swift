import Foundation
import HabitatEngine

extension Views {
    static let weekdays = Day.weekdayNames
    static let months = Day.monthNames

    /// `Fri 20 Nov`.
    public static func label(_ day: Day) -> String { day.label }

    /// `6:45 AM`.
    public static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return String(format: "%d:%02d %@", twelve, minutes % 60, hour < 12 ? "AM" : "PM")
    }

    /// `today`: the good habits due today grouped by area with ✓ or ·, `X/Y` per group, each with its streak and
    /// strength, a quota with its count; the others apart; bad habits as clean or slipped. `recordings` are today's,
    /// `days` how many times each habit was recorded on each day (``Ledger/habitDays()``).
    public static func today(_ state: GameState, recordings: [LedgerEntry], days: [Int64: [Day: Quantity]], today: Day) -> Reply {
        let recorded = Dictionary(grouping: recordings.filter { $0.day == today }, by: \.habitID)
        // Done today: recorded, or for a habit counted in an amount, its target reached (a bad habit: beyond its limit).
        let habits = Dictionary(state.habits.compactMap { habit in habit.id.map { ($0, habit) } }, uniquingKeysWith: { first, _ in first })
        let done = recorded.filter { id, entries in
            guard let habit = id.flatMap({ habits[$0] }), habit.amount != nil else { return true }
            return entries.reduce(0) { $0 + $1.quantity } >= StreakAndStrength.threshold(of: habit)
        }
        let kept = Dictionary(
            state.activeHabits.map { ($0.id, state.keeping($0, days: days, today: today)) }, uniquingKeysWith: { first, _ in first })
        let good = state.activeHabits.filter { $0.kind == .good && kept[$0.id]?.due != false }
        let notDue = state.activeHabits.filter { $0.kind == .good && kept[$0.id]?.due == false }
        let bad = state.activeHabits.filter { $0.kind == .bad }
        var groups: [(name: String, habits: [Habit])] = state.areas.map { area in (area.name, good.filter { $0.areaID == area.id }) }
        groups.append(("No area", good.filter { state.area(id: $0.areaID) == nil }))
        groups = groups.filter { !$0.habits.isEmpty }

        var lines: [String] = []
        var groupData: [JSON] = []
        for group in groups {
            let count = group.habits.filter { done[$0.id] != nil }.count
            lines.append("\(group.name) \(count)/\(group.habits.count)")
            var rows: [JSON] = []
            for habit in group.habits {
                let entries = recorded[habit.id] ?? []
                let keeping = kept[habit.id]
                let time = entries.compactMap(\.timeOfDay).last
                var line = "  " + (done[habit.id] == nil ? "·" : "✓") + " " + habit.name
                // `--:--` is for not yet done; done at no particular time shows no time.
                if habit.tracksTime, let shown = time.map(clock) ?? (entries.isEmpty ? "--:--" : nil) { line += " " + shown }
                let times = entries.reduce(0) { $0 + $1.quantity }
                // `2.5/3 km 1/3 this week`: the day's amount, then a quota's count.
                if let amount = habit.amount { line += " " + amount.progress(times) }
                if let progress = quotaProgress(habit, keeping?.inPeriod) {
                    line += " " + progress
                } else if habit.amount == nil, times > 1 {
                    line += " ×\(times)"
                }
                if let keeping { line += " · \(streakWords(keeping, of: habit)) · \(keeping.strength)%" }
                let steps = habit.checklist(on: today)
                if !steps.isEmpty, done[habit.id] == nil {
                    line += " · steps \(steps.filter(\.done).count)/\(steps.count): " + steps.map { ($0.done ? "✓ " : "") + $0.name }.joined(separator: ", ")
                }
                lines.append(line)
                rows.append(todayRow(habit, entries: entries, keeping: keeping, today: today))
            }
            groupData.append(["area": .string(group.name), "done": .int(count), "total": .int(group.habits.count), "habits": .array(rows)])
        }
        if !notDue.isEmpty {
            lines.append("Not due today")
            for habit in notDue {
                let mark = done[habit.id] == nil ? "-" : "✓"
                let why = state.pausedThrough(habit, on: today).map { "(paused through \($0.label))" }
                    ?? quotaProgress(habit, kept[habit.id]?.inPeriod) ?? "(\(habit.schedule.words))"
                lines.append("  \(mark) \(habit.name) \(why)")
            }
        }
        if !bad.isEmpty {
            let clean = bad.filter { done[$0.id] == nil }.count
            lines.append("Avoiding \(clean)/\(bad.count)")
            lines += bad.map { habit in
                let count = (recorded[habit.id] ?? []).reduce(0) { $0 + $1.quantity }
                switch (habit.amount, done[habit.id] == nil) {
                case (let limit?, true): return "  ✓ \(habit.name) \(limit.progress(count)) (within the limit)"
                case (let limit?, false): return "  ✗ \(habit.name) \(DailyAmount.words(count, limit.unit)) (over the limit of \(limit.count))"
                case (nil, true): return "  ✓ \(habit.name) (clean)"
                case (nil, false): return "  ✗ \(habit.name) (slipped)"
                }
            }
        }
        // To-dos due today or gone by, after the habits.
        let dueTodos = state.openTodos(on: today).filter { $0.due.map { $0 <= today } == true }
        if !dueTodos.isEmpty {
            lines.append("To-dos due")
            lines += dueTodos.map { "  · " + todoLine($0, today: today) }
        }
        let doneCount = good.filter { done[$0.id] != nil }.count
        let data: JSON = [
            "day": .string(today.description), "done": .int(doneCount), "total": .int(good.count), "groups": .array(groupData),
            "todos": .array(dueTodos.map { todoRow($0, today: today) }),
            "not_due": .array(notDue.map { todayRow($0, entries: recorded[$0.id] ?? [], keeping: kept[$0.id], today: today) }),
            "avoiding": .array(
                bad.map { habit in
                    var row: [(String, JSON)] = [("name", .string(habit.name)), ("clean", .bool(done[habit.id] == nil))]
                    if let limit = habit.amount {
                        let count = (recorded[habit.id] ?? []).reduce(0) { $0 + $1.quantity }
                        row += [("limit", .number(limit.count)), ("unit", limit.unit.map { .string($0) } ?? .null), ("amount_today", .number(count))]
                    }
                    return .object(row)
                }),
        ]
        guard !state.activeHabits.isEmpty else {
            return Reply(.info, "Today, \(label(today)): no habits yet. Add one: 'add habit Exercise'.", details: lines, data: data)
        }
        if let all = state.allPausedThrough(on: today) {
            lines.insert("All habits paused through \(all.label): nothing is due ('resume' ends it sooner).", at: 0)
        }
        return Reply(.info, "Today, \(label(today)) — \(doneCount)/\(good.count) done", details: lines, data: data)
    }

    /// `todos`: the open to-dos, overdue first, then by due day, then the rest, each with its worth today; `todos done`:
    /// those done lately.
    public static func todos(_ state: GameState, today: Day, done: Bool = false) -> Reply {
        if done {
            let finished = state.doneTodos
            let data: JSON = ["todos": .array(finished.map { todoRow($0, today: today) })]
            guard !finished.isEmpty else { return Reply(.info, "No to-dos done yet.", data: data) }
            let lines = finished.map { todo in "✓ \(todo.name) (done \(todo.doneDay.map { GameState.dueWords($0, today: today) } ?? ""))" }
            return Reply(.info, "To-dos done lately (\(finished.count))", details: lines, data: data)
        }
        let open = state.openTodos(on: today)
        let data: JSON = ["todos": .array(open.map { todoRow($0, today: today) })]
        guard !open.isEmpty else {
            return Reply(.info, "Nothing to do: no open to-dos. Add one: 'add todo Call the dentist by friday'.", data: data)
        }
        let overdue = open.filter { $0.isOverdue(on: today) }.count
        let title = "Your to-dos (\(open.count)\(overdue > 0 ? ", \(overdue) overdue" : ""))"
        return Reply(.info, title, details: open.map { todoLine($0, today: today) }, data: data)
    }

    /// `Call the dentist · due Fri 4 Dec · 11 XP, 5 coins`, with `OVERDUE` for one whose day is gone.
    static func todoLine(_ todo: Todo, today: Day) -> String {
        let (xp, coins) = todo.value(on: today)
        var parts = [todo.name + (todo.progress.map { " \($0)" } ?? "")]
        if let due = todo.due {
            parts.append(todo.isOverdue(on: today) ? "OVERDUE since \(GameState.dueWords(due, today: today))" : "due \(GameState.dueWords(due, today: today))")
        }
        parts.append("\(xp) XP, \(GameState.coins(coins))")
        if !todo.checklist.isEmpty {
            parts.append(todo.checklist.map { ($0.done ? "✓ " : "") + $0.name }.joined(separator: ", "))
        }
        return parts.joined(separator: " · ")
    }

    /// A to-do's row in JSON: its kind, due day, checklist, when it was done, and what it earned then or is worth today.
    static func todoRow(_ todo: Todo, today: Day) -> JSON {
        // What it earned when done, or is worth today.
        let (xp, coins) = todo.value(on: todo.doneDay ?? today)
        return [
            "kind": "todo", "name": .string(todo.name), "created": .string(todo.created.description),
            "due": todo.due.map { .string($0.description) } ?? .null, "overdue": .bool(todo.isOverdue(on: today)),
            "checklist": .array(todo.checklist.map { ["name": .string($0.name), "done": .bool($0.done)] }),
            "done_at": todo.done.map { .string(ISO8601DateFormatter().string(from: $0)) } ?? .null,
            "value": ["xp": .int(xp), "coins": .int(coins)],
        ]
    }

    /// `2/3 this week`: a quota habit's count in its period, or `nil` for any other.
    static func quotaProgress(_ habit: Habit, _ count: Int?) -> String? {
        guard case .quota(let per, let period) = habit.schedule, let count else { return nil }
        return "\(count)/\(per) this \(period.rawValue)"
    }

    /// A habit's row in `today`'s JSON.
    static func todayRow(_ habit: Habit, entries: [LedgerEntry], keeping: StreakAndStrength?, today: Day) -> JSON {
        let times = entries.reduce(0) { $0 + $1.quantity }
        var row: [(String, JSON)] = [
            ("name", .string(habit.name)), ("done", .bool(habit.amount.map { times >= $0.count } ?? !entries.isEmpty)), ("times", .number(times)),
            ("time", entries.compactMap(\.timeOfDay).last.map { .string(clock($0)) } ?? .null), ("due", .bool(keeping?.due ?? true)),
            ("schedule", .string(habit.schedule.words)),
        ]
        if let keeping {
            row += [("streak", .int(keeping.streak)), ("streak_unit", .string(keeping.unit.rawValue)), ("strength", .int(keeping.strength))]
        }
        if case .quota(let per, _) = habit.schedule, let inPeriod = keeping?.inPeriod {
            row += [("done_this_period", .int(inPeriod)), ("per_period", .int(per))]
        }
        if let amount = habit.amount {
            row += [("target", .number(amount.count)), ("unit", amount.unit.map { .string($0) } ?? .null), ("amount_today", .number(times))]
        }
        if !habit.checklist.isEmpty {
            row.append(("checklist", .array(habit.checklist(on: today).map { ["name": .string($0.name), "done": .bool($0.done)] })))
        }
        return .object(row)
    }

    /// `history`: the latest entries, newest first, with notes and times. A habit of the player's own that
    /// still exists goes by its name now (a rename takes its history along); a deleted one keeps the name it
    /// had, and a room's shared habit the room's name for it.
    public static func history(_ entries: [LedgerEntry], habit: String?, in state: GameState) -> Reply {
        let current = Dictionary(state.habits.compactMap { habit in habit.id.map { ($0, habit.name) } }, uniquingKeysWith: { a, _ in a })
        let entries = entries.map { entry in
            guard entry.roomToken == nil, let name = entry.habitID.flatMap({ current[$0] }) else { return entry }
            var renamed = entry
            renamed.subject = name
            return renamed
        }
        let lines = entries.map { entry -> String in
            var line = "\(entry.day)  "
            switch entry.kind {
            case .completion:
                // (A part of an amount says so too: `×0.75`.)
                line += "+ \(entry.subject)" + (entry.quantity != 1 ? " ×\(entry.quantity)" : "")
                    + " (+\(entry.xp) XP, \(GameState.coins(entry.coins, signed: true)))"
            case .slip:
                line += "- \(entry.subject)" + (entry.quantity != 1 ? " ×\(entry.quantity)" : "")
                    + (entry.health == 0 ? " (no life lost)" : " (\(entry.health) life)")
            case .purchase:
                line += "$ \(entry.subject)" + (entry.quantity > 1 ? " ×\(entry.quantity)" : "") + " (\(GameState.coins(entry.coins))"
                    + (entry.health == 0 ? ")" : ", +\(entry.health) health)")
            case .run:
                line += entry.quantity == 0 ? "> running challenge started" : "> ran \(GameState.km(entry.quantity.double / 1000))"
            case .missed:
                line += "! missed \(entry.subject)" + (entry.quantity > 1 ? " (\(entry.quantity) times short)" : "") + " (\(entry.health) life)"
            case .todo:
                line += "✓ \(entry.subject) (+\(entry.xp) XP, \(GameState.coins(entry.coins, signed: true)))"
            case .check:
                line += "☑ \(entry.subject) (+\(entry.xp) XP, \(GameState.coins(entry.coins, signed: true)))"
            case .routine, .undo: line += entry.subject
            case .imported: line += "⇣ \(GameState.count(entry.quantity.rounded, "day")) of history imported from \(entry.subject)"
            }
            if let time = entry.timeOfDay { line += " at \(clock(time))" }
            if let note = entry.note { line += ": \(note)" }
            return line
        }
        let data: JSON = ["entries": .array(entries.map(entryData))]
        let subject = habit.map { " of \($0)" } ?? ""
        guard !entries.isEmpty else { return Reply(.info, "No history\(subject) yet.", data: data) }
        return Reply(.info, "History\(subject), newest first (\(entries.count))", details: lines, data: data)
    }

    static func entryData(_ entry: LedgerEntry) -> JSON {
        [
            "id": entry.id.map { .int(Int($0)) } ?? .null, "at": .string(ISO8601DateFormatter().string(from: entry.at)),
            "day": .string(entry.day.description), "kind": .string(entry.kind.rawValue), "subject": .string(entry.subject),
            "quantity": .number(entry.quantity), "xp": .int(entry.xp), "coins": .int(entry.coins), "health": .int(entry.health),
            "note": entry.note.map(JSON.string) ?? .null, "time": entry.timeOfDay.map { .string(clock($0)) } ?? .null,
        ]
    }

    /// Weeks shown by `heatmap`.
    public static let heatmapWeeks = 12

    /// The first day `heatmap` shows: the Monday 11 weeks before this week's.
    public static func heatmapStart(today: Day) -> Day {
        today - today.weekday - 7 * (heatmapWeeks - 1)
    }

    /// `heatmap`: 7 rows (Mon–Sun) × 12 weeks, darker blocks for more completions, months along the top.
    public static func heatmap(_ recordings: [LedgerEntry], today: Day, habit: String?) -> Reply {
        let start = heatmapStart(today: today)
        var counts: [Day: Int] = [:]
        // One habit: every time it was recorded (an amount's part as one). All habits: completions (slips are not achievements).
        for entry in recordings where habit != nil || entry.kind == .completion { counts[entry.day, default: 0] += entry.quantity.wholeOnesStarted }
        let shades = ["░░", "▒▒", "▓▓", "██"]
        func cell(_ day: Day) -> String {
            guard day <= today else { return "  " }
            let count = counts[day] ?? 0
            return shades[min(count, shades.count - 1)]
        }
        var header = "    "
        var lastMonth = 0
        for week in 0..<heatmapWeeks {
            let month = (start + 7 * week).civil.month
            if month != lastMonth, header.count <= 4 + 2 * week {
                header = header.padding(toLength: 4 + 2 * week, withPad: " ", startingAt: 0) + months[month - 1]
                lastMonth = month
            }
        }
        var lines = [header]
        for weekday in 0..<7 {
            lines.append(weekdays[weekday] + " " + (0..<heatmapWeeks).map { cell(start + 7 * $0 + weekday) }.joined())
        }
        lines.append("    ░░ none  ▒▒ 1  ▓▓ 2  ██ 3+")
        let total = counts.values.reduce(0, +)
        let active = counts.filter { $0.value > 0 }.count
        let data: JSON = [
            "habit": habit.map(JSON.string) ?? .null, "from": .string(start.description), "through": .string(today.description),
            "days": .array(counts.keys.sorted().map { ["day": .string($0.description), "count": .int(counts[$0]!)] }),
        ]
        let subject = habit ?? "All habits"
        return Reply(.info, "\(subject), last \(heatmapWeeks) weeks: \(plural(total, "time")) on \(plural(active, "day"))", details: lines, data: data)
    }
}

extension Views {
    /// How many weeks `strength <habit>` looks back.
    public static let strengthWeeks = 12

    /// The days `strength <habit>` shows the strength on: the same weekday as `today`, each week back over
    /// ``strengthWeeks`` weeks, oldest first, today last.
    public static func strengthDays(today: Day) -> [Day] {
        (0..<strengthWeeks).reversed().map { today - 7 * $0 }
    }

    /// `strength <habit>`: the habit's strength on each of ``strengthDays(today:)`` (`points`, as the streaks view
    /// counts it), as a bar each.
    public static func strength(of habit: String, points: [(day: Day, strength: Int)]) -> Reply {
        let lines = points.map { point in
            let filled = (point.strength + 5) / 10
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled)
            return "\(point.day.label.padding(toLength: 10, withPad: " ", startingAt: 0)) \(bar) \(point.strength)%"
        }
        let first = points.first?.strength ?? 0, last = points.last?.strength ?? 0
        let data: JSON = [
            "habit": .string(habit),
            "points": .array(points.map { ["day": .string($0.day.description), "strength": .int($0.strength)] }),
        ]
        return Reply(.info, "\(habit)'s strength, last \(strengthWeeks) weeks: \(first)% → \(last)%", details: lines, data: data)
    }
}
