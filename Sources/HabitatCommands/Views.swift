import Foundation
import HabitatEngine

/// Renders game state as replies: the toast people read and the `data` programs read.
public enum Views {
    /// `status`: one line of totals, then areas and the challenge when there are any; given `today`, the pauses under
    /// way too (and `paused_until` in the data).
    public static func status(_ state: GameState, today: Day? = nil) -> Reply {
        let p = state.profile
        var details = state.areas.map { area in
            "\(area.name): level \(area.progress.level), \(area.progress.xp)/\(area.curve.need(at: area.progress.level)) XP"
        }
        switch p.state {
        case .active: break
        case .gameOver:
            details.append("Game over — type 'start challenge' and run \(GameState.km(state.settings.runningTargetKm)) to recover.")
        case .recovery:
            if let challenge = p.challenge { details.append("Recovery run: \(challenge.progressBar)") }
        }
        var pairs = statusPairs(state, more: today == nil ? 0 : 1)
        if let today {
            // No pause at all (most games): nothing paused, with no habit looked at.
            let all = state.pauses.isEmpty ? nil : state.allPausedThrough(on: today)
            if let all { details.append("All habits paused through \(all.label) ('resume' ends it sooner)") }
            let paused = state.pauses.isEmpty ? [] : state.activeHabits.compactMap { habit in
                state.pausedThrough(habit, on: today).flatMap { $0 == all ? nil : "\(habit.name) (through \($0.label))" }
            }
            if !paused.isEmpty { details.append("Paused: " + paused.joined(separator: ", ")) }
            pairs.append(("paused_until", all.map { .string($0.description) } ?? .null))
        }
        // Written byte by byte: an interpolated `String` costs hundreds of instructions a piece, on every `status`.
        let line = ByteText(
            "Level \(p.progress.level) · \(p.progress.xp)/\(state.xpNeeded) XP · \(p.health)/\(p.maxHealth) health · \(p.coins) \(GameState.coinWord(p.coins))")
        return Reply(.info, line.string, details: details, data: .object(pairs))
    }

    /// One figure of `status`, as `level`, `coins`, `health` or `xp` asks for it; in JSON, all of `status`'s data.
    public static func figure(_ figure: Figure, of state: GameState) -> Reply {
        let p = state.profile
        let toNext = "\(p.progress.xp)/\(state.xpNeeded) XP toward level \(p.progress.level + 1)"
        let text: String
        switch figure {
        case .level: text = "You're level \(p.progress.level), \(toNext)."
        case .xp: text = "\(toNext) (you're level \(p.progress.level))."
        case .health: text = "Health \(p.health)/\(p.maxHealth)\(p.state == .active ? "" : ", and the game is over: type 'start challenge' to recover")."
        case .coins: text = "You have \(GameState.coins(p.coins))."
        }
        return Reply(.info, text, data: statusData(state))
    }

    public static func statusData(_ state: GameState) -> JSON {
        .object(statusPairs(state))
    }

    /// The fields of ``statusData(_:)``, with room for `more` after them (`status`'s `paused_until`): adding them
    /// copies nothing.
    static func statusPairs(_ state: GameState, more: Int = 0) -> [(String, JSON)] {
        let p = state.profile
        var pairs: [(String, JSON)] = []
        pairs.reserveCapacity(9 + more)
        pairs.append(("level", .int(p.progress.level)))
        pairs.append(("xp", .int(p.progress.xp)))
        pairs.append(("xp_needed", .int(state.xpNeeded)))
        pairs.append(("coins", .int(p.coins)))
        pairs.append(("health", .int(p.health)))
        pairs.append(("max_health", .int(p.maxHealth)))
        pairs.append(("state", .string(p.state.rawValue)))
        pairs.append(
            (
                "areas",
                .array(
                    state.areas.map { area in
                        [
                            "name": .string(area.name), "level": .int(area.progress.level), "xp": .int(area.progress.xp),
                            "xp_needed": .int(area.curve.need(at: area.progress.level)),
                        ]
                    })
            ))
        if let challenge = p.challenge, p.state == .recovery {
            pairs.append(
                (
                    "challenge",
                    [
                        "target_km": .double(challenge.targetKm), "progress_km": .double(challenge.progressKm),
                        "started": .string(challenge.started.description),
                    ]
                ))
        }
        return pairs
    }

