import HabitatEngine

extension CommandTable {
    /// `edit`'s usage: every option it takes.
    static let editUsage =
        "edit <habit> [N xp] [N coins] [N life] [in <area> | in none] [track time | no track time] [target N <unit> | no target] [limit N <unit> | no limit] [N life if missed] [schedule]"

    /// Recording a habit, good or bad: `did`, `slipped`, `done`.
    static let recording: [CommandSpec] = [
        CommandSpec(
            "did", usage: RecordingParser.usage,
            summary: "record a habit, good or bad (one with a target: the amount, 'did water 3')",
            examples: [
                "did exercise", "exercise done", "did pushups x3", "slipped smoking", "did exercise yesterday",
                "did breakfast: oatmeal with berries", "did water 3",
            ],
            triggers: [
                ["did"], ["done"], ["completed"], ["complete"], ["slipped"], ["record"], ["i", "did"], ["i", "slipped"],
                ["done", "with"], ["finished"], ["finished", "with"], ["i", "finished"], ["i", "completed"], ["have", "done"],
                ["have", "finished"], ["have", "completed"],
            ]
        ) { trigger, rest, line in try RecordingParser.parse(rest, line: line, slipped: trigger.last == "slipped") },
    ]

    /// Adding a habit, good or bad.
    static let newHabits: [CommandSpec] = [
        CommandSpec(
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
        ) { rest in .addHabit(try HabitDraftParser.parse(rest, kind: .good)) },
        CommandSpec(
            "add bad habit", usage: HabitDraftParser.usage(.bad, room: false),
            summary: "add a bad habit (default -10 life); with a limit, the first so many a day cost nothing",
            examples: ["add bad habit Smoking", "add bad habit Smoking 25 life", "add bad habit Junk food in Nutrition", "add bad habit Coffee limit 2 cups"],
            triggers: [
                ["add", "bad", "habit"], ["new", "bad", "habit"], ["create", "bad", "habit"], ["add", "a", "bad", "habit"],
                ["add", "a", "new", "bad", "habit"], ["add", "new", "bad", "habit"], ["create", "a", "bad", "habit"],
                ["create", "new", "bad", "habit"],
            ]
        ) { rest in .addHabit(try HabitDraftParser.parse(rest, kind: .bad)) },
    ]

    /// Changing a habit: its options, its name, putting it away or deleting it, pausing it.
    static let habitChanges: [CommandSpec] = [
        CommandSpec(
            "edit", usage: Self.editUsage,
            summary: "change a habit's rewards, cost, area, time tracking, target or limit, or schedule",
            examples: [
                "edit exercise 20 xp", "edit smoking 30 life", "edit stretch in Fitness", "edit wake up track time",
                "edit wake up no track time", "edit gym 4 times a week", "edit piano every day", "edit water target 10 glasses",
                "edit coffee no limit", "edit floss 5 life if missed", "edit floss 0 life if missed",
            ],
            triggers: [["edit"], ["change"]]
        ) { rest in
            let usage = Self.editUsage
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
            return .edit(name.phrase, edit)
        },
        CommandSpec(
            "rename", usage: "rename <habit> to <new name>", summary: "rename a habit; history and streaks come along",
            examples: ["rename exercise to Workout"], triggers: [["rename"]]
        ) { rest in
            let (name, newName) = try renaming(rest, usage: "rename <habit> to <new name>")
            return .rename(name, to: newName)
        },
        CommandSpec(
            "archive", usage: "archive [habit]", summary: "put a habit away (history kept); alone: list archived habits",
            examples: ["archive exercise", "archive"], triggers: [["archive"]]
        ) { rest in .archive(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec(
            "unarchive", usage: "unarchive <habit>", summary: "bring an archived habit back",
            examples: ["unarchive exercise"], triggers: [["unarchive"], ["restore"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("unarchive <habit>", "Which habit?") }
            return .unarchive(rest.phrase)
        },
        CommandSpec(
            "delete habit", usage: "delete habit <habit>", summary: "delete a habit for good (asks for 'yes' first)",
            examples: ["delete habit exercise"], triggers: [["delete", "habit"], ["delete"], ["remove", "habit"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete habit <habit>", "Which habit?") }
            return .delete(rest.phrase)
        },
        CommandSpec(
            "pause", usage: PauseParser.usage,
            summary: "pause all your habits, or one, for a while: no streak breaks and nothing counts as missed",
            examples: ["pause 7 days", "pause until 2026-12-24", "pause floss 3 days", "pause gym for 2 weeks"],
            triggers: [["pause"]], parse: PauseParser.parse
        ),
        CommandSpec(
            "resume", usage: "resume [habit]", summary: "end a pause sooner: all of them, or one habit's",
            examples: ["resume", "resume floss"], triggers: [["resume"], ["unpause"]]
        ) { rest in .resume(rest.isEmpty ? nil : rest.phrase) },
    ]

    /// Taking back the last recorded action.
    static let undoing: [CommandSpec] = [
        CommandSpec("undo", summary: "take back your last recorded action (repeat to go further)", triggers: [["undo"], ["undo", "that"], ["undo", "last"], ["oops"]], command: .undo),
    ]
}
