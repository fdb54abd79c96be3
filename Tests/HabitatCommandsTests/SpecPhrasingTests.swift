import HabitatCommands
import HabitatEngine
import Testing

/// Every phrasing the product spec names, with what it must be understood as: the commands table of
/// its section 3, and the command forms of its game rules (backdating, times of day, notes, runs, timers).
@Suite("The spec's phrasings")
struct SpecPhrasingTests {
    @Test(arguments: [
        // record a habit (good or bad)
        ("did exercise", record("exercise")),
        ("done exercise", record("exercise")),
        ("exercise done", record("exercise")),
        ("completed exercise", record("exercise")),
        ("i did exercise", record("exercise")),
        ("did pushups x3", record("pushups", times: 3)),
        ("slipped smoking", record("smoking", slipped: true)),
        ("did exer", record("exer")),
        // status
        ("status", .status), ("stats", .status), ("me", .status),
        // list
        ("habits", .habits), ("list", .habits), ("areas", .areas), ("store", .store), ("archive", .archive(nil)),
        ("routines", .routines), ("timers", .timers), ("today", .today),
        // create
        ("add habit Exercise", .addHabit(HabitDraft(name: "Exercise"))),
        ("add habit Exercise 15 xp 3 coins in Fitness", .addHabit(HabitDraft(name: "Exercise", xp: 15, coins: 3, area: "Fitness"))),
        ("add habit Wake up track time", .addHabit(HabitDraft(name: "Wake up", tracksTime: true))),
        (#"add habit "Run 5k" 20 xp"#, .addHabit(HabitDraft(name: "Run 5k", xp: 20))),
        ("add bad habit Smoking 25 life", .addHabit(HabitDraft(name: "Smoking", kind: .bad, life: 25))),
        ("add area Fitness", .addArea("Fitness")),
        ("add reward Movie night 100 coins", .addReward(name: "Movie night", price: 100)),
        ("add routine Morning: wake up, exercise, meditate", .addRoutine(name: "Morning", habits: ["wake up", "exercise", "meditate"])),
        // change
        ("edit exercise 20 xp", .edit("exercise", HabitEdit(xp: 20))),
        ("rename exercise to Workout", .rename("exercise", to: "Workout")),
        ("archive exercise", .archive("exercise")),
        ("unarchive exercise", .unarchive("exercise")),
        ("delete habit exercise", .delete("exercise")),
        ("yes", .confirm),
        // economy
        ("buy potion", .buy(item: "potion", quantity: 1)),
        ("buy 2 potions", .buy(item: "potions", quantity: 2)),
        ("buy movie night", .buy(item: "movie night", quantity: 1)),
        // config
        ("config", .showConfig),
        ("config curve exponential", .configure(.curve(.exponential), area: nil)),
        ("config multiplier 2", .configure(.multiplier(2), area: nil)),
        ("config xp per level 200", .configure(.xpPerLevel(200), area: nil)),
        ("config running target 3 km", .configure(.runningTarget(km: 3), area: nil)),
        ("config timezone Europe/Berlin", .configure(.timeZone("Europe/Berlin"), area: nil)),
        ("config day start 4", .configure(.dayStart(hour: 4), area: nil)),
        ("config area Fitness curve flat", .configure(.curve(.flat), area: "Fitness")),
        // recovery
        ("start challenge", .startChallenge),
        ("ran 2.5 km", .ran(km: 2.5)),
        ("ran 2500 m", .ran(km: 2.5)),
        ("run 3km", .ran(km: 3)),
        // meta
        ("help", .help(topic: nil)), ("help buy", .help(topic: "buy")), ("undo", .undo),
        ("plain on", .plain(true)), ("plain off", .plain(false)),
        ("mode json", .mode(.json)), ("mode text", .mode(.text)), ("quit", .quit),
        // days, streaks and history
        ("did exercise yesterday", record("exercise", when: .daysAgo(1))),
        ("did exercise 2 days ago", record("exercise", when: .daysAgo(2))),
        ("did exercise on 2026-11-19", record("exercise", when: .on(day("2026-11-19")))),
        ("did wake up at 6:45", record("wake up", at: 6 * 60 + 45)),
        ("did wake up at 6:45am", record("wake up", at: 6 * 60 + 45)),
        ("did wake up at 18:30", record("wake up", at: 18 * 60 + 30)),
        ("did breakfast: oatmeal with berries", record("breakfast", note: "oatmeal with berries")),
        ("history", .history(nil)), ("history exercise", .history("exercise")), ("streaks", .streaks),
        ("heatmap", .heatmap(nil)), ("heatmap exercise", .heatmap("exercise")),
        // routines, templates, timers
        ("did morning", record("morning")),
        ("templates", .templates), ("use template fitness", .useTemplate("fitness")),
        ("start timer meditation 10 min", .startTimer(habit: "meditation", minutes: 10)),
        ("stop timer", .stopTimer(nil)),
    ] as [(String, Command)])
    func isUnderstoodAsTheSpecSays(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }

    /// Case doesn't matter and extra spaces are ignored, for every one of them.
    @Test(arguments: [
        ("  DID   Exercise  ", record("Exercise")), ("Config  Area  Fitness  Curve  FLAT", .configure(.curve(.flat), area: "Fitness")),
        ("RAN 2500 M", .ran(km: 2.5)), ("Start   Challenge", .startChallenge), ("BUY  2  Potions", .buy(item: "Potions", quantity: 2)),
        ("Rename  exercise  TO  Workout", .rename("exercise", to: "Workout")),
    ] as [(String, Command)])
    func caseAndSpacingDontMatter(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }
}
