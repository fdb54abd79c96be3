import Foundation

/// Changes to a habit (`edit exercise 20 xp in Fitness`); `nil` leaves a field as it is.
public struct HabitEdit: Sendable, Equatable {
    public var xp: Int?
    public var coins: Int?
    public var life: Int?
    public var area: String?
    public var tracksTime: Bool?
    public var schedule: Schedule?
    public var amount: AmountChange?
    /// `5 life if missed`; 0 takes the bite away.
    public var bite: Int?
    /// How the line said it: `target` or `limit` (checked against the habit's kind), or `nil`.
    public var amountSaidAs: String?

    /// A target or limit set (`edit water target 10 glasses`) or taken away (`edit water no target`).
    public enum AmountChange: Sendable, Equatable {
        case set(DailyAmount)
        case remove
    }

    public init(
        xp: Int? = nil, coins: Int? = nil, life: Int? = nil, area: String? = nil, tracksTime: Bool? = nil, schedule: Schedule? = nil,
        amount: AmountChange? = nil, amountSaidAs: String? = nil, bite: Int? = nil
    ) {
        self.bite = bite
        self.amountSaidAs = amountSaidAs
        self.amount = amount
        self.schedule = schedule
        self.xp = xp
        self.coins = coins
        self.life = life
        self.area = area
        self.tracksTime = tracksTime
    }
}

extension GameState {
    mutating func archive(_ query: String) throws -> Outcome {
        let habit = try self.habit(named: query)
        let index = habits.firstIndex { $0.id == habit.id }!
        habits[index].archived = true
        return Outcome(toasts: [Toast(.success, "Archived \(habit.name). Its history is kept; 'unarchive \(habit.name.lowercased())' brings it back.")])
    }

