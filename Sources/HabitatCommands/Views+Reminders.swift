import HabitatEngine
import HabitatHousehold

extension ToastSymbol {
    /// The server speaking first: a reminder, the day's digest.
    public static let reminder = ToastSymbol(name: "reminder", emoji: "⏰", word: "REMINDER:", type: .info)
}

extension Views {
    /// `⏰ Time to floss — not done yet today.`; for a habit counted in an amount, how far it is.
    public static func reminder(_ habit: Habit, days: [Int64: [Day: Quantity]], today: Day) -> Toast {
        let done = habit.id.flatMap { days[$0]?[today] } ?? 0
        let how = habit.amount.map { "\($0.progress(done)) so far today." } ?? "not done yet today."
        return Toast(.reminder, "Time to \(habit.name.lowercased()) — \(how)")
    }

    /// The day's digest: what is due and not yet done, in one line (`⏰ Due today: Exercise, Floss, Water 0/8 glasses`),
    /// then the to-dos due today or overdue (`To-dos due: Call the dentist (overdue since Mon 30 Nov)`), and the same
    /// as data.
    public static func digest(_ habits: [Habit], todos: [Todo] = [], days: [Int64: [Day: Quantity]], today: Day) -> (Toast, JSON) {
        let rows = habits.map { habit -> (String, JSON) in
            let done = habit.id.flatMap { days[$0]?[today] } ?? 0
            var row: [(String, JSON)] = [("name", .string(habit.name)), ("schedule", .string(habit.schedule.words))]
            if let amount = habit.amount {
                row += [("target", .number(amount.count)), ("unit", amount.unit.map { .string($0) } ?? .null), ("amount_today", .number(done))]
            }
            return (habit.amount.map { "\(habit.name) \($0.progress(done))" } ?? habit.name, .object(row))
        }
        var parts = habits.isEmpty ? [] : ["Due today (\(habits.count)): " + rows.map(\.0).joined(separator: ", ")]
        if !todos.isEmpty {
            let named = todos.map { todo in
                todo.isOverdue(on: today) ? "\(todo.name) (overdue since \(todo.due.map { GameState.dueWords($0, today: today) } ?? ""))" : todo.name
            }
            parts.append("To-dos due: " + named.joined(separator: ", "))
        }
        var data: [(String, JSON)] = [("date", .string(today.description)), ("habits", .array(rows.map(\.1)))]
        if !todos.isEmpty { data.append(("todos", .array(todos.map { todoRow($0, today: today) }))) }
        return (Toast(.reminder, parts.joined(separator: ". ")), .object(data))
    }

    /// At a login, the reminders of today that reached no one and still hold: `⏰ Missed today: Floss at 21:00 — not
    /// done yet.`; `nil` when there are none.
    public static func missedReminders(_ reminders: [Reminder], toDo: [Habit]) -> (Toast, JSON)? {
        let names = Set(toDo.map(\.name))
        let habits = reminders.filter { $0.habit.map(names.contains) == true }
        let digest = reminders.contains { $0.habit == nil } && !toDo.isEmpty
        guard !habits.isEmpty || digest else { return nil }
        let digestWords = reminders.first { $0.habit == nil }.map { "your digest at " + GameState.clock($0.minute) }
        let parts = (digest ? [digestWords!] : []) + habits.map(\.words)
        let text =
            digest
            ? "Missed today: \(parts.joined(separator: ", ")). Still due today: \(toDo.map(\.name).joined(separator: ", "))."
            : "Missed today: \(parts.joined(separator: ", ")) — not done yet."
        let data: JSON = [
            "missed": .array(habits.map { ["habit": .string($0.habit ?? ""), "time": .string(GameState.clock($0.minute))] }),
            "still_due": .array(digest ? toDo.map { .string($0.name) } : []),
        ]
        return (Toast(.reminder, text), data)
    }