    /// `habits`: good ones with their rewards, streaks and strength, bad ones with their cost and clean days; `days`
    /// holds how many times each was recorded on each day, by id (``Ledger/habitDays()``).
    public static func habits(_ state: GameState, today: Day, days: [Int64: [Day: Quantity]]) -> Reply {
        let habits = state.activeHabits
        let kept = habits.map { state.keeping($0, days: days, today: today) }
        let data: JSON = ["habits": .array(zip(habits, kept).map { habitData($0, state: state, keeping: $1, today: today, days: days) })]
        guard !habits.isEmpty else {
            return Reply(.info, "No habits yet. Add one: 'add habit Exercise' or 'add bad habit Smoking'.", data: data)
        }
        let lines = zip(habits, kept).map { habit, keeping -> String in
            let area = (state.area(id: habit.areaID).map { " [\($0.name)]" } ?? "")
                + (habit.words.isEmpty ? "" : " (also \(habit.words.map { "'\($0)'" }.joined(separator: ", ")))")
            let amountToday = days[habit.id ?? -1]?[today] ?? 0
            let counted = habit.amount.map { " · \(GameState.describe($0, of: habit.kind, schedule: habit.schedule)) (\(amountToday) today)" } ?? ""
            let timed = (habit.schedule == .daily ? "" : " · \(habit.schedule.words)") + counted + (habit.tracksTime ? " · tracks time" : "")
                + (habit.bite > 0 ? " · \(habit.bite) life if missed" : "")
                + (state.pausedThrough(habit, on: today).map { " · paused through \($0.label)" } ?? "")
            switch habit.kind {
            case .good:
                return "+ \(habit.name)\(area): +\(habit.xp) XP, \(GameState.coins(habit.coins, signed: true)) · \(streakWords(keeping, of: habit)) · strength \(keeping.strength)%\(timed)"
            case .bad:
                return "- \(habit.name)\(area): \(GameState.lifeCost(habit.life)) · \(streakWords(keeping, of: habit)) · strength \(keeping.strength)%\(timed)"
            }
        }
        return Reply(.info, "Your habits (\(habits.count))", details: lines, data: data)
    }

    /// `streak 3 (best 5)`, `streak 2 weeks (best 4)`; a bad habit's `4 days clean (best 9)`: a streak in its unit.
    static func streakWords(_ keeping: StreakAndStrength, of habit: Habit) -> String {
        switch (habit.kind, keeping.unit) {
        case (.bad, _): return "\(plural(keeping.streak, "day")) clean (best \(keeping.best))"
        case (.good, .days): return "streak \(keeping.streak) (best \(keeping.best))"
        case (.good, .weeks): return "streak \(plural(keeping.streak, "week")) (best \(keeping.best))"
        case (.good, .months): return "streak \(plural(keeping.streak, "month")) (best \(keeping.best))"
        }
    }

    /// A habit's row in the JSON of `habits` and `archive`.
    static func habitData(_ habit: Habit, state: GameState, keeping: StreakAndStrength, today: Day, days: [Int64: [Day: Quantity]]) -> JSON {
        var row: [(String, JSON)] = [
            ("name", .string(habit.name)), ("kind", .string(habit.kind.rawValue)), ("xp", .int(habit.xp)),
            ("coins", .int(habit.coins)), ("life", .int(habit.life)),
            ("area", state.area(id: habit.areaID).map { .string($0.name) } ?? .null), ("archived", .bool(habit.archived)),
            ("streak", .int(keeping.streak)), ("best_streak", .int(keeping.best)), ("streak_unit", .string(keeping.unit.rawValue)),
            ("strength", .int(keeping.strength)), ("tracks_time", .bool(habit.tracksTime)), ("schedule", .string(habit.schedule.words)),
            ("due_today", .bool(keeping.due)),
            ("paused_until", state.pausedThrough(habit, on: today).map { .string($0.description) } ?? .null),
            ("target", habit.kind == .good ? habit.amount.map { .number($0.count) } ?? .null : .null),
            ("limit", habit.kind == .bad ? habit.amount.map { .number($0.count) } ?? .null : .null),
            ("unit", habit.amount?.unit.map { .string($0) } ?? .null),
            ("amount_today", .number(days[habit.id ?? -1]?[today] ?? 0)),
            ("life_if_missed", .int(habit.bite)),
        ]
        if !habit.words.isEmpty { row.append(("words", .array(habit.words.map(JSON.string)))) }
        if case .quota(let per, _) = habit.schedule, let inPeriod = keeping.inPeriod {
            row += [("done_this_period", .int(inPeriod)), ("per_period", .int(per))]
        }
        return .object(row)
    }

