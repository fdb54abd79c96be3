import Foundation

/// Everything a player owns except the ledger: the totals, settings and catalogs.
///
/// The engine is a set of pure rules on this value: given a state, an ``Action`` and `now`, it returns
/// the new state and an ``Outcome``. Storage keeps it; nothing in here touches a clock, a file or a socket.
public struct GameState: Sendable, Equatable {
    public var profile: Profile
    public var settings: Settings
    public var habits: [Habit]
    public var areas: [Area]
    public var rewards: [Reward]
    public var routines: [Routine]
    /// The highest id a deleted area had: new areas are numbered above it, so an undo that finds an area by
    /// the id in its snapshot never gives a deleted area's level to another.
    public var retiredAreaID: Int64
    /// The pauses of a habit or of all, past, under way and to come, oldest first.
    public var pauses: [Pause]
    /// The last of the user's days whose end was applied (its bites), or `nil` before any habit bit.
    public var endedThrough: Day?
    /// The open to-dos, and those done lately (storage keeps the rest out of memory).
    public var todos: [Todo]

    public init(
        profile: Profile = .start, settings: Settings = .default, habits: [Habit] = [], areas: [Area] = [],
        rewards: [Reward] = [], routines: [Routine] = [], retiredAreaID: Int64 = 0, pauses: [Pause] = [], todos: [Todo] = []
    ) {
        self.todos = todos
        self.pauses = pauses
        self.routines = routines
        self.retiredAreaID = retiredAreaID
        self.profile = profile
        self.settings = settings
        self.habits = habits
        self.areas = areas
        self.rewards = rewards
    }

    /// XP still needed for the next level.
    public var xpNeeded: Int { settings.curve.need(at: profile.progress.level) }

    /// Habits that are not archived, in the order they were added.
    public var activeHabits: [Habit] { habits.filter { !$0.archived } }

    public func area(id: Int64?) -> Area? {
        guard let id else { return nil }
        return areas.first { $0.id == id }
    }
}

/// Something a player does that the rules decide on.
public enum Action: Sendable, Equatable {
    case addHabit(HabitDraft)
    case addReward(name: String, price: Int)
    /// Deletes one of the player's rewards; past purchases stay in the ledger, under the name it had.
    case deleteReward(String)
    case record(Recording)
    case buy(item: String, quantity: Int)
    /// Reverts `latest`, the most recent not-yet-undone ledger entry (storage looks it up).
    case undo(latest: LedgerEntry?)
    case addArea(String)
    case renameArea(String, to: String)
    /// Deletes an area; its habits stay, with no area.
    case deleteArea(String)
    /// Changes a setting; with `area`, that area's curve.
    case configure(Setting, area: String?)
    case startChallenge
    case run(km: Double)
    case archive(String)
    case unarchive(String)
    case edit(String, HabitEdit)
    case rename(String, to: String)
    /// `call exercise gym`: the player's own word for a habit.
    case call(String, word: String)
    /// `forget gym`: a word of theirs no longer names a habit.
    case forget(word: String)
    case delete(String)
    case addRoutine(name: String, habits: [String])
    case deleteRoutine(String)
    case useTemplate(String)
    /// A household room's shared habit, credited to this player.
    case recordShared(SharedRecording)
    /// Pauses a habit (by name), or all of them.
    case pause(String?, PauseLength)
    /// Ends the pauses under way of a habit (by name), or all of them.
    case resume(String?)
    /// Ends the user's days through a day (usually yesterday): the bites of habits due and not done. `days` holds how
    /// many times each habit was recorded on each day, by id.
    case endDays(through: Day, days: [Int64: [Day: Quantity]])
    /// `add todo Call the dentist by friday`, `add todo Move house: pack books, book the van`.
    case addTodo(name: String, due: DayWords?, checklist: [String] = [])
    /// `check pack books`: an item of an open to-do's checklist.
    case checkItem(String)
    /// `checklist move house add clean the oven`, `checklist morning routine add stretch`: a to-do's or a habit's.
    case addChecklistItem(to: String, item: String)
    /// `done call the dentist`.
    case completeTodo(String)
    case editTodo(String, TodoEdit)
    case deleteTodo(String)
}