    mutating func unarchive(_ query: String) throws -> Outcome {
        let archived = habits.indices.filter { habits[$0].archived }
        switch NameMatch.resolve(query, among: archived, name: { habits[$0].name }) {
        case .found(let index):
            habits[index].archived = false
            return Outcome(toasts: [Toast(.success, "\(habits[index].name) is back in your habits.")])
        case .ambiguous(let hits):
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(hits.map { habits[$0].name })). Type more of the name.", symbol: .question)
        case .none:
            throw HabitatError(.unknownHabit, "No archived habit '\(query)'. Type 'archive' to see them.", symbol: .question)
        }
    }

    mutating func edit(_ query: String, _ edit: HabitEdit, at now: Date) throws -> Outcome {
        let habit = try self.habit(named: query)
        let index = habits.firstIndex { $0.id == habit.id }!
        var changed = habits[index]
        try Self.checkAmounts(xp: edit.xp, coins: edit.coins, life: edit.life)
        switch habit.kind {
        case .good:
            if edit.life != nil { throw HabitatError(.invalidArgument, "\(habit.name) is a good habit; it doesn't cost life.") }
            changed.xp = edit.xp ?? changed.xp
            changed.coins = edit.coins ?? changed.coins
        case .bad:
            if edit.xp != nil || edit.coins != nil {
                throw HabitatError(.invalidArgument, "\(habit.name) is a bad habit; it costs life and earns nothing.")
            }
            changed.life = edit.life ?? changed.life
        }
        if let area = edit.area {
            changed.areaID = ["none", "no area"].contains(area.lowercased()) ? nil : areas[try areaIndex(named: area)].id
        }
        changed.tracksTime = edit.tracksTime ?? changed.tracksTime
        changed.schedule = edit.schedule ?? changed.schedule
        switch edit.amount {
        case .set(let amount): changed.amount = DailyAmount.kept(amount, kind: changed.kind)
        case .remove: changed.amount = nil
        case nil: break
        }
        try Self.checkAmount(changed.amount, of: changed.name, kind: changed.kind, saidAs: edit.amountSaidAs)
        if let bite = edit.bite {
            try Self.checkBite(bite, of: changed.name, kind: changed.kind)
            // A bite set today begins tomorrow; one changed keeps its beginning.
            changed.biteSince = bite == 0 ? nil : (habit.bite > 0 ? habit.biteSince : settings.day(of: now) + 1)
            changed.bite = bite
        }
        guard changed != habits[index] else {
            throw HabitatError(.invalidArgument, "Nothing to change. Try 'edit \(habit.name.lowercased()) 20 xp'.")
        }
        habits[index] = changed
        // Turned off, time tracking would go unmentioned: say so.
        let untracked = habit.tracksTime && !changed.tracksTime ? ", no longer tracks time" : ""
        // Made an every-day habit again, it would go unmentioned too.
        let daily = habit.schedule != .daily && changed.schedule == .daily ? ", every day" : ""
        let uncounted = habit.amount != nil && changed.amount == nil ? (habit.kind == .good ? ", no target" : ", no limit") : ""
        let unbitten = habit.bite > 0 && changed.bite == 0 ? ", nothing if missed" : ""
        return Outcome(toasts: [Toast(.success, "\(changed.name): \(describeTerms(of: changed))\(untracked)\(daily)\(uncounted)\(unbitten).")])
    }

    mutating func rename(_ query: String, to rawName: String) throws -> Outcome {
        let habit = try self.habit(named: query)
        let name = try Self.validName(rawName, of: "habit")
        if habits.contains(where: { $0.id != habit.id && $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a habit called \(name).")
        }
        try Self.notAWord(name, of: habits, except: habit.name)
        // `did <name>` would record the routine, never this habit.
        if let routine = routines.first(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a routine called \(routine.name).")
        }
        let index = habits.firstIndex { $0.id == habit.id }!
        habits[index].name = name
        return Outcome(toasts: [Toast(.success, "Renamed \(habit.name) to \(name). Its history and streaks come along.")])
    }

    /// The player's own word for a habit (`call exercise gym`): it finds the habit wherever its name would. It never
    /// takes the place of a name: not one of another habit's, a routine's, or another habit's word (a word that is a
    /// command is the line protocol's to refuse).
    /// The habit `word` names: by its name, or as one of its own words (`call exercise gym`).
    func habit(answeringTo word: String) -> Habit? {
        habits.first { $0.name.isSameName(as: word) || $0.words.contains { $0.isSameName(as: word) } }
    }

    mutating func call(_ query: String, word rawWord: String) throws -> Outcome {
        // Named whole or by its words' forms, never by the start of a word: `call mum tonight` is no word for Call mum.
        guard case .found(let habit) = NameMatch.resolve(query, among: activeHabits, loosely: true, name: \.name) else {
            throw HabitatError(.unknownHabit, "No habit '\(query)'. Name it whole: 'call exercise gym'.", symbol: .question)
        }
        let word = try Self.validName(rawWord, of: "word")
        guard !Self.dayWords.contains(word.lowercased()) else {
            throw HabitatError(.invalidArgument, "'\(word)' says when, so it can't name a habit: pick another word.")
        }
        if habit.name.isSameName(as: word) || habit.words.contains(where: { $0.isSameName(as: word) }) {
            return Outcome(toasts: [Toast(.info, "'\(word)' is \(habit.name) already.")])
        }
        if let other = self.habit(answeringTo: word) {
            throw HabitatError(.nameTaken, "'\(word)' is \(other.name) already: a word names one habit.")
        }
        if let routine = routines.first(where: { $0.name.isSameName(as: word) }) {
            throw HabitatError(.nameTaken, "'\(word)' is your routine \(routine.name): a word names one thing.")
        }
        guard habit.words.count < Self.maxWordsPerHabit else {
            throw HabitatError(.limitReached, "\(habit.name) has \(Self.maxWordsPerHabit) words already. 'forget <word>' makes room.")
        }
        let index = habits.firstIndex { $0.id == habit.id }!
        habits[index].words.append(word)
        return Outcome(toasts: [Toast(.success, "Got it: '\(word)' is \(habit.name). 'did \(word.lowercased())' records it.")])
    }

    /// A word of the player's no longer names its habit (`forget gym`).
    mutating func forget(word query: String) throws -> Outcome {
        guard let index = habits.firstIndex(where: { $0.words.contains { $0.isSameName(as: query) } }) else {
            throw HabitatError(.notFound, "No habit goes by '\(query)'. 'habits' lists your words with each habit.", symbol: .question)
        }
        let word = habits[index].words.first { $0.isSameName(as: query) }!
        habits[index].words.removeAll { $0.isSameName(as: query) }
        return Outcome(toasts: [Toast(.success, "Forgot '\(word)': it no longer means \(habits[index].name).")])
    }

    /// How many words of their own one habit may go by.
    public static let maxWordsPerHabit = 10

    /// Words that say when something was done, never what.
    static let dayWords: Set<String> = ["today", "tonight", "tomorrow", "yesterday", "now", "later", "again", "done", "morning", "evening"]

    mutating func delete(_ query: String) throws -> Outcome {
        // An archived habit can go for good too, without coming back first.
        let habit = try self.habit(named: query, includingArchived: true)
        habits.removeAll { $0.id == habit.id }
        pauses.removeAll { $0.habitID == habit.id }
        return Outcome(toasts: [Toast(.success, "Deleted \(habit.name). Past completions stay in your history.")])
    }

    /// `+10 XP, +5 coins, in Fitness, tracks time`.
    public func describeTerms(of habit: Habit) -> String {
        var parts = habit.kind == .good ? ["+\(habit.xp) XP", Self.coins(habit.coins, signed: true)] : [Self.lifeCost(habit.life)]
        if let area = area(id: habit.areaID) { parts.append("in \(area.name)") }
        if habit.tracksTime { parts.append("tracks time") }
        if habit.schedule != .daily { parts.append(habit.schedule.words) }
        if let amount = habit.amount { parts.append(Self.describe(amount, of: habit.kind, schedule: habit.schedule)) }
        if habit.bite > 0 { parts.append("\(habit.bite) life if missed") }
        return parts.joined(separator: ", ")
    }
}
