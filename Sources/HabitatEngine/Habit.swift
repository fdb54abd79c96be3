/// Good habits earn XP and coins; bad habits cost life.
public enum HabitKind: String, Sendable, Codable {
    case good, bad
}

/// What recording a habit has added up to; restored exactly by undo.
public struct HabitStats: Sendable, Equatable, Codable {
    /// Good habit: consecutive days done, as of ``lastDay``. Bad habit: unused (clean days are derived).
    public var streak: Int
    /// Best streak; for a bad habit, the longest clean run that ended in a slip.
    public var best: Int
    /// The last day it was recorded.
    public var lastDay: Day?
    /// How many times it was recorded in all, each recording counting its amount (`x3` is three).
    public var total: Int

    public static let zero = HabitStats(streak: 0, best: 0, lastDay: nil, total: 0)

    public init(streak: Int, best: Int, lastDay: Day?, total: Int) {
        self.streak = streak
        self.best = best
        self.lastDay = lastDay
        self.total = total
    }
}

/// A habit the player tracks.
public struct Habit: Sendable, Equatable, Codable, Identifiable {
    public static let defaultXP = 10
    public static let defaultCoins = 5
    public static let defaultLife = 10

    /// Assigned by storage when first saved.
    public var id: Int64?
    public var name: String
    public var kind: HabitKind
    public var xp: Int
    public var coins: Int
    public var life: Int
    public var areaID: Int64?
    public var archived: Bool
    public var tracksTime: Bool
    public var created: Day
    public var stats: HabitStats
    /// How often it is meant to be done (every day unless said otherwise).
    public var schedule: Schedule
    /// A good habit's target a day, or a bad habit's allowance a day; `nil` for one counted in times.
    public var amount: DailyAmount?
    /// The life a good habit costs at the end of a day it was due and not done (`5 life if missed`); 0 for none.
    public var bite: Int
    /// The first day it bites: the day after its bite was set (never the day it was set, or before).
    public var biteSince: Day?
    /// The player's own words for it (`call exercise gym`): `did gym` is Exercise.
    public var words: [String]
    /// Its steps (a morning routine's), ticked one by one; the last records it. Which are ticked holds for
    /// ``checklistDay`` only: each day starts with none.
    public var checklist: [ChecklistItem] = []
    /// The day the steps' ticks are of.
    public var checklistDay: Day?

    /// Its steps as they stand on `day`: none ticked on a day other than the one they were ticked on.
    public func checklist(on day: Day) -> [ChecklistItem] {
        checklistDay == day ? checklist : checklist.map { ChecklistItem($0.name) }
    }

    public init(
        id: Int64? = nil, name: String, kind: HabitKind, xp: Int = defaultXP, coins: Int = defaultCoins,
        life: Int = defaultLife, areaID: Int64? = nil, archived: Bool = false, tracksTime: Bool = false,
        created: Day, stats: HabitStats = .zero, schedule: Schedule = .daily, amount: DailyAmount? = nil, bite: Int = 0,
        biteSince: Day? = nil, words: [String] = []
    ) {
        self.words = words
        self.bite = bite
        self.biteSince = biteSince
        self.amount = amount
        self.schedule = schedule
        self.id = id
        self.name = name
        self.kind = kind
        self.xp = xp
        self.coins = coins
        self.life = life
        self.areaID = areaID
        self.archived = archived
        self.tracksTime = tracksTime
        self.created = created
        self.stats = stats
    }

    /// The streak as of `today`: a good habit's run if it reaches today or yesterday; a bad habit's clean days.
    public func streak(on today: Day) -> Int {
        switch kind {
        case .good:
            guard let last = stats.lastDay, today - last <= 1 else { return 0 }
            return stats.streak
        case .bad:
            return max(0, today - (stats.lastDay ?? created))
        }
    }

    /// The best streak as of `today` (a clean run still going counts).
    public func bestStreak(on today: Day) -> Int {
        max(stats.best, streak(on: today))
    }
}

/// A life area (Fitness, Mind, Home) with a level of its own.
public struct Area: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64?
    public var name: String
    public var progress: Progress
    public var curve: LevelCurve

    public init(id: Int64? = nil, name: String, progress: Progress = .start, curve: LevelCurve = .default) {
        self.id = id
        self.name = name
        self.progress = progress
        self.curve = curve
    }
}

/// A reward the player set a price on (`add reward Movie night 100 coins`).
public struct Reward: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64?
    public var name: String
    public var price: Int

    public init(id: Int64? = nil, name: String, price: Int) {
        self.id = id
        self.name = name
        self.price = price
    }
}