    /// `store`: the catalog with prices, and the coins to spend.
    public static func store(_ state: GameState) -> Reply {
        let items = Store.catalog(rewards: state.rewards)
        let lines = items.map { item in
            item.kind == .potion
                ? "\(item.name): \(GameState.coins(item.price)) (+\(Store.potionHealing) health)" : "\(item.name): \(GameState.coins(item.price))"
        }
        let data: JSON = [
            "coins": .int(state.profile.coins),
            "items": .array(items.map { ["name": .string($0.name), "price": .int($0.price), "kind": .string($0.kind.rawValue)] }),
        ]
        return Reply(.info, "Store — you have \(plural(state.profile.coins, "coin")). Buy with 'buy <item>'.", details: lines, data: data)
    }

    /// The reply to an action the engine carried out, with the new totals as data.
    public static func outcome(_ outcome: Outcome, _ state: GameState) -> Reply {
        Reply(toasts: outcome.toasts, data: statusData(state))
    }

    /// `help`: a card of the commands people use most and the topics; `help <topic>`: a topic's commands and how
    /// they are said; `help all`: every command with its usage; `help <command>`: usage, other phrasings and
    /// examples; `help room`: the commands that start with that word. For a chat user (`fromChat`) the lists leave
    /// out what chat can't use. A reply's data keeps every command (`commands`), whatever the text shows.
    public static func help<Command>(
        topic: String?, fromChat: Bool = false, in table: CommandTable<Command>, guide: HelpGuide
    ) -> Reply {
        let usable = { (specs: [CommandSpec<Command>]) in fromChat ? specs.filter(\.availableFromChat) : specs }
        guard let topic else { return helpCard(guide, usable(table.all)) }
        if topic == "all" {
            var reply = helpList(usable(table.all), title: "Habitat commands — 'help <command>' shows examples:")
            reply.toasts.append(Toast(.info, "Or say it your way: 'flossed', 'how many coins do I have?', 'what's left today?'. 'help words' says more."))
            return reply
        }
        if let chosen = guide.topic(named: topic) {
            let specs = usable(chosen.commands.compactMap { name in table.all.first { $0.name == name } })
            return helpTopic(chosen, specs)
        }
        switch table.helpTopic(topic) {
        case .command(let spec)?:
            let data: JSON = [
                "name": .string(spec.name), "usage": .string(spec.usage), "summary": .string(spec.summary),
                "examples": .array(spec.examples.map(JSON.string)), "also": .array(spec.phrasings.map(JSON.string)),
            ]
            let also = spec.phrasings.isEmpty ? [] : ["also: " + spec.phrasings.joined(separator: ", ")]
            return Reply(.info, "\(spec.usage) — \(spec.summary)", details: also + spec.examples.map { "e.g. \($0)" }, data: data)
        case .commands(let word, let specs)?:
            return helpList(usable(specs), title: "The \(word) commands — 'help <command>' shows examples:")
        case nil:
            return Reply(error: HabitatError(.notFound, "No command or topic '\(topic)'. Type 'help' to see the topics.", symbol: .question))
        }
    }

    /// `help`: the commands people use most, and the topics to ask about, in at most eight lines.
    static func helpCard<Command>(_ guide: HelpGuide, _ specs: [CommandSpec<Command>]) -> Reply {
        let usable = Set(specs.map(\.name))
        let topics = guide.topics.filter { $0.commands.contains(where: usable.contains) }
        var lines = columns(guide.first.filter { usable.contains($0.command) }.map { ($0.shown, $0.says) })
        lines.append("More: help " + topics.map(\.name).joined(separator: " · "))
        lines.append("'help <command>' shows one with examples; 'help all' lists every command.")
        let data: JSON = [
            "commands": commandsData(specs),
            "topics": .array(topics.map { ["name": .string($0.name), "summary": .string($0.summary)] }),
        ]
        return Reply(.info, "Habitat — what people do most:", details: lines, data: data)
    }

    /// `help <topic>`: its commands with their summaries, then examples of it said.
    static func helpTopic<Command>(_ topic: HelpTopic, _ specs: [CommandSpec<Command>]) -> Reply {
        let title = topic.name.prefix(1).uppercased() + topic.name.dropFirst() + " — " + topic.summary
        var toasts = [Toast(.info, title, details: columns(specs.map { ($0.synopsis, $0.summary) }))]
        if !topic.examples.isEmpty { toasts.append(Toast(.info, "Said like this:", details: topic.examples.map { "e.g. \($0)" })) }
        if topic.name == "words" { toasts.insert(contentsOf: everydayWords.toasts, at: 0) }
        let data: JSON = [
            "topic": .string(topic.name), "summary": .string(topic.summary), "commands": commandsData(specs),
            "examples": .array(topic.examples.map(JSON.string)),
        ]
        return Reply(toasts: toasts, data: data)
    }

