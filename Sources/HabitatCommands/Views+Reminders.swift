import HabitatEngine

extension ToastSymbol {
    /// The server speaking first: a reminder, the day's digest.
    public static let reminder = ToastSymbol(name: "reminder", emoji: "⏰", word: "REMINDER:", type: .info)
}

extension Views {
    /// `⏰ Time to floss — not done yet today.`; for a habit counted in an amount, how far it is.
    public static func reminder(_ habit: Habit, days: [Int64: [Day: Int]], today: Day) -> Toast {
        let done = habit.id.flatMap { days[$0]?[today] } ?? 0
        let how = habit.amount.map { "\($0.progress(done)) so far today." } ?? "not done yet today."
        return Toast(.reminder, "Time to \(habit.name.lowercased()) — \(how)")
    }

    /// The day's digest: what is due and not yet done, in one line (`⏰ Due today: Exercise, Floss, Water 0/8 glasses`),
    /// and the same habits as data.
    public static func digest(_ habits: [Habit], days: [Int64: [Day: Int]], today: Day) -> (Toast, JSON) {
        let rows = habits.map { habit -> (String, JSON) in
            let done = habit.id.flatMap { days[$0]?[today] } ?? 0
            var row: [(String, JSON)] = [("name", .string(habit.name)), ("schedule", .string(habit.schedule.words))]
            if let amount = habit.amount {
                row += [("target", .int(amount.count)), ("unit", amount.unit.map { .string($0) } ?? .null), ("amount_today", .int(done))]
            }
            return (habit.amount.map { "\(habit.name) \($0.progress(done))" } ?? habit.name, .object(row))
        }
        let toast = Toast(.reminder, "Due today (\(habits.count)): " + rows.map(\.0).joined(separator: ", "))
        return (toast, ["date": .string(today.description), "habits": .array(rows.map(\.1))])
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
