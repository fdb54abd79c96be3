import HabitatCommands
import HabitatEngine

/// `edit exercise 20 xp`, `edit gym 4 times a week`, `edit coffee no limit`.
struct EditHabit: HabitatCommand {
    static let usage =
        "edit <habit> [N xp] [N coins] [N life] [in <area> | in none] [track time | no track time] [target N <unit> | no target] [limit N <unit> | no limit] [N life if missed] [schedule]"

    static let spec = Spec(
        "edit", usage: usage,
        summary: "change a habit's rewards, cost, area, time tracking, target or limit, or schedule",
        examples: [
            "edit exercise 20 xp", "edit smoking 30 life", "edit stretch in Fitness", "edit wake up track time",
            "edit wake up no track time", "edit gym 4 times a week", "edit piano every day", "edit water target 10 glasses",
            "edit coffee no limit", "edit floss 5 life if missed", "edit floss 0 life if missed",
        ],
        triggers: [["edit"], ["change"]]
    ) { rest in
        var (name, draft, tracksTime) = try HabitDraftParser.nameAndOptions(rest, usage: usage)
        // `edit gym 3 times a week`
        if draft.schedule == nil, let (named, schedule) = HabitDraftParser.splitSchedule(name) {
            (name, draft.schedule) = (named, schedule)
        }
        // `edit water 10 glasses a day`
        if draft.amount == nil, !draft.removesAmount, let (named, amount) = HabitDraftParser.splitDailyAmount(name) {
            (name, draft.amount) = (named, amount)
        }
        let amount: HabitEdit.AmountChange? = draft.removesAmount ? .remove : draft.amount.map { .set($0) }
        let edit = HabitEdit(
            xp: draft.xp, coins: draft.coins, life: draft.life, area: draft.area, tracksTime: tracksTime, schedule: draft.schedule,
            amount: amount, amountSaidAs: draft.amountKeyword, bite: draft.bite)
        return EditHabit(name.phrase, edit)
    }

    let name: String
    let edit: HabitEdit

    init(_ name: String, _ edit: HabitEdit) {
        (self.name, self.edit) = (name, edit)
    }

    /// Given a bite, the server ends the user's days: said in the directory too.
    var touches: Touches { (edit.bite ?? 0) > 0 ? .run : .change(.edit(name, edit)) }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.applyEndingDays(.edit(name, edit))
    }
}
