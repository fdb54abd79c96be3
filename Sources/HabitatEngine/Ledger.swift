import Foundation

/// One line of the append-only ledger: the source of truth for history, streaks, undo and export.
public struct LedgerEntry: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// A good habit done.
        case completion
        /// A bad habit recorded.
        case slip
        /// A potion or reward bought.
        case purchase
        /// Distance run during the recovery challenge.
        case run
        /// A routine recorded: its habits' completions follow in the same batch.
        case routine
        /// Reverts an earlier entry (``LedgerEntry/reverts``).
        case undo
        /// A day ended with a habit that bites due and not done (``GameState/endDays(through:days:at:)``).
        case missed
        /// A to-do done (``todoID``); when ticking its checklist's last item finished it, that item is the ``note``.
        case todo
        /// An item of a to-do's checklist ticked (``todoID``; the item is the ``note``).
        case check
        /// Another tracker's history brought in (``ImportPlan``; the tracker is the ``subject``): the imported days follow
        /// in its batch, earning nothing.
        case imported = "import"
    }

    /// Assigned by storage when appended.
    public var id: Int64?
    public var at: Date
    /// The user's day it counts for (backdated entries differ from `at`).
    public var day: Day
    public var kind: Kind
    public var habitID: Int64?
    /// The habit's or item's name at the time.
    public var subject: String
    /// How many times, or for a habit counted in an amount how much (`2.5`).
    public var quantity: Quantity
    public var xp: Int
    public var coins: Int
    public var health: Int
    public var note: String?
    /// Minutes after midnight, for time-tracked habits.
    public var timeOfDay: Int?
    /// What the totals were before; undo restores exactly this.
    public var before: Snapshot?
    /// For an undo entry: the entry it reverts.
    public var reverts: Int64?
    /// For an entry recorded as part of another (a routine's completions): that lead entry.
    public var batch: Int64?
    /// For a shared habit of a household room: the token that names this entry in the room's log.
    public var roomToken: String?
    /// For a to-do done, and its undo: the to-do.
    public var todoID: Int64?

    public init(
        id: Int64? = nil, at: Date, day: Day, kind: Kind, habitID: Int64? = nil, subject: String,
        quantity: Quantity = 1, xp: Int = 0, coins: Int = 0, health: Int = 0, note: String? = nil,
        timeOfDay: Int? = nil, before: Snapshot? = nil, reverts: Int64? = nil, batch: Int64? = nil,
        roomToken: String? = nil, todoID: Int64? = nil
    ) {
        self.todoID = todoID
        self.batch = batch
        self.roomToken = roomToken
        self.id = id
        self.at = at
        self.day = day
        self.kind = kind
        self.habitID = habitID
        self.subject = subject
        self.quantity = quantity
        self.xp = xp
        self.coins = coins
        self.health = health
        self.note = note
        self.timeOfDay = timeOfDay
        self.before = before
        self.reverts = reverts
    }
}

/// The totals an entry changed, as they were before it.
public struct Snapshot: Sendable, Equatable, Codable {
    public struct HabitPart: Sendable, Equatable, Codable {
        public var id: Int64
        public var stats: HabitStats

        public init(id: Int64, stats: HabitStats) {
            self.id = id
            self.stats = stats
        }
    }
    public struct AreaPart: Sendable, Equatable, Codable {
        public var id: Int64
        public var progress: Progress

        public init(id: Int64, progress: Progress) {
            self.id = id
            self.progress = progress
        }
    }

    public var profile: Profile
    public var habits: [HabitPart]
    public var areas: [AreaPart]

    public init(profile: Profile, habits: [HabitPart] = [], areas: [AreaPart] = []) {
        self.profile = profile
        self.habits = habits
        self.areas = areas
    }
}
