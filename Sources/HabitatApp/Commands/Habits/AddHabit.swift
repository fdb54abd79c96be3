import HabitatCommands
import HabitatEngine

/// `add habit Exercise 15 xp`, `add bad habit Smoking`.
struct AddHabit: HabitatCommand {
    static let good = Spec(
        "add habit", usage: HabitDraftParser.usage(.good, room: false),
        summary: "add a good habit (default +10 XP, +5 coins, every day); with a target, it's done for the day at that amount",
        examples: [
            "add habit Exercise", "add habit Exercise 15 xp 3 coins", "add habit \"Run 5k\" 20 xp", "add habit Wake up track time",
            "add habit Gym 3 times a week", "add habit Piano on mon wed fri", "add habit Laundry every 3 days",
            "add habit Water target 8 glasses", "add habit Read 20 pages a day", "add habit Floss every day 5 life if missed",
        ],
        triggers: [
            ["add", "habit"], ["add", "good", "habit"], ["new", "habit"], ["create", "habit"], ["add", "a", "habit"],
            ["add", "a", "new", "habit"], ["add", "new", "habit"], ["add", "a", "good", "habit"], ["create", "a", "habit"],
            ["create", "a", "new", "habit"], ["create", "new", "habit"], ["new", "good", "habit"], ["make", "a", "habit"],
        ]
    ) { rest in AddHabit(try HabitDraftParser.parse(rest, kind: .good)) }

    static let bad = Spec(
        "add bad habit", usage: HabitDraftParser.usage(.bad, room: false),
        summary: "add a bad habit (default -10 life); with a limit, the first so many a day cost nothing",
        examples: ["add bad habit Smoking", "add bad habit Smoking 25 life", "add bad habit Junk food in Nutrition", "add bad habit Coffee limit 2 cups"],
        triggers: [
            ["add", "bad", "habit"], ["new", "bad", "habit"], ["create", "bad", "habit"], ["add", "a", "bad", "habit"],
            ["add", "a", "new", "bad", "habit"], ["add", "new", "bad", "habit"], ["create", "a", "bad", "habit"],
            ["create", "new", "bad", "habit"],
        ]
    ) { rest in AddHabit(try HabitDraftParser.parse(rest, kind: .bad)) }

    let draft: HabitDraft

    init(_ draft: HabitDraft) {
        self.draft = draft
    }

    /// A habit given a bite has the server end the user's days, said in the directory too.
    var touches: Touches { (draft.bite ?? 0) > 0 ? .run : .change(.addHabit(draft)) }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.applyEndingDays(.addHabit(draft))
    }
}

extension CommandContext {
    /// `action`, after which the server is to end this user's days, from the day it begins (both or neither): a
    /// habit given a bite.
    func applyEndingDays(_ action: Action) async throws -> Reply {
        let (account, now, directory) = (try account, now, directory)
        return try await users.with(account.fileID) { database in
            let (outcome, state) = try await database.apply(action, at: now) { _, state in
                if let due = state.nextDayEnd() { try directory.scheduleDayEnd(of: account.id, at: due) }
            }
            return Views.outcome(outcome, state)
        }
    }
}
