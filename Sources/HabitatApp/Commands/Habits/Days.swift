import HabitatCommands
import HabitatEngine

/// `habits`: every habit with its rewards, streak and strength.
struct ListHabits: PersonalView {
    static let spec = Spec(
        "habits", summary: "list your habits with their rewards and streaks", triggers: Spec.asked("habits") + [["list"]],
        command: ListHabits())

    /// Streaks are counted from the ledger's days.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.withStreaks { state, today, days in Views.habits(state, today: today, days: days) }
    }
}

/// `streaks`: current and best of every habit.
struct ShowStreaks: PersonalView {
    static let spec = Spec(
        "streaks", summary: "current and best streaks of every habit", triggers: Spec.asked("streaks") + Spec.asked("streak"),
        command: ShowStreaks())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.withStreaks { state, today, days in Views.streaks(state, today: today, days: days) }
    }
}

/// `today`: today's habits by area, done or not yet.
struct Today: PersonalView {
    static let spec = Spec(
        "today", summary: "today's habits by area, done (✓) or not yet (·)", triggers: [["today"], ["day"]], command: Today())

    /// Today's recordings are in the ledger.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let now = context.now
        return try await context.users.with(try context.account.fileID) { database in
            let state = try await database.state()
            let today = state.settings.day(of: now)
            let (recordings, days) = try await database.read { (try $0.recordings(from: today, through: today), try $0.habitDays()) }
            return Views.today(state, recordings: recordings, days: days, today: today)
        }
    }
}

/// `history`, `history breakfast`: recent completions, slips and purchases, with notes.
struct History: PersonalView {
    static let spec = Spec(
        "history", usage: "history [habit]", summary: "recent completions, slips and purchases, with notes",
        examples: ["history", "history breakfast"], triggers: [["history"], ["show", "history"], ["show", "my", "history"], ["my", "history"]]
    ) { rest in History(rest.isEmpty ? nil : rest.phrase) }

    let habit: String?

    init(_ habit: String?) {
        self.habit = habit
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let name = habit
        return try await context.users.with(try context.account.fileID) { database in
            let state = try await database.state()
            let habit = try name.map { try state.habit(named: $0, includingArchived: true) }
            let entries = try await database.read { try $0.recent(limit: 20, habitID: habit?.id) }
            return Views.history(entries, habit: habit?.name, in: state)
        }
    }
}

/// `heatmap`, `heatmap exercise`: the last 12 weeks as a picture.
struct Heatmap: PersonalView {
    static let spec = Spec(
        "heatmap", usage: "heatmap [habit]", summary: "the last 12 weeks as a picture",
        examples: ["heatmap", "heatmap exercise"], triggers: [["heatmap"], ["calendar"]]
    ) { rest in Heatmap(rest.isEmpty ? nil : rest.phrase) }

    let habit: String?

    init(_ habit: String?) {
        self.habit = habit
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (name, now) = (habit, context.now)
        return try await context.users.with(try context.account.fileID) { database in
            let state = try await database.state()
            let habit = try name.map { try state.habit(named: $0, includingArchived: true) }
            let today = state.settings.day(of: now)
            let start = Views.heatmapStart(today: today)
            let recordings = try await database.read { try $0.recordings(from: start, through: today, habitID: habit?.id) }
            return Views.heatmap(recordings, today: today, habit: habit?.name)
        }
    }
}

extension CommandContext {
    /// A view of the habits with their streaks and strength, counted from the ledger's days (`habits`, `streaks`,
    /// `archive`).
    func withStreaks(_ view: @escaping @Sendable (GameState, Day, [Int64: [Day: Quantity]]) -> Reply) async throws -> Reply {
        let now = now
        return try await users.with(try account.fileID) { database in
            let state = try await database.state()
            let days = try await database.read { try $0.habitDays() }
            return view(state, state.settings.day(of: now), days)
        }
    }
}
