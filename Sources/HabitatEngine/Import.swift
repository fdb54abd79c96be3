import Foundation

/// One day of a habit's history brought in from another tracker: done (or, for a bad habit, slipped) so many times,
/// or so much of its amount, with the day's note.
public struct ImportedDay: Sendable, Equatable {
    public var day: Day
    public var quantity: Quantity
    public var note: String?

    /// `quantity` is kept above 0 (a thousandth at least) and at most what a day's amount may be (``DailyAmount/most``).
    public init(day: Day, quantity: Quantity = 1, note: String? = nil) {
        (self.day, self.note) = (day, note)
        self.quantity = min(max(Quantity(thousandths: 1), quantity), Quantity(DailyAmount.most))
    }
}

/// A habit brought in from another tracker, with its history.
public struct ImportedHabit: Sendable, Equatable {
    public var name: String
    public var kind: HabitKind
    public var schedule: Schedule
    public var amount: DailyAmount?
    public var archived: Bool
    /// The area it goes in (one of the plan's ``ImportPlan/areas``, or one the user has), by name.
    public var area: String?
    /// The life a day due and not done costs (a daily that bites), from the day after the import.
    public var bite: Int
    /// Its steps (a morning routine's), ticked each day it is due.
    public var steps: [String]
    /// Its days, oldest first.
    public var days: [ImportedDay]
    /// What a recording earns (XP, coins) or a slip costs (life) when the file says; the defaults otherwise.
    public var xp: Int?
    public var coins: Int?
    public var life: Int?
    /// The player's own words for it (`call exercise gym`).
    public var words: [String] = []
    public var tracksTime = false
    /// The day it was made, when the file says (a bad habit's clean days count from it); its first day otherwise.
    public var created: Day?
    /// Its streak, best streak, last day and times recorded, when the file says (Habitat's own export); counted from
    /// its days otherwise.
    public var stats: HabitStats?

    public init(
        name: String, kind: HabitKind = .good, schedule: Schedule = .daily, amount: DailyAmount? = nil, archived: Bool = false,
        area: String? = nil, bite: Int = 0, steps: [String] = [], days: [ImportedDay] = []
    ) {
        self.steps = steps
        (self.name, self.kind, self.schedule, self.amount, self.archived, self.days) = (name, kind, schedule, amount, archived, days)
        (self.area, self.bite) = (area, bite)
    }
}

/// A game character from another tracker (Habitica's level, gold and health), brought in only when asked.
public struct ImportedCharacter: Sendable, Equatable {
    public var level: Int
    public var coins: Int
    /// Of full health, 0 to 1.
    public var health: Double

    /// XP within its level, when the file says.
    public var xp = 0

    public init(level: Int, coins: Int, health: Double) {
        (self.level, self.coins, self.health) = (level, coins, health)
    }
}

/// How an import is asked for: whether the history earns what it would have (`--with-rewards`), whether the
/// character comes too (`--with-character`), and whether a habit whose name the user has already takes the file's
/// days (`--merge`) instead of coming in as a new, numbered one.
public struct ImportOptions: Sendable, Equatable, Codable {
    public var withRewards: Bool
    public var withCharacter: Bool
    public var merge: Bool

    public init(withRewards: Bool = false, withCharacter: Bool = false, merge: Bool = false) {
        (self.withRewards, self.withCharacter, self.merge) = (withRewards, withCharacter, merge)
    }
}

/// Where a habit of a plan went: a habit of its own, called `name` (its name, or numbered when the user has it), or,
/// `merged`, the user's habit `name`, which took its days.
public struct ImportedInto: Sendable, Equatable {
    public var name: String
    public var merged: Bool

    public init(name: String, merged: Bool = false) {
        (self.name, self.merged) = (name, merged)
    }
}

