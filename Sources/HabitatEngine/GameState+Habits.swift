import Foundation

/// A new habit as typed: `add habit Exercise 15 xp 3 coins in Fitness`. Unset rewards take the defaults.
public struct HabitDraft: Sendable, Equatable {
    public var name: String
    public var kind: HabitKind
    public var xp: Int?
    public var coins: Int?
    public var life: Int?
    public var area: String?
    public var tracksTime: Bool
    /// Every day unless said otherwise.
    public var schedule: Schedule?
    /// A target a day (good) or a limit a day (bad), if any.
    public var amount: DailyAmount?
    /// How the line said the amount (`target`, `limit`), checked against the kind of habit; `nil` when it was said
    /// as `8 glasses a day`, which fits either.
    public var amountKeyword: String?
    /// `no target`, `no limit`: said to take the amount away (`edit`).
    public var removesAmount = false
    /// `5 life if missed`: the life it costs at the end of a day it was due and not done.
    public var bite: Int?
    /// `rotate`: a room's members take turns at it.
    public var rotates = false

    public init(
        name: String, kind: HabitKind = .good, xp: Int? = nil, coins: Int? = nil, life: Int? = nil,
        area: String? = nil, tracksTime: Bool = false, schedule: Schedule? = nil, amount: DailyAmount? = nil
    ) {
        self.amount = amount
        self.schedule = schedule
        self.name = name
        self.kind = kind
        self.xp = xp
        self.coins = coins
        self.life = life
        self.area = area
        self.tracksTime = tracksTime
    }
}

/// The longest name a habit, area or reward may have.
public let maxNameLength = 64