    /// `help words`: what is understood beyond the commands, with examples.
    static let everydayWords = Reply(
        .info, "Say it your way. Beyond the commands, I understand:",
        details: [
            "your own words for your habits: 'exercised', 'I meditated this morning', 'smoked', or a habit's name alone",
            "small words around a command: 'Did exercise!', 'status please', 'buy a potion', 'did floss twice', 'just did exercise ✅'",
            "questions: 'how am I doing?', 'how many coins do I have?', 'what's my level?', 'what's left today?', 'what can I buy?', 'who am I?'",
            "a figure by its name: 'level', 'coins', 'health', 'xp'",
            "making and mending: 'add a habit called Yoga', 'new bad habit Vaping', 'oops', 'undo that'",
            "what you did, as you'd say it: 'ran 5k', 'drank 2 more glasses of water', 'did yoga and called mum', 'yesterday I had 3 coffees', 'walked to the shop and back, 2 km', 'forgot to log my journal yesterday', 'walked the dog on wednesday', 'cello 45, scales, all done', 'cello for an hour and a half', 'did 4,200 steps', 'a thousand words on wednesday', 'fourth cup of tea today', 'Tuesday I take my pills, I forget to write', 'walk done: 4 km', 'swam 0.75 km', 'sleep 7.5 hydration 2.25', 'cycled 30 km on the 18th', 'drank 3 glasses of water, 8oz each', 'half a liter of water' (asked as oz)",
            "asked nicely: 'could you pause yoga for five days?', 'I would like to archive French', 'let me type slr for straight leg raises', 'move yoga into Body, would you?', 'I'd like a new habit: a letter to my sister'",
            "holidays: 'on holiday until the 3rd', 'away till sunday', 'taking a week off', 'no cello for a week', 'I'm back', 'we're back from Laredo'",
            "reminders: 'quit reminding me to stretch', 'stop reminding me about the pills', 'every evening at 21:30 remind me to stretch', 'move my rosary reminder to 9:30', 'which reminders are on?'",
            "more questions: 'how long is my yoga streak?', 'anything left?', 'who did the dishes?', 'what does a potion cost?', 'show me the last few times I walked', 'reading history', 'status check'",
            "new habits: 'I want to start stretching 10 min every day', 'add habit Yoga tue thu', 'add habit Run 5 km 3 times a week', 'make yoga 4 times a week'",
            "changes: 'change walk to morning walk', 'yoga every day from now on', 'change the yoga reminder to 7pm', 'when I say gym I mean exercise', 'drafting counts as writing', 'put tai chi in Mind', 'put piano away for now', 'vaping limit 3 not 5', 'change the walk to 5 km a day'",
            "to-dos: 'add cat food to the shopping list', 'todo: email the quartet', 'need to renew my passport by friday', 'push the dentist to monday', 'dentist change to 2 december', 'put school shoes on the list, we need them by tuesday', 'take milk off the list', 'we're out of milk, stick it on the list', 'drop the passport todo'",
            "days and asides: 'called mum on Sunday and again on Tuesday', 'took my pills 2 days ago but not yesterday', 'walked the dog this morning and tonight', 'the plants are watered', 'slept 4h, will sleep more later', 'back in Houston, central time' (asked)",
            "Your words find a habit by its whole name or a form of it (exercised, ran for Running); another word for it, or one word of a longer name ('took bess out' for Walk Bess), I ask about.",
            "When I read them so, the reply says what I took them for, and 'undo' takes it back. When I'm not sure, I ask: 'yes' does it.",
            "'didn't', 'skipped', 'going to', 'tomorrow', 'in 2 hours' and someone else's doing ('my roommate studied') record nothing; 'I think I did' asks.",
        ],
        data: ["topic": "words"])

    /// Commands with their synopses and summaries, the summaries in one column.
    static func helpList<Command>(_ specs: [CommandSpec<Command>], title: String) -> Reply {
        Reply(.info, title, details: columns(specs.map { ($0.synopsis, $0.summary) }), data: ["commands": commandsData(specs)])
    }

    /// Pairs as two columns, the second starting in one column.
    static func columns(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
    }

    /// Commands as data: each one's name, usage and summary.
    static func commandsData<Command>(_ specs: [CommandSpec<Command>]) -> JSON {
        .array(specs.map { ["name": .string($0.name), "usage": .string($0.usage), "summary": .string($0.summary)] })
    }

    /// `1 coin`, `2 coins`.
    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// One figure of a player's game, as `level`, `coins`, `health` or `xp` asks for it.
public enum Figure: String, Sendable, Equatable, CaseIterable {
    case level, coins, health, xp
}