    /// `reminders`: each, earliest first, numbered as `stop reminding` takes them.
    public static func reminders(_ reminders: [Reminder]) -> Reply {
        let data: JSON = [
            "reminders": .array(
                reminders.map { reminder in
                    ["habit": reminder.habit.map { .string($0) } ?? .null, "time": .string(GameState.clock(reminder.minute)), "digest": .bool(reminder.habit == nil)]
                })
        ]
        guard !reminders.isEmpty else {
            return Reply(.info, "No reminders. Set one: 'remind me to floss at 21:00', or 'remind me at 8:00' for the day's digest.", data: data)
        }
        let lines = reminders.enumerated().map { number, reminder in
            "\(number + 1). \(GameState.clock(reminder.minute)) " + (reminder.habit.map { "\($0), if not done" } ?? "what's due today (digest)")
        }
        return Reply(.info, "Reminders (\(reminders.count))", details: lines, data: data)
    }
}

extension Views {
    /// The room's week, as `room report` posts it.
    public static func roomReport(_ report: WeekReport, of room: Room) -> Reply {
        var lines: [String] = []
        lines.append(
            report.leaderboard.isEmpty
                ? "Leaderboard: no chores done yet this week."
                : "Leaderboard: " + report.leaderboard.enumerated().map { "\($0.offset + 1). \($0.element.name) \($0.element.xp) XP" }.joined(separator: ", "))
        if !report.fairness.shares.isEmpty {
            lines.append("Fair shares: " + report.fairness.shares.map { "\($0.name) \($0.percent)% (\(plural($0.done, "chore")))" }.joined(separator: ", "))
        }
        if !report.streaks.isEmpty {
            lines.append("Longest streaks: " + report.streaks.prefix(3).map { "\($0.chore) \(plural($0.streak, String($0.unit.rawValue.dropLast())))" }.joined(separator: ", "))
        }
        lines.append(
            report.leftUndone.map { "Left undone most: \($0.chore), on \(plural($0.days, "day")) it was due." }
                ?? "Every chore was done each day it was due.")
        let data: JSON = [
            "room": .string(room.displayName), "week_of": .string(report.weekOf.description),
            "leaderboard": .array(report.leaderboard.map { ["name": .string($0.name), "xp": .int($0.xp)] }),
            "shares": .array(report.fairness.shares.map { ["name": .string($0.name), "done": .int($0.done), "xp": .int($0.xp), "percent": .int($0.percent)] }),
            "streaks": .array(report.streaks.map { ["chore": .string($0.chore), "streak": .int($0.streak), "unit": .string($0.unit.rawValue)] }),
            "left_undone": report.leftUndone.map { ["chore": .string($0.chore), "days": .int($0.days)] } ?? .null,
        ]
        return Reply(.room, "\(room.displayName) — the week of \(label(report.weekOf))", details: lines, data: data)
    }

    /// `room reminders`: the room's morning post and weekly report, if set.
    public static func roomPosts(_ posts: [RoomPost], of room: Room) -> Reply {
        let data: JSON = [
            "room": .string(room.displayName),
            "posts": .array(posts.map { ["kind": .string($0.kind.rawValue), "time": .string(GameState.clock($0.minute)), "weekday": $0.weekday.map { .string(RoomPost.weekdays[$0].lowercased()) } ?? .null, "time_zone": .string($0.timeZone)] }),
        ]
        guard !posts.isEmpty else {
            return Reply(.room, "\(room.displayName) has no reminders. The owner sets them: 'room remind at 8:00', 'room report on sunday at 19:00'.", data: data)
        }
        let lines = posts.map { post in
            switch post.kind {
            case .chores: "Each day at \(GameState.clock(post.minute)): the chores due and whose turn each is (\(post.timeZone))"
            case .report: "\(RoomPost.weekdays[post.weekday ?? 6])s at \(GameState.clock(post.minute)): the week's report (\(post.timeZone))"
            }
        }
        return Reply(.room, "\(room.displayName) — reminders", details: lines, data: data)
    }
}
