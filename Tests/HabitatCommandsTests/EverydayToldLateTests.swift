import HabitatEngine
import Testing

@testable import HabitatCommands

/// Lines of newcomers' own words: numbers in thousands, a count said as which one it was, a day told late, a thing for
/// the list with the day it is needed by, a request said with its asking after it, and the views asked for in words.
@Suite("Own words, told late")
struct EverydayToldLateTests {
    static let vocabulary = Vocabulary(
        habits: [
            .init(name: "Writing", amount: DailyAmount(1000, unit: "words"), today: 350), .init(name: "Meditation", amount: DailyAmount(10, unit: "minutes")),
            .init(name: "Tea", amount: DailyAmount(3, unit: "cups"), bad: true), .init(name: "Physio", amount: DailyAmount(30, unit: "reps")),
            .init(name: "Morning meds"), .init(name: "Evening meds"), .init(name: "Blood pressure"), .init(name: "Crossword"),
            .init(name: "Fiddle practice", amount: DailyAmount(30, unit: "minutes")), .init(name: "Japanese practice", amount: DailyAmount(10, unit: "minutes")),
            .init(name: "Savings", amount: DailyAmount(10, unit: "euros")), .init(name: "Running"),
            .init(name: "Lights left on", bad: true), .init(name: "Bedtime"), .init(name: "Heart rate check"),
            .init(name: "Renew passport", todo: true), .init(name: "Neurologist appointment", todo: true), .init(name: "Buy pill organiser", todo: true),
        ],
        rewards: ["Pocket money", "New notebook"], areas: ["Writing", "Recovery"], inRoom: true, today: Day(iso: "2026-11-20")!)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test(arguments: [
        // Numbers in thousands; `sat` as the verb; the day's count said in all, or as which one it was.
        ("On Wednesday I wrote about a thousand words — I forgot to log it.", ["did Writing 1000 on wednesday"]),
        ("two thousand words yesterday", ["did Writing 2000 yesterday"]),
        ("Sat for 10 minutes of meditation, then wrote 500 words.", ["did Meditation 10", "did Writing 500"]),
        ("I'm at 1,500 words for the day now.", ["did Writing 1150"]), ("Fourth cup of tea today. I know, I know.", ["did Tea 4"]),
        // To-dos and the room's list.
        ("drop the passport todo, I already renewed it last month", [#"delete todo "Renew passport""#]),
        ("Neurologist appointment change to 2 December", [#"edit todo "Neurologist appointment" by 2 december"#]),
        ("Put school shoes for Ama on the list, we need them by Tuesday", ["room add todo school shoes for Ama by tuesday"]),
        ("add to do change oil of the truck by tuesday", ["add todo change oil of the truck by tuesday"]),
        // Changes and their own words.
        ("Running should be Monday, Tuesday, Thursday and Saturday now", ["edit Running on mon tue thu sat"]),
        ("Move meditation into the Writing area", ["edit Meditation in Writing"]),
        ("When I write BP it mean blood pressure", [#"call "Blood pressure" BP"#]),
        // Views asked for in words.
        ("show my todos", ["todos"]), ("show me the shopping list", ["room list"]), ("what can I buy with my coins", ["store"]),
        ("show history of savings", ["history Savings"]), ("how strong is my fiddle habit", [#"strength "Fiddle practice""#]),
        ("send the weekly summary to the house every sunday 7pm", ["room report on sun at 19:00"]),
        ("Wednesday I do physio twenty reps, forget to tell you", ["did Physio 20 on wednesday"]),
        ("add habit memory game 10 minutes, in Recovery", [#"add habit memory game 10 minutes in "Recovery""#]),
        // Told late in other words; a word of a name, then `done` and the amount.
        ("on wednesday i do crossword but not write it", ["did Crossword on wednesday"]),
        ("2 iced teas today", ["did Tea 2"]),
        ("show me the last few times I ran", ["history Running"]), ("status check 👀", ["status"]),
        ("Make a new area called Hobbies", ["add area Hobbies"]), ("writing goal to 2k", ["edit Writing target 2000 words"]),
        ("oops", ["undo"]), ("renewed the passport", [#"did "Renew passport""#]),
    ])
    func read(line: String, commands: [String]) {
        #expect(Self.read(line) == .commands(commands))
    }

    @Test func whatIsNotCertainIsAskedAbout() {
        #expect(Self.read("did my crossword and fiddle 20 mins")
            == .ask("Did you mean 'did crossword', then 'did fiddle practice 20'? Type 'yes' to record it.", ["did Crossword", #"did "Fiddle practice" 20"#]))
        #expect(Self.read("Today I take my evening pills") == .ask("Did you mean 'did evening meds'? Type 'yes' to record it.", [#"did "Evening meds""#]))
        #expect(Self.read("I do 15 reps physio in morning and 15 reps in afternoon")
            == .ask("Did you mean 'did physio 30'? Type 'yes' to record it.", ["did Physio 30"]))
        #expect(Self.read("omg finally did my japanese, 10 mins")
            == .ask("Did you mean 'did japanese practice 10'? Type 'yes' to record it.", [#"did "Japanese practice" 10"#]))
        #expect(Self.read("Redeem pocket money for the kids") == .ask("Did you mean 'buy pocket money'? Type 'yes' to buy it.", ["buy Pocket money"]))
        #expect(Self.read("I buy pill organiser already")
            == .ask("Did you mean 'did buy pill organiser'? Type 'yes' to record it.", [#"did "Buy pill organiser""#]))
        // A name's words said apart, the start of a name written as one word, the first letters of a name's first words.
        #expect(Self.read("I left the lights on in the hall again") == .commands([#"did "Lights left on""#]))
        #expect(Self.read("lights were left on again")
            == .ask("Did you mean 'did lights left on'? Type 'yes' to record it.", [#"did "Lights left on""#]))
        #expect(Self.read("went to bed at 10pm bc early start")
            == .ask("Did you mean 'did bedtime at 22:00'? Type 'yes' to record it.", ["did Bedtime at 22:00"]))
        #expect(Self.read("hr done") == .ask("Did you mean 'did heart rate check'? Type 'yes' to record it.", [#"did "Heart rate check""#]))
        // A word of another's name after something done is that one; a slip said with `oops` is no undo; a verb that
        // starts a name, done to another thing, names nothing.
        #expect(Self.read("I've done the crossword and the pressure")
            == .ask("Did you mean 'did crossword', then 'did blood pressure'? Type 'yes' to record it.", ["did Crossword", #"did "Blood pressure""#]))
        #expect(Self.read("shein haul oops") == nil)
        #expect(Self.read("bought the gas, cylinder is full") == nil)
        // A weekday said first, or with an amount, in the present: a day gone by, or a plan.
        #expect(Self.read("tuesday i do 20 reps physio")
            == .ask("Did you mean 'did physio 20 on tuesday'? Type 'yes' to record it.", ["did Physio 20 on tuesday"]))
        #expect(Self.read("physio next tuesday") == nil)
        // A word of a name, said done, with the amount; to stop its reminder or change its amount.
        #expect(Self.read("fiddle done: 20 min") == .ask("Did you mean 'did fiddle practice 20'? Type 'yes' to record it.", [#"did "Fiddle practice" 20"#]))
        #expect(Self.read("stop reminding me about my pressure, the nurse does it now")
            == .ask("Did you mean 'stop reminding blood pressure'? Type 'yes' to stop it.", [#"stop reminding "Blood pressure""#]))
        #expect(Self.read("change the fiddle to 40 minutes a day")
            == .ask("Did you mean 'edit fiddle practice target 40 minutes'? Type 'yes' to change it.", [#"edit "Fiddle practice" target 40 minutes"#]))
        // A day of a month: the day a to-do was for, never an amount; of a habit, the day it was done on (the last two
        // weeks' without its month: `on the 25th` on the 20th is no day five weeks gone).
        #expect(Self.read("renewed the passport for dec 2") == .commands([#"did "Renew passport""#]))
        #expect(Self.read("wrote 500 words on nov 19") == .commands(["did Writing 500 on 2026-11-19"]))
        #expect(Self.read("wrote 500 words on the 18th") == .commands(["did Writing 500 on 2026-11-18"]))
        #expect(Self.read("wrote 500 words on the 25th") == nil)
        // An undo in one part of a line, whatever its `it` refers to.
        #expect(Self.read("Oh bother, that last entry was wrong – undo it, please.") == .ask("Did you mean 'undo'? Type 'yes' to do it.", ["undo"]))
    }

    @Test func aTotalForAnotherDayIsAskedAbout() {
        // What yesterday held is not known here: the count in all is asked about, never added to.
        #expect(Self.read("yesterday total writing was 5000 words, not 4200")
            == .clarify("Is that your count for the day in all? Say how many more to add, e.g. 'did writing 2'."))
    }

    @Test func aPoliteRequestAsksAfterOrWantsSomethingNew() {
        #expect(PoliteRequest("Move meditation into the Writing area, would you?")?.text == "Move meditation into the Writing area")
        #expect(PoliteRequest("I'd like a new habit: a letter to my sister, once a week.")?.text == "add habit a letter to my sister, once a week")
        #expect(PoliteRequest("I'd like a new habit: a letter to my sister, once a week.")?.ahead == true)
    }
}