/// What an import brings in, read from another tracker's file: its habits and their history, and what came in only
/// roughly or not at all, said for the person.
public struct ImportPlan: Sendable {
    /// The tracker the file is from (`Loop Habit Tracker`).
    public var source: String
    public var habits: [ImportedHabit]
    /// Areas to add (those the user has already are used as they are).
    public var areas: [String]
    /// To-dos, open and done.
    public var todos: [Todo]
    public var rewards: [Reward]
    /// `Gym: 3 times in 10 days is kept as 2 times a week.`, `Reminders are not brought in.`
    public var notes: [String]
    /// The character, when the file has one.
    public var character: ImportedCharacter?
    /// Routines, by name, of the plan's habits by their names in the file.
    public var routines: [(name: String, habits: [String])] = []
    /// Pauses, of a habit of the plan by its name in the file or (`nil`) of all, with their first and last days.
    public var pauses: [(habit: String?, first: Day, last: Day)] = []
    /// The file's settings (time zone, day start, week start, curve), taken by an account with no habits yet.
    public var settings: [Setting] = []

    public init(
        source: String, habits: [ImportedHabit] = [], areas: [String] = [], todos: [Todo] = [], rewards: [Reward] = [], notes: [String] = []
    ) {
        (self.source, self.habits, self.notes) = (source, habits, notes)
        (self.areas, self.todos, self.rewards) = (areas, todos, rewards)
    }

    /// How many days of history it holds.
    public var dayCount: Int { habits.reduce(0) { $0 + $1.days.count } }

    /// The plan without the days after `last` (a file's dates in the future, or garbled) or before 1970, said in its
    /// notes when there were any.
    public func keepingDays(through last: Day) -> ImportPlan {
        var plan = self
        var dropped = 0
        for index in plan.habits.indices {
            let days = plan.habits[index].days
            plan.habits[index].days = days.filter { $0.day <= last && $0.day.ordinal >= 0 }
            dropped += days.count - plan.habits[index].days.count
        }
        if dropped > 0 {
            plan.notes.insert(
                "\(GameState.count(dropped, "day")) dated after \(last.label) or before 1970 \(dropped == 1 ? "is" : "are") not brought in.", at: 0)
        }
        return plan
    }
}

extension GameState {
    /// Adds the plan's habits, each under its own name or, when one of the user's habits or routines has it, the
    /// first of `Name (2)`, `Name (3)`, … that is free, or, `merging`, into the user's habit of that name when it is
    /// of the same kind (and, merging, a reward or to-do the user has by name is kept as it is, not added again): where
    /// each habit went, in the plan's order. The whole plan fits, or nothing is added
    /// (`limit_reached`).
    public mutating func addImported(_ plan: ImportPlan, at now: Date, merging: Bool = false) throws -> [ImportedInto] {
        func mergesInto(_ imported: ImportedHabit) -> Habit? {
            merging ? habits.first { $0.kind == imported.kind && $0.name.isSameName(as: imported.name) } : nil
        }
        let adding = plan.habits.filter { mergesInto($0) == nil }.count
        if habits.count + adding > CatalogLimit.habits {
            throw HabitatError(
                .limitReached,
                "The file holds \(adding) new habits and you have \(habits.count); one can have at most \(CatalogLimit.habits). Delete some, then import again.")
        }
        if habits.isEmpty {
            for setting in plan.settings { _ = try configure(setting, area: nil) }
        }
        let today = settings.day(of: now)
        for raw in plan.areas {
            let name = try Self.validAreaName(raw)
            guard !areas.contains(where: { $0.name.isSameName(as: name) }) else { continue }
            try requireSpace(for: .areas)
            areas.append(Area(id: newAreaID, name: name))
        }
        var into: [ImportedInto] = []
        for imported in plan.habits {
            if let existing = mergesInto(imported) {
                into.append(ImportedInto(name: existing.name, merged: true))
                continue
            }
            let name = try freeName(for: try Self.validName(imported.name, of: "habit"))
            if let amount = imported.amount { try Self.checkAmount(amount, of: name, kind: imported.kind) }
            try Self.checkBite(imported.bite > 0 ? imported.bite : nil, of: name, kind: imported.kind)
            let good = imported.kind == .good
            try Self.checkAmounts(xp: imported.xp, coins: imported.coins, life: imported.life)
            let created = min(imported.created ?? imported.days.first?.day ?? today, today)
            var habit = Habit(
                name: name, kind: imported.kind, xp: imported.xp ?? (good ? Habit.defaultXP : 0),
                coins: imported.coins ?? (good ? Habit.defaultCoins : 0), life: imported.life ?? (good ? 0 : Habit.defaultLife),
                areaID: imported.area.flatMap { area in areas.first { $0.name.isSameName(as: area) }?.id }, archived: imported.archived,
                tracksTime: imported.tracksTime, created: created, schedule: imported.schedule, amount: imported.amount, bite: imported.bite,
                biteSince: imported.bite > 0 ? today + 1 : nil)
            // Its own words, those no habit of the user's answers to already.
            habit.words = imported.words.filter { self.habit(answeringTo: $0) == nil }
            if good, imported.amount == nil {
                habit.checklist = try imported.steps.prefix(Self.maxChecklistItems).map { ChecklistItem(try Self.validName($0, of: "step")) }
            }
            habits.append(habit)
            into.append(ImportedInto(name: name))
        }
        for reward in plan.rewards {
            if merging, rewards.contains(where: { $0.name.isSameName(as: reward.name) }) { continue }
            try requireSpace(for: .rewards)
            var name = try Self.validName(reward.name, of: "reward")
            let store = Store.catalog(rewards: rewards)
            var number = 2
            while store.contains(where: { $0.name.isSameName(as: name) }) {
                name = try Self.validName("\(reward.name) (\(number))", of: "reward")
                number += 1
            }
            rewards.append(Reward(name: name, price: min(max(reward.price, 1), 1_000_000)))
        }
        for todo in plan.todos {
            if merging, todos.contains(where: { $0.name.isSameName(as: todo.name) }) { continue }
            var todo = todo
            todo.id = nil
            todo.name = try Self.validName(todo.name, of: "to-do")
            if todo.isOpen, todos.filter(\.isOpen).count >= CatalogLimit.openTodos {
                throw HabitatError(.limitReached, Self.reached(todos.filter(\.isOpen).count, CatalogLimit.openTodos, "open to-dos"))
            }
            todos.append(todo)
        }
        return into
    }