extension GameState {
    mutating func addHabit(_ draft: HabitDraft, at now: Date) throws -> Outcome {
        try requireSpace(for: .habits)
        var draft = try Self.checked(draft)
        draft.amount = DailyAmount.kept(draft.amount, kind: draft.kind)
        let name = draft.name
        if habits.contains(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a habit called \(name).")
        }
        if routines.contains(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "You already have a routine called \(name).")
        }
        try Self.notAWord(name, of: habits)
        let areaID = try draft.area.map { areas[try areaIndex(named: $0)].id } ?? nil
        try Self.checkAmount(draft.amount, of: name, kind: draft.kind, saidAs: draft.amountKeyword)
        try Self.checkBite(draft.bite, of: name, kind: draft.kind)
        let bite = draft.bite ?? 0
        let good = draft.kind == .good
        let habit = Habit(
            name: name, kind: draft.kind, xp: good ? draft.xp ?? Habit.defaultXP : 0,
            coins: good ? draft.coins ?? Habit.defaultCoins : 0, life: good ? 0 : draft.life ?? Habit.defaultLife,
            areaID: areaID, tracksTime: draft.tracksTime, created: settings.day(of: now), schedule: draft.schedule ?? .daily,
            amount: draft.amount, bite: bite, biteSince: bite > 0 ? settings.day(of: now) + 1 : nil)
        habits.append(habit)
        let terms: String
        switch habit.kind {
        case .good: terms = "+\(habit.xp) XP, \(Self.coins(habit.coins, signed: true))"
        case .bad: terms = Self.lifeCost(habit.life)
        }
        let when = (habit.schedule == .daily ? "" : ", \(habit.schedule.words)") + (habit.amount.map { ", \(Self.describe($0, of: habit.kind, schedule: habit.schedule))" } ?? "")
            + (habit.bite > 0 ? ", \(habit.bite) life if missed from tomorrow" : "")
        let label = habit.kind == .bad ? "bad habit" : "habit"
        let how = habit.kind == .bad ? "slipped" : "did"
        // A habit counted in an amount is recorded with one: `did water 3`.
        let example = habit.kind == .good ? habit.amount.map { " \(min($0.count, 3))" } ?? "" : ""
        return Outcome(toasts: [
            Toast(.success, "Added \(label) \(name) (\(terms)\(when)). Record it with '\(how) \(name.lowercased())\(example)'.")
        ])
    }

    mutating func addReward(name rawName: String, price: Int) throws -> Outcome {
        try requireSpace(for: .rewards)
        let name = try Self.validName(rawName, of: "reward")
        guard (1...1_000_000).contains(price) else {
            throw HabitatError(.invalidArgument, "A reward's price must be between 1 and 1000000 coins.")
        }
        if Store.catalog(rewards: rewards).contains(where: { $0.name.isSameName(as: name) }) {
            throw HabitatError(.nameTaken, "The store already has \(name).")
        }
        rewards.append(Reward(name: name, price: price))
        return Outcome(toasts: [Toast(.success, "Added reward \(name) for \(Self.coins(price)). Buy it with 'buy \(name.lowercased())'.")])
    }

    /// The habit `recording` is of: as ``habit(named:includingArchived:)`` finds it, or for a line in the user's own
    /// words (``Recording/loose``) by its whole name or its words' forms only, and otherwise the line's own answer
    /// (not understood), naming a habit close to the words when there is one.
    public func habit(recorded recording: Recording) throws -> Habit {
        if let whole = recording.loose?.asTyped, let habit = activeHabits.first(where: { $0.name.isSameName(as: whole) }) {
            return habit
        }
        return try habit(named: recording.habit, loosely: recording.loose)
    }

    /// Finds a habit that can be recorded (or, with `includingArchived`, any habit), or explains why not. `loosely`,
    /// for a line in the user's own words: found by a whole name or its words' forms only (``NameMatch``), and
    /// otherwise that line's own answer.
    public func habit(named query: String, includingArchived: Bool = false, loosely loose: LooseReading? = nil) throws -> Habit {
        // The common case, a plain name typed whole: found without copying the list of active habits.
        if let hit = NameMatch.wholeName(query, among: habits, where: { includingArchived || !$0.archived }, name: \.name) {
            return hit
        }
        // A word of the player's own for a habit (`call exercise gym`), said whole.
        if let hit = habits.first(where: { (includingArchived || !$0.archived) && $0.words.contains { $0.isSameName(as: query) } }) {
            return hit
        }
        let startOfName = loose?.startOfName == true
        switch NameMatch.resolve(
            query, among: includingArchived ? habits : activeHabits, loosely: loose != nil && !startOfName, wordPrefixes: loose == nil, name: \.name)
        {
        case .found(let habit):
            return habit
        case .ambiguous(let hits):
            let which = loose == nil ? "Type more of the name." : "Say which, e.g. 'did \(hits[0].name.lowercased())'."
            throw HabitatError(.ambiguous, "'\(query)' could be \(Self.either(hits.map(\.name))). \(which)", symbol: .question)
        case .none(let suggestion):
            if let loose {
                // The line was not understood; a habit close to its words is named, unless the line has a likelier reading.
                guard let suggestion, loose.suggestsHabit else { throw loose.unknown }
                var unknown = loose.unknown
                unknown.message = "I don't know '\(query)'. Did you mean 'did \(suggestion.name.lowercased())'?"
                throw unknown
            }
            if let suggestion {
                throw HabitatError(
                    .unknownHabit, "No habit '\(query)'. Did you mean '\(suggestion.name)'?", symbol: .question)
            }
            if let archived = habits.first(where: { $0.archived && $0.name.isSameName(as: query) }) {
                throw HabitatError(
                    .unknownHabit, "\(archived.name) is archived. Type 'unarchive \(query)' to bring it back.",
                    symbol: .question)
            }
            let hint = activeHabits.isEmpty ? "Add one with 'add habit \(query)'." : "Type 'habits' to see yours."
            throw HabitatError(.unknownHabit, "No habit '\(query)'. \(hint)", symbol: .question)
        }
    }

    /// The checks every habit passes, personal or a room's: a name, and XP, coins and life from 0 to 10000.
    public static func checked(_ draft: HabitDraft) throws -> HabitDraft {
        var draft = draft
        draft.name = try validName(draft.name, of: "habit")
        try checkAmounts(xp: draft.xp, coins: draft.coins, life: draft.life)
        return draft
    }

    static func checkAmounts(xp: Int?, coins: Int?, life: Int?) throws {
        for (label, value) in [("XP", xp), ("coins", coins), ("life", life)] {
            if let value, !(0...10_000).contains(value) {
                throw HabitatError(.invalidArgument, "\(label) must be between 0 and 10000.")
            }
        }
    }

    /// Refuses a new name that is a player's word for one of `habits` (`call exercise gym`, then `add habit Gym`):
    /// `did gym` would find the other.
    static func notAWord(_ name: String, of habits: [Habit], except renamed: String? = nil) throws {
        if let other = habits.first(where: { $0.name != renamed && $0.words.contains { $0.isSameName(as: name) } }) {
            throw HabitatError(.nameTaken, "'\(name)' is your word for \(other.name). 'forget \(name.lowercased())' frees it.")
        }
    }

    /// `raw` as a name of a `what` (`to-do`), its spaces made single; `invalid_argument` for none, one too long, or one
    /// with control characters.
    public static func validName(_ raw: String, of what: String) throws -> String {
        let name = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else { throw HabitatError(.invalidArgument, "Give the \(what) a name.") }
        guard name.count <= maxNameLength else {
            throw HabitatError(.invalidArgument, "That name is too long; keep it to \(maxNameLength) characters.")
        }
        guard !name.containsControlCharacters else {
            throw HabitatError(.invalidArgument, "Names can't contain control characters.")
        }
        return name
    }

    /// `A`, `A or B`, `A, B or C`.
    public static func either(_ names: [String]) -> String { series(names, "or") }

    /// `A`, `A and B`, `A, B and C`: the names in a sentence, the last two joined by `conjunction`.
    public static func series(_ names: [String], _ conjunction: String) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}

extension String {
    /// Whether the text holds control characters (escape sequences, line breaks, tabs, NUL) or text-direction
    /// controls: never in a name, a note or a channel's name.
    public var containsControlCharacters: Bool { unicodeScalars.contains(where: \.isUnsafeInText) }

    /// Whether the text has a space in it: more than one word. Read from its bytes in place, since every recording
    /// asks it of the name typed.
    public var containsSpace: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: " ")) } ?? utf8.contains(UInt8(ascii: " "))
    }
}

extension Unicode.Scalar {
    /// A control character (general category Cc).
    public var isControl: Bool { properties.generalCategory == .control }

    /// A text-direction embedding, override or isolate (U+202A–U+202E, U+2066–U+2069): it turns the rest of
    /// a line around, so a name or note could read as something else in someone's history or a room's log.
    /// (The marks U+200E and U+200F, which right-to-left writing uses, are not among them.)
    public var isDirectionControl: Bool { (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) }

    /// Never kept in what a person names or notes, and never quoted back raw.
    public var isUnsafeInText: Bool { isControl || isDirectionControl }
}