/// What an action produced: the toasts to show and the ledger entries to append.
public struct Outcome: Sendable, Equatable {
    public var toasts: [Toast]
    /// The entry that stands for the action (undo reverts it).
    public var entry: LedgerEntry?
    /// Entries recorded as part of ``entry`` (a routine's completions); undone with it.
    public var batch: [LedgerEntry]

    public init(toasts: [Toast], entry: LedgerEntry? = nil, batch: [LedgerEntry] = []) {
        self.toasts = toasts
        self.entry = entry
        self.batch = batch
    }
}

extension GameState {
    /// Applies one action at `now`. Throws ``HabitatError`` (and leaves the state as it was) when refused.
    public mutating func apply(_ action: Action, at now: Date) throws -> Outcome {
        try recordingOrTodo(action, at: now) { try $0.applyOnce(action, at: now) }
    }

    private mutating func applyOnce(_ action: Action, at now: Date) throws -> Outcome {
        var next = self
        let outcome: Outcome
        switch action {
        case .addHabit(let draft): outcome = try next.addHabit(draft, at: now)
        case .addReward(let name, let price): outcome = try next.addReward(name: name, price: price)
        case .deleteReward(let name): outcome = try next.deleteReward(name)
        case .record(let recording): outcome = try next.record(recording, at: now)
        case .buy(let item, let quantity): outcome = try next.buy(item, quantity: quantity, at: now)
        case .undo(let latest): outcome = try next.undo(latest, at: now)
        case .addArea(let name): outcome = try next.addArea(name)
        case .renameArea(let name, let newName): outcome = try next.renameArea(name, to: newName)
        case .deleteArea(let name): outcome = try next.deleteArea(name)
        case .configure(let setting, let area): outcome = try next.configure(setting, area: area)
        case .startChallenge: outcome = try next.startChallenge(at: now)
        case .run(let km): outcome = try next.run(km: km, at: now)
        case .archive(let name): outcome = try next.archive(name)
        case .unarchive(let name): outcome = try next.unarchive(name)
        case .edit(let name, let edit): outcome = try next.edit(name, edit, at: now)
        case .rename(let name, let newName): outcome = try next.rename(name, to: newName)
        case .call(let name, let word): outcome = try next.call(name, word: word)
        case .forget(let word): outcome = try next.forget(word: word)
        case .delete(let name): outcome = try next.delete(name)
        case .addRoutine(let name, let habits): outcome = try next.addRoutine(name: name, habits: habits)
        case .deleteRoutine(let name): outcome = try next.deleteRoutine(name)
        case .useTemplate(let name): outcome = try next.useTemplate(name, at: now)
        case .recordShared(let shared): outcome = try next.recordShared(shared, at: now)
        case .pause(let name, let length): outcome = try next.pause(name, for: length, at: now)
        case .resume(let name): outcome = try next.resume(name, at: now)
        case .endDays(let last, let days): outcome = next.endDays(through: last, days: days, at: now)
        case .addTodo(let name, let due, let checklist): outcome = try next.addTodo(name: name, due: due, checklist: checklist, at: now)
        case .checkItem(let item): outcome = try next.checkItem(item, at: now)
        case .addChecklistItem(let owner, let item): outcome = try next.addChecklistItem(to: owner, item: item)
        case .completeTodo(let name): outcome = try next.completeTodo(name, at: now)
        case .editTodo(let name, let edit): outcome = try next.editTodo(name, edit, at: now)
        case .deleteTodo(let name): outcome = try next.deleteTodo(name)
        }
        self = next
        return outcome
    }
}