    /// The plan's routines and pauses, of the habits ``addImported(_:at:merging:)`` added or merged into (`added`,
    /// saved, in the plan's order): a routine under a free name, of what `add routine` allows.
    public mutating func addImportedRoutinesAndPauses(_ plan: ImportPlan, added: [Habit]) throws {
        let habit = Dictionary(zip(plan.habits.map(\.name), added)) { first, _ in first }
        for routine in plan.routines {
            var members: [Habit] = []
            for name in routine.habits { if let member = habit[name], !members.contains(member) { members.append(member) } }
            guard !members.isEmpty else { continue }
            try requireSpace(for: .routines)
            try Self.checkRoutine(of: members)
            routines.append(Routine(name: try freeName(for: try Self.validName(routine.name, of: "routine")), habitIDs: members.compactMap(\.id)))
        }
        for pause in plan.pauses where pause.first <= pause.last {
            if let name = pause.habit {
                guard let id = habit[name]?.id else { continue }
                pauses.append(Pause(habitID: id, first: pause.first, last: pause.last))
            } else {
                pauses.append(Pause(habitID: nil, first: pause.first, last: pause.last))
            }
        }
    }

    /// `name`, or `name (2)`, `name (3)`, …: the first no habit or routine of the user's has.
    func freeName(for name: String) throws -> String {
        func taken(_ candidate: String) -> Bool {
            habits.contains { $0.name.isSameName(as: candidate) } || routines.contains { $0.name.isSameName(as: candidate) }
        }
        guard taken(name) else { return name }
        for number in 2... where !taken("\(name) (\(number))") {
            let suffixed = "\(name) (\(number))"
            return try Self.validName(suffixed, of: "habit")
        }
        return name
    }

