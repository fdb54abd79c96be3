import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

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
        ("status", Status()), ("stats", Status()), ("me", Status()),
        // list
        ("habits", ListHabits()), ("list", ListHabits()), ("areas", ListAreas()), ("store", ShowStore()), ("archive", Archive(nil)),
        ("routines", ListRoutines()), ("timers", ListTimers()), ("today", Today()),
        // create
        ("add habit Exercise", AddHabit(HabitDraft(name: "Exercise"))),
        ("add habit Exercise 15 xp 3 coins in Fitness", AddHabit(HabitDraft(name: "Exercise", xp: 15, coins: 3, area: "Fitness"))),
        ("add habit Wake up track time", AddHabit(HabitDraft(name: "Wake up", tracksTime: true))),
        (#"add habit "Run 5k" 20 xp"#, AddHabit(HabitDraft(name: "Run 5k", xp: 20))),
        ("add bad habit Smoking 25 life", AddHabit(HabitDraft(name: "Smoking", kind: .bad, life: 25))),
        ("add area Fitness", AddArea("Fitness")),
        ("add reward Movie night 100 coins", AddReward(name: "Movie night", price: 100)),
        ("add routine Morning: wake up, exercise, meditate", AddRoutine(name: "Morning", habits: ["wake up", "exercise", "meditate"])),
        // change
        ("edit exercise 20 xp", EditHabit("exercise", HabitEdit(xp: 20))),
        ("rename exercise to Workout", RenameHabit("exercise", to: "Workout")),
        ("archive exercise", Archive("exercise")),
        ("unarchive exercise", Unarchive("exercise")),
        ("delete habit exercise", DeleteHabit("exercise")),
        ("yes", Yes()),
        // economy
        ("buy potion", Buy(item: "potion", quantity: 1)),
        ("buy 2 potions", Buy(item: "potions", quantity: 2)),
        ("buy movie night", Buy(item: "movie night", quantity: 1)),
        // config
        ("config", Config(nil, area: nil)),
        ("config curve exponential", Config(.curve(.exponential), area: nil)),
        ("config multiplier 2", Config(.multiplier(2), area: nil)),
        ("config xp per level 200", Config(.xpPerLevel(200), area: nil)),
        ("config running target 3 km", Config(.runningTarget(km: 3), area: nil)),
        ("config timezone Europe/Berlin", Config(.timeZone("Europe/Berlin"), area: nil)),
        ("config day start 4", Config(.dayStart(hour: 4), area: nil)),
        ("config area Fitness curve flat", Config(.curve(.flat), area: "Fitness")),
        // recovery
        ("start challenge", StartChallenge()),
        ("ran 2.5 km", Ran(km: 2.5)),
        ("ran 2500 m", Ran(km: 2.5)),
        ("run 3km", Ran(km: 3)),
        // meta
        ("help", Help(topic: nil)), ("help buy", Help(topic: "buy")), ("undo", Undo()),
        ("plain on", Plain(on: true)), ("plain off", Plain(on: false)),
        ("mode json", Mode(mode: .json)), ("mode text", Mode(mode: .text)), ("quit", Quit()),
        // days, streaks and history
        ("did exercise yesterday", record("exercise", when: .daysAgo(1))),
        ("did exercise 2 days ago", record("exercise", when: .daysAgo(2))),
        ("did exercise on 2026-11-19", record("exercise", when: .on(day("2026-11-19")))),
        ("did wake up at 6:45", record("wake up", at: 6 * 60 + 45)),
        ("did wake up at 6:45am", record("wake up", at: 6 * 60 + 45)),
        ("did wake up at 18:30", record("wake up", at: 18 * 60 + 30)),
        ("did breakfast: oatmeal with berries", record("breakfast", note: "oatmeal with berries")),
        ("history", History(nil)), ("history exercise", History("exercise")), ("streaks", ShowStreaks()),
        ("heatmap", Heatmap(nil)), ("heatmap exercise", Heatmap("exercise")),
        // routines, templates, timers
        ("did morning", record("morning")),
        ("templates", ListTemplates()), ("use template fitness", UseTemplate("fitness")),
        ("start timer meditation 10 min", StartTimer(habit: "meditation", minutes: 10)),
        ("stop timer", StopTimer(nil)),
    ] as [(String, any HabitatCommand)])
    func isUnderstoodAsTheSpecSays(line: String, command: any HabitatCommand) throws {
        #expect(try parseRecording(line) == command)
    }

    /// Case doesn't matter and extra spaces are ignored, for every one of them.
    @Test(arguments: [
        ("  DID   Exercise  ", record("Exercise")), ("Config  Area  Fitness  Curve  FLAT", Config(.curve(.flat), area: "Fitness")),
        ("RAN 2500 M", Ran(km: 2.5)), ("Start   Challenge", StartChallenge()), ("BUY  2  Potions", Buy(item: "Potions", quantity: 2)),
        ("Rename  exercise  TO  Workout", RenameHabit("exercise", to: "Workout")),
    ] as [(String, any HabitatCommand)])
    func caseAndSpacingDontMatter(line: String, command: any HabitatCommand) throws {
        #expect(try parse(line) == command)
    }
}
