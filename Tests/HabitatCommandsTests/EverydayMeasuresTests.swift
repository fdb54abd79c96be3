import HabitatEngine
import Testing

@testable import HabitatCommands
@testable import HabitatApp

/// Lines of newcomers' own words about measures and times: an amount in another unit of the same measure, so many of a
/// size, a clock with its half of the day said apart, a reminder moved, a day of the month, a day said in one part of a
/// line, and a habit named by the start of a later word.
@Suite("Own words: measures, days and times")
struct EverydayMeasuresTests {
    static let vocabulary = Vocabulary(
        habits: [
            .init(name: "Water", amount: DailyAmount(64, unit: "oz"), today: 16), .init(name: "Run", amount: DailyAmount(5, unit: "km"), quota: true),
            .init(name: "Walk after dinner", amount: DailyAmount(20, unit: "minutes")), .init(name: "Glucose check", amount: DailyAmount(2, unit: "checks")),
            .init(name: "Rosary"), .init(name: "Foot check"), .init(name: "Gym", quota: true), .init(name: "Reading", amount: DailyAmount(10, unit: "pages")),
            .init(name: "Brick workout"), .init(name: "Instant ramen", amount: DailyAmount(1, unit: "packs"), bad: true),
            .init(name: "Pushups", amount: DailyAmount(30, unit: "reps")), .init(name: "Tea with biscuits", amount: DailyAmount(2, unit: "cups"), bad: true),
        ],
        today: Day(iso: "2026-11-20")!, reminders: ["rosary": 21 * 60, "foot check": 7 * 60])

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test func anAmountInAnotherUnitOfTheSameMeasureIsAskedAboutConverted() {
        #expect(Self.read("had half a liter of water")
            == .ask("Water is counted in oz: 0.5 liter is about 16.9 oz. Did you mean 'did water 16.9'? Type 'yes' to record it.", ["did Water 16.9"]))
        #expect(Self.read("ran 2 miles")
            == .ask("Run is counted in km: 2 miles is about 3.22 km. Did you mean 'did run 3.22'? Type 'yes' to record it.", ["did Run 3.22"]))
        // Time in the other unit of time is exact, as it was.
        #expect(Self.read("walked 1 hour after dinner") == .commands([#"did "Walk after dinner" 60"#]))
    }

    @Test func anAmountWithDecimalsInTheHabitsOwnUnitIsTakenAsSaid() {
        let triathlon = Vocabulary(
            habits: [
                .init(name: "Swim", amount: DailyAmount(Quantity(thousandths: 1500), unit: "km")), .init(name: "Sleep", amount: DailyAmount(8, unit: "hours")),
                .init(name: "Hydration", amount: DailyAmount(3, unit: "litres")), .init(name: "Gym"),
            ],
            today: Day(iso: "2026-11-20")!)
        #expect(EverydayReader.read("swam 0.75 km", triathlon) == .commands(["did Swim 0.75"]))
        #expect(EverydayReader.read("slept 7.5 hours", triathlon) == .commands(["did Sleep 7.5"]))
        #expect(EverydayReader.read("hydration 2,25 litres", triathlon) == .commands(["did Hydration 2.25"]))
        // Another unit is converted and asked about; 200 ml is 0.2 litres exactly.
        #expect(EverydayReader.read("drank 200 ml of hydration", triathlon)
            == .ask("Hydration is counted in litres: 200 ml is 0.2 litres. Did you mean 'did hydration 0.2'? Type 'yes' to record it.", ["did Hydration 0.2"]))
        // A part of a time, of a habit counted in times, is how long it took: once.
        #expect(EverydayReader.read("gym 1.5 hours", triathlon) == .commands(["did Gym"]))
    }

    @Test func soManyOfASizeAreTheirSum() {
        #expect(Self.read("drank 3 glasses of water 8oz each") == .commands(["did Water 24"]))
        #expect(Self.read("2 more bottles of water, the 16 oz ones") == .commands(["did Water 32"]))
        // How much is in a bottle isn't said: asked, never 2 oz.
        #expect(Self.read("drank 2 bottles of water") == .clarify("Water is counted in oz: how many? e.g. 'did water 64'."))
        // A habit's own name counts it (`50 pushups` are 50 reps).
        #expect(Self.read("did 50 pushups") == .commands(["did Pushups 50"]))
        // What was had, said before the habit named with an amount of its own: asked about.
        #expect(Self.read("had 2 scoops whey, 48 oz water") == .ask("Did you mean 'did water 48'? Type 'yes' to record it.", ["did Water 48"]))
        #expect(Self.read("did 20 burpees, rosary") == nil)
        #expect(Self.read("ate ramen again.. shin ramyun 2 packs")
            == .ask("Did you mean 'did instant ramen 2'? Type 'yes' to record it.", [#"did "Instant ramen" 2"#]))
    }

    @Test func aReminderMovedKeepsItsHalfOfTheDayAndAClockKeepsItsPm() {
        #expect(Self.read("move my rosary reminder to 9:30") == .commands(["stop reminding Rosary", "remind me to Rosary at 21:30"]))
        #expect(Self.read("move my foot check reminder to 7:30") == .commands([#"stop reminding "Foot check""#, #"remind me to "Foot check" at 7:30"#]))
        #expect(Self.read("remind me for rosary at 8:30 pm") == .commands(["remind me to Rosary at 20:30"]))
        #expect(Self.read("remind me about the rosary at half 9 in the evening") == .commands(["remind me to Rosary at 21:30"]))
    }

    @Test func aDaySaidInOnePartOfALineIsThatPartsOwn() {
        #expect(Self.read("glucose check done, and walked 20 min last night")
            == .ask(
                "Did you mean 'did glucose check', then 'did walk after dinner 20 yesterday'? Type 'yes' to record it.",
                [#"did "Glucose check""#, #"did "Walk after dinner" 20 yesterday"#]))
        #expect(Self.read("rosary done, foot check too yesterday") == .commands(["did Rosary", #"did "Foot check" yesterday"#]))
        // One part: both that day; a part that names nothing of theirs says when the rest was done.
        #expect(Self.read("did rosary and foot check yesterday") == .commands(["did Rosary yesterday", #"did "Foot check" yesterday"#]))
        #expect(Self.read("forgot yesterday. rosary done") == .commands(["did Rosary yesterday"]))
    }

    @Test func aChangeOfScheduleAndAViewOfOneHabit() {
        #expect(Self.read("gym 5 times a week now") == .commands(["edit Gym 5 times a week"]))
        // A limit said of a word of a name is a change to it, asked about; never a recording.
        #expect(Self.read("ramen limit 3 packs")
            == .ask("Did you mean 'edit instant ramen limit 3 packs'? Type 'yes' to change it.", [#"edit "Instant ramen" limit 3 packs"#]))
        #expect(Self.read("tea limit 3 cups") == nil)
        #expect(Self.read("reading history") == .commands(["history Reading"]))
        #expect(Self.read("run strength pls") == .commands(["strength Run"]))
    }
}

@Suite("Own words: a household's list, its report, and coming home")
struct EverydayHouseholdTests {
    static let vocabulary = Vocabulary(
        habits: [.init(name: "Zumba", paused: true), .init(name: "Soda", amount: DailyAmount(1, unit: "cans"), bad: true), .init(name: "Trash out", shared: true)],
        inRoom: true, today: Day(iso: "2026-11-20")!)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test func whatIsNeededGoesOnTheList() {
        #expect(Self.read("need to add fabuloso to the grocery list") == .commands(["room add todo fabuloso"]))
        #expect(Self.read("we're out of baler twine, stick it on the list") == .commands(["room add todo baler twine"]))
        #expect(Self.read("need to add more stretching") == nil)
    }

    @Test func theWeeksReportAndComingHomeAndADayInSpanish() {
        #expect(Self.read("house report on sundays at 8 in the evening") == .commands(["room report on sun at 20:00"]))
        // Without its day, a report is no morning post.
        #expect(Self.read("room report at 19:00") == nil)
        #expect(Self.read("we're back from Laredo") == .commands(["resume"]))
        #expect(Self.read("sodas 2 ayer") == .commands(["did Soda 2 yesterday"]))
    }
}

@Suite("A name is only a name: an area")
struct AreaNameTests {
    @Test func anAreaAndAHabitForItAreOneThingAtATime() {
        #expect(parseError("add area Work and habit deep work 2 hours in it")
            == HabitatError(.unknownCommand, "One thing at a time: 'add area Work', then 'add habit <name> in Work'."))
        #expect(parseError("add area Body and put yoga in it")
            == HabitatError(.unknownCommand, "One thing at a time: 'add area Body', then 'edit <habit> in Body'."))
        #expect(parseError("add area Rest and relaxation") == nil)
    }
}