    /// The ledger entries of an import: its lead (taking the totals back to before it when undone) and each imported
    /// day of `added` (the habits ``addImported(_:at:merging:)`` made or merged into, saved, with their ids, in the
    /// plan's order; `had` the days each habit had already, which keep their own recordings), which earn nothing, or,
    /// `withRewards`, what a good habit's recording earns (its XP and coins, a day of an amount once; a slip costs no
    /// life). The habits' streaks are counted from their days.
    public mutating func importedHistory(
        _ plan: ImportPlan, added: [Habit], had: [Int64: [Day: Quantity]] = [:], options: ImportOptions = ImportOptions(), at now: Date
    ) -> Outcome {
        var before = Snapshot(profile: profile)
        before.areas = areas.compactMap { area in area.id.map { .init(id: $0, progress: area.progress) } }
        let levelsBefore = levels
        var batch: [LedgerEntry] = []
        for (habit, imported) in zip(added, plan.habits) {
            guard let id = habit.id, let index = habits.firstIndex(where: { $0.id == id }) else { continue }
            before.habits.append(.init(id: id, stats: habits[index].stats))
            let had = had[id] ?? [:]
            let new = imported.days.filter { had[$0.day] == nil }
            for day in new {
                var entry = LedgerEntry(
                    at: settings.start(of: day.day), day: day.day, kind: habit.kind == .good ? .completion : .slip, habitID: id,
                    subject: habit.name, quantity: day.quantity, note: day.note)
                if options.withRewards, habit.kind == .good {
                    let times = habit.amount == nil ? day.quantity.wholeOnesStarted : 1
                    (entry.xp, entry.coins) = (habit.xp * times, habit.coins * times)
                    credit(xp: entry.xp, coins: entry.coins, area: habit.areaID)
                }
                batch.append(entry)
            }
            let kept = habits[index].stats
            if let given = imported.stats, had.isEmpty {
                // The file's own count (Habitat's export), within reason.
                let most = 1_000_000_000
                let last = imported.days.map(\.day).max()
                habits[index].stats = HabitStats(
                    streak: min(max(0, given.streak), most), best: min(max(0, given.best), most),
                    lastDay: given.lastDay.map { min($0, last ?? $0) } ?? last, total: min(max(0, given.total), most))
                continue
            }
            let days = Set(new.map(\.day)).union(had.keys)
            var stats = HabitStats(streak: 0, best: 0, lastDay: days.max(), total: kept.total + new.reduce(0) { $0 + $1.quantity.wholeOnesStarted })
            switch habit.kind {
            case .good:
                let counted = Streaks.good(days: days)
                (stats.streak, stats.best) = (counted.streak, max(kept.best, counted.best))
            case .bad: stats.best = max(kept.best, Streaks.bad(slips: days, created: habit.created).best)
            }
            habits[index].stats = stats
        }
        let lead = LedgerEntry(
            at: now, day: settings.day(of: now), kind: .imported, subject: plan.source, quantity: Quantity(batch.count),
            xp: batch.reduce(0) { $0 + $1.xp }, coins: batch.reduce(0) { $0 + $1.coins }, before: before)
        var character: [Toast] = []
        if options.withCharacter, let imported = plan.character {
            // Its level and the XP within it, its gold added to the coins, its share of health.
            let level = min(max(1, imported.level), 9_999)
            profile.progress = Progress(level: level, xp: min(max(0, imported.xp), settings.curve.need(at: level) - 1))
            profile.coins += min(max(0, imported.coins), 1_000_000)
            profile.health = min(profile.maxHealth, max(1, Int((imported.health * Double(profile.maxHealth)).rounded())))
            character.append(
                Toast(.info, "Your character from \(plan.source): level \(profile.progress.level), \(Self.coins(profile.coins)), \(profile.health)/\(profile.maxHealth) health."))
        }
        let earned = batch.reduce(0) { $0 + $1.xp }
        let rewards = options.withRewards ? " (+\(earned) XP, \(Self.coins(batch.reduce(0) { $0 + $1.coins }, signed: true)))" : ""
        var outcome = Outcome(
            toasts: [Toast(.success, "Imported \(Self.count(added.count, "habit")) from \(plan.source) with \(Self.count(batch.count, "day")) of history\(rewards).")]
                + (options.withCharacter ? [] : levelUps(since: levelsBefore)) + character,
            entry: lead)
        outcome.batch = batch
        return outcome
    }

    /// `1 habit`, `6 habits`.
    public static func count(_ number: Int, _ thing: String) -> String { "\(number) \(thing)\(number == 1 ? "" : "s")" }
}
