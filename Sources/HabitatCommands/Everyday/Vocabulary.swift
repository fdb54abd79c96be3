import HabitatEngine

/// What one person has, for reading a line in their own words: their habits (with the room's shared ones and their
/// routines), rewards, areas, their own words for their habits, and what day it is where they are.
public struct Vocabulary: Sendable {
    public struct Habit: Sendable, Equatable {
        public var name: String
        /// A target (a good habit) or a limit (a bad one).
        public var amount: DailyAmount?
        public var bad: Bool
        /// Counted in times a week or a month (`3 times a week`).
        public var quota: Bool
        /// A room's shared habit.
        public var shared: Bool
        /// The person's own words for it (`gym` for Exercise).
        public var words: [String]
        /// Paused today: `back to weeding` means it is on again.
        public var paused: Bool
        /// An open to-do of theirs, done as a habit is (`renewed my passport`).
        public var todo: Bool
        /// Of one counted in an amount, how much today holds so far (`I'm at 6 glasses now` adds the rest).
        public var today: Quantity

        public init(
            name: String, amount: DailyAmount? = nil, bad: Bool = false, quota: Bool = false, shared: Bool = false, words: [String] = [],
            paused: Bool = false, todo: Bool = false, today: Quantity = 0
        ) {
            self.todo = todo
            self.today = today
            self.name = name
            self.amount = amount
            self.bad = bad
            self.quota = quota
            self.shared = shared
            self.words = words
            self.paused = paused
        }
    }

    public var habits: [Habit]
    public var rewards: [String]
    public var areas: [String]
    /// Whether a room is theirs to speak of (its chores, its members, its list).
    public var inRoom: Bool
    /// Today where they are.
    public var today: Day
    /// The times of their habits' reminders (minutes after midnight), by habit name in lower case, when the line
    /// speaks of reminders (`move my rosary reminder to 9:30` is the evening's when the old one is at 21:00).
    public var reminders: [String: Int]

    public init(habits: [Habit], rewards: [String] = [], areas: [String] = [], inRoom: Bool = false, today: Day, reminders: [String: Int] = [:]) {
        self.reminders = reminders
        self.habits = habits
        self.rewards = rewards
        self.areas = areas
        self.inRoom = inRoom
        self.today = today
    }
}

/// What a line in someone's own words means, as the strict commands that do it.
public enum Understanding: Sendable, Equatable {
    /// Certain: these commands, one after another.
    case commands([String])
    /// Likely but not certain: the question, and the commands a `yes` runs.
    case ask(String, [String])
    /// Understood enough to know what is missing: the question that says what to type; nothing is proposed.
    case clarify(String)
    /// A line that changes nothing (`didn't run today`, `going to do flashcards later`): what to answer.
    case nothing(String)
}
