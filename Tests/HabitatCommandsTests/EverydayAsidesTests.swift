import HabitatEngine
import Testing

@testable import HabitatCommands

/// Lines of newcomers' own words that say more than one thing: a question about a reminder, a list of habits with one
/// named in part, a second time of day, an amount among others, a new habit with a sentence after it, words of other
/// languages and apps.
@Suite("Own words: lists, times of day, asides and other languages")
struct EverydayAsidesTests {
    static let habits: [Vocabulary.Habit] = [
        .init(name: "Meds"), .init(name: "Sketching", amount: DailyAmount(45, unit: "minutes")), .init(name: "Hydrate", amount: DailyAmount(2, unit: "litres")),
        .init(name: "Swim", quota: true), .init(name: "Inbox zero"), .init(name: "Tidy desk"), .init(name: "Online shopping", bad: true),
        .init(name: "Evening walk", amount: DailyAmount(30, unit: "minutes")), .init(name: "BP check"), .init(name: "Call Mom", quota: true),
        .init(name: "Walk Rex", amount: DailyAmount(2, unit: "walks")), .init(name: "Duolingo"), .init(name: "Water plants"), .init(name: "Gym", quota: true),
        .init(name: "Savings", amount: DailyAmount(10, unit: "pounds")), .init(name: "Logbook"), .init(name: "Steps", amount: DailyAmount(8000, unit: "steps")),
        .init(name: "Choir practice"), .init(name: "Sleep", amount: DailyAmount(7, unit: "hours")),
        .init(name: "Glucose check", amount: DailyAmount(2, unit: "checks")), .init(name: "Takeout", bad: true), .init(name: "Energy drinks", bad: true),
        .init(name: "Rage quit", bad: true),
    ]
    static let today = Day(iso: "2026-11-20")!
    static let vocabulary = Vocabulary(habits: habits, rewards: ["Brush pens"], today: today)
    static let household = Vocabulary(habits: habits + [.init(name: "Night feed", shared: true), .init(name: "Diapers", shared: true, todo: true)], inRoom: true, today: today)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test func aQuestionAboutAReminderStopsNothing() {
        #expect(Self.read("when does my duolingo reminder go off") == .commands(["reminders"]))
        #expect(Self.read("what time is my duolingo reminder") == .commands(["reminders"]))
        #expect(Self.read("turn off the duolingo reminder") == .commands(["stop reminding Duolingo"]))
        #expect(Self.read("Please discontinue the reminder for duolingo") == .commands(["stop reminding Duolingo"]))
    }

    @Test func aReminderOfSomethingNotTheirsIsNoDigest() {
        // What to be reminded of is said and is none of theirs: which habit is asked, no digest set.
        #expect(Self.read("remind me to water the fern at 3pm bc I forget everything")
            == .clarify("Remind you of which habit? Say 'remind me to <habit> at 15:00', or 'remind me at 15:00' for what's due."))
        #expect(Self.read("remind me at 8am with everything due") == .commands(["remind me at 8:00"]))
        #expect(Self.read("I want a morning summary at 10") == .commands(["remind me at 10:00"]))
    }

    @Test func aPartOfAUnitSaidAsTheDaysCountIsTakenAsSaid() {
        #expect(Self.read("drank 1.5 liters so far today") == .commands(["did Hydrate 1.5"]))
        #expect(Self.read("drank 1 litre so far today") == .commands(["did Hydrate 1"]))
    }

    @Test func aListWithOneNamedInPartAsksAboutAll() {
        #expect(Self.read("meds + desk + inbox zero")
            == .ask("Did you mean 'did meds', then 'did tidy desk', then 'did inbox zero'? Type 'yes' to record it.", ["did Meds", #"did "Tidy desk""#, #"did "Inbox zero""#]))
        #expect(Self.read("meds + inbox zero") == .commands(["did Meds", #"did "Inbox zero""#]))
    }

    @Test func aSecondTimeOfDayIsOnceMore() {
        #expect(Self.read("walked rex this morning and tonight") == .ask("Did you mean 'did walk rex 2'? Type 'yes' to record it.", [#"did "Walk Rex" 2"#]))
        #expect(Self.read("walked rex wed mornin n night")
            == .ask("Did you mean 'did walk rex 2 on wed'? Type 'yes' to record it.", [#"did "Walk Rex" 2 on wed"#]))
        #expect(EverydayReader.read("Night feeds at 2 and at 5", Self.household)
            == .ask("Did you mean 'did night feed x2'? Type 'yes' to record it.", [#"did "Night feed" x2"#]))
        // Another habit after `and` is that one's.
        #expect(Self.read("walked rex this morning and swim tonight") == .commands([#"did "Walk Rex""#, "did Swim"]))
    }

    @Test func theAmountInTheHabitsOwnUnitAmongOthers() {
        #expect(Self.read("evening walk, 2.5 km in 30 minutes") == .commands([#"did "Evening walk" 30"#]))
        // A span of two numbers is no amount among others.
        #expect(Self.read("evening walk 20 to 30 minutes") == nil)
    }

    @Test func aDistanceOfAHabitCountedInTimesIsOnce() {
        #expect(Self.read("swam 1.5 km today") == .ask("Did you mean 'did swim'? Type 'yes' to record it.", ["did Swim"]))
        #expect(Self.read("sketching 1h15 this morning") == .commands(["did Sketching 75"]))
        #expect(Self.read("sketching 2h30m") == .commands(["did Sketching 150"]))
    }

    @Test func aNewHabitWithASentenceAfterIt() {
        #expect(Self.read("Add a habit for stretching, 10 minutes a day. I'm stiff as a board.") == .commands(["add habit stretching 10 minutes a day"]))
        #expect(Self.read("i wanna start doin press ups, 50 reps a day") == .commands(["add habit press ups 50 reps a day"]))
        #expect(EverydayReader.read("Add tummy time as a chore, we take turns", Self.household) == .commands(["room add habit tummy time every day rotate"]))
    }

    @Test func whatAHouseholdNeedsEachOnTheList() {
        #expect(EverydayReader.read("we need diaper cream and paper towels", Self.household)
            == .ask("Did you mean 'room add todo diaper cream', then 'room add todo paper towels'? Type 'yes' to add them.",
                ["room add todo diaper cream", "room add todo paper towels"]))
        #expect(EverydayReader.read("we need diapers", Self.household) == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did diapers')."))
    }

    @Test func questionsAboutTheirGame() {
        #expect(Self.read("What is my current level and health?") == .commands(["status"]))
        #expect(Self.read("How many days have I taken my meds consecutively?") == .commands(["streaks"]))
        #expect(Self.read("show me the heatmap thing") == .commands(["heatmap"]))
        #expect(Self.read("hw many coins i got") == .commands(["coins"]))
        #expect(EverydayReader.read("Is Amara doing more than me? be honest", Self.household) == .commands(["room fairness"]))
    }

    @Test func theirWordAndAnUndoSaidPlainly() {
        #expect(Self.read(#"Let the word "pressure" mean my BP check."#) == .commands([#"call "BP check" pressure"#]))
        #expect(Self.read("That is incorrect, cancel it.") == .commands(["undo"]))
    }

    @Test func aThingBoughtAndAStoreItemWithWhy() {
        #expect(Self.read("bought another tote bag online") == .ask("Did you mean 'did online shopping'? Type 'yes' to record it.", [#"did "Online shopping""#]))
        #expect(Self.read("buy potion please I am dying") == .ask("Did you mean 'buy potion'? Type 'yes' to buy it.", ["buy potion"]))
        #expect(Self.read("buy brush pens now") == .commands(["buy Brush pens"]))
    }

    @Test func aDaySaidThenHowMuch() {
        #expect(Self.read("Evening walk on Monday, 40 minutes.")
            == .ask("Did you mean 'did evening walk 40 on monday'? Type 'yes' to record it.", [#"did "Evening walk" 40 on monday"#]))
        #expect(Self.read("need to do my geography project for thursday") == .commands(["add todo geography project by thursday"]))
    }

    @Test func whatWasDoneSaidOfTheThingItWasDoneTo() {
        #expect(Self.read("The plants are watered and Rex has been walked.")
            == .ask("Did you mean 'did water plants', then 'did walk rex'? Type 'yes' to record it.", [#"did "Water plants""#, #"did "Walk Rex""#]))
        #expect(Self.read("desk is clean finally") == .ask("Did you mean 'did tidy desk'? Type 'yes' to record it.", [#"did "Tidy desk""#]))
        // A state that is no deed of the habit's: nothing.
        #expect(Self.read("the gym is closed today") == nil)
        #expect(Self.read("my knee is wrecked") == nil)
    }

    @Test func wordsOfOtherLanguagesAndApps() {
        #expect(Self.read("meds genommen") == .commands(["did Meds"]))
        #expect(Self.read("swim gestern") == .commands(["did Swim yesterday"]))
        #expect(Self.read("FaceTimed mom so she could see the babies") == .commands([#"did "Call Mom""#]))
        #expect(Self.read("took my meds at 7 p.m.") == .commands(["did Meds at 19:00"]))
    }

    @Test func oneThingDoneOnEachDaySaid() {
        #expect(Self.read("I called mom on Sunday and again on Tuesday.") == .commands([#"did "Call Mom" on sunday"#, #"did "Call Mom" on tuesday"#]))
        #expect(Self.read("Checked my BP on Tuesday and Wednesday but did not record it.")
            == .commands([#"did "BP check" on tuesday"#, #"did "BP check" on wednesday"#]))
        #expect(Self.read("did swim wednesday and today") == .ask("Did you mean 'did swim on wednesday', then 'did swim'? Type 'yes' to record it.", ["did Swim on wednesday", "did Swim"]))
        #expect(Self.read("swim on monday and on tuesday I rested") == nil)
        // How much on each day, said before it: asked about.
        #expect(Self.read("I walked Rex 2 times on Tuesday and once on Wednesday.")
            == .ask("Did you mean 'did walk rex 2 on tuesday', then 'did walk rex 1 on wednesday'? Type 'yes' to record it.",
                [#"did "Walk Rex" 2 on tuesday"#, #"did "Walk Rex" 1 on wednesday"#]))
        #expect(Self.read("sketching 30 min yesterday and 20 min wednesday")
            == .ask("Did you mean 'did sketching 30 yesterday', then 'did sketching 20 on wednesday'? Type 'yes' to record it.",
                ["did Sketching 30 yesterday", "did Sketching 20 on wednesday"]))
    }

    @Test func whatWasNotDoneAfterButIsOfAnotherTime() {
        #expect(Self.read("I took my meds 2 days ago but not yesterday.") == .commands(["did Meds 2 days ago"]))
        #expect(Self.read("swam yesterday but not today") == .commands(["did Swim yesterday"]))
        #expect(Self.read("did meds but not really") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did meds')."))
    }

    @Test func aTimeZoneByItsCityOrName() {
        #expect(Self.read("change timezone to Warsaw, I am home for 2 weeks")
            == .ask("Did you mean 'config timezone europe/warsaw'? Type 'yes' to change it; your days follow it from then on.", ["config timezone Europe/Warsaw"]))
        #expect(Self.read("in mumbai visiting family, change my timezone")
            == .ask("Did you mean 'config timezone asia/kolkata'? Type 'yes' to change it; your days follow it from then on.", ["config timezone Asia/Kolkata"]))
        #expect(Self.read("back in houston central time")
            == .ask("Did you mean 'config timezone america/chicago'? Type 'yes' to change it; your days follow it from then on.", ["config timezone America/Chicago"]))
        #expect(Self.read("gym at 8 central time") == .commands(["did Gym at 8:00"]))
        #expect(Self.read("change my timezone") == .clarify("Which time zone? Say it as 'config timezone Europe/Warsaw', the zone's region and a city in it."))
    }

    @Test func smallWordsInTheirPlace() {
        // A question of their level is answered by all of their game; things to do are their to-dos.
        #expect(Self.read("What level am I?") == .commands(["status"]))
        #expect(Self.read("Could you show me my list of things to do please") == .commands(["todos"]))
        // A stop that is a place, a `forgot` said last, money by its sign.
        #expect(Self.read("walked 3000 steps at the truck stop") == .commands(["did Steps 3000"]))
        #expect(Self.read("logbook done on wednesday forgot") == .commands(["did Logbook on wednesday"]))
        #expect(Self.read("saved £15 today") == .ask("Did you mean 'did savings 15'? Type 'yes' to record it.", ["did Savings 15"]))
        #expect(Self.read("savings £20") == .commands(["did Savings 20"]))
        // (Dollars are not its pounds.)
        #expect(Self.read("savings $20") == .clarify("Savings is counted in pounds: how many? e.g. 'did savings 10'."))
        // A habit named in a clause of its own is no reminder's.
        #expect(Self.read("no more reminders, i swim in the day, phone must be quiet") == .commands(["no more reminders"]))
    }

    @Test func changesSaidInPassing() {
        #expect(Self.read("Please add Knitting to my habits, three times a week.") == .commands(["add habit Knitting 3 times a week"]))
        #expect(Self.read("Choir practice has moved to Thursday evenings.")
            == .ask("Did you mean 'edit choir practice on thu'? Type 'yes' to change it.", [#"edit "Choir practice" on thu"#]))
        #expect(Self.read("I am away until Sunday the 29th. Please pause everything.") == .commands(["pause until 2026-11-29"]))
        #expect(Self.read("pause swim until December, the pool is closed") == .commands(["pause Swim until 2026-12-01"]))
        #expect(Self.read("I would like a list each morning at 7:30 of what I need to do.") == .commands(["remind me at 7:30"]))
        #expect(Self.read("can i get a brush pens") == .ask("Did you mean 'buy brush pens'? Type 'yes' to buy it.", ["buy Brush pens"]))
    }

    @Test func howItWentAndWhatIsStillToCome() {
        #expect(Self.read("slept 4h after shift, will sleep more later") == .commands(["did Sleep 4"]))
        #expect(Self.read("didnt sleep good, only 3 hours") == .commands(["did Sleep 3"]))
        #expect(Self.read("did not sleep") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did sleep')."))
        #expect(Self.read("put 20 quid in savings") == .commands(["did Savings 20"]))
    }

    @Test func aPotionNeededAndDaysOnlyAndHowTo() {
        #expect(Self.read("i need potion") == .ask("Did you mean 'buy potion'? Type 'yes' to buy it.", ["buy potion"]))
        #expect(Self.read("I need more health, can I buy a potion?") == .ask("Did you mean 'buy potion'? Type 'yes' to buy it.", ["buy potion"]))
        #expect(Self.read("what does a potion cost") == .commands(["store"]))
        #expect(Self.read("call mom only mon wed fri") == .commands([#"edit "Call Mom" on mon wed fri"#]))
        #expect(Self.read("Can you tell me how to delete a reminder?") == .commands(["help reminders"]))
        #expect(Self.read("how do I see my reminders") == .commands(["reminders"]))
    }

    @Test func aNewHabitWithWhyAfterAComma() {
        #expect(Self.read("Please add a habit: Fasting on Wednesdays and Fridays, for Advent.") == .commands(["add habit Fasting on wed fri"]))
        #expect(Self.read("add habit yoga tuesdays and thursdays, my physio says so because of my back") == .commands(["add habit yoga on tue thu"]))
        #expect(Self.read("add bad habit late coffee, 10 life, I drink Kaffee at 6pm and then wonder why I cannot sleep")
            == .commands(["add bad habit late coffee 10 life"]))
        #expect(Self.read("new habit: read before bed, 20 min a day instead of the phone") == .commands(["add habit read before bed 20 min a day"]))
        #expect(Self.read("add habit walk like 3 times a week") == .commands(["add habit walk 3 times a week"]))
        // What follows the comma with a number of its own is read, or asked about.
        #expect(Self.read("add a reward: fish and chips, for 50 coins") == .commands(["add reward fish and chips 50 coins"]))
    }

    @Test func aDecimalInNoUnitOfAHabitCountedInWholeThingsIsAReading() {
        #expect(Self.read("Meds taken, glucose check 7.1.")
            == .ask("7.1 looks like a reading, not a count. Did you mean 'did meds', then 'did glucose check'? Type 'yes' to record it.", ["did Meds", #"did "Glucose check""#]))
        #expect(Self.read("Glucose check this morning: 6.2 mmol/L fasting.")
            == .ask("6.2 looks like a reading, not a count. Did you mean 'did glucose check'? Type 'yes' to record it.", [#"did "Glucose check""#]))
        #expect(Self.read("glucose check 2") == .commands([#"did "Glucose check" 2"#]))
    }

    @Test func aCountThenTheDaysItWasOn() {
        #expect(Self.read("we got takeout twice this week, Tuesday and Wednesday") == .commands(["did Takeout on tuesday", "did Takeout on wednesday"]))
        #expect(Self.read("swim x2 this week: tuesday and today") == .commands(["did Swim on tuesday", "did Swim"]))
    }

    @Test func anotherOfTheSameByAnotherName() {
        #expect(Self.read("had a redbull n a monster") == .ask("Did you mean 'did energy drinks x2'? Type 'yes' to record it.", [#"did "Energy drinks" x2"#]))
        #expect(Self.read("had a monster and a takeout")
            == .ask("Did you mean 'did energy drinks', then 'did takeout'? Type 'yes' to record it.", [#"did "Energy drinks""#, "did Takeout"]))
        // `Again.` alone says this one was again, no second.
        #expect(Self.read("Ordered takeout. Again. No regrets.") == .commands(["did Takeout"]))
    }

    @Test func feelingsAboutItAreNoNegation() {
        #expect(Self.read("had a takeout at lunch dont judge") == .commands(["did Takeout"]))
        #expect(Self.read("I must confess I had a takeout") == .commands(["did Takeout"]))
        #expect(Self.read("no takeout today") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did takeout')."))
    }

    @Test func helpTopicsAndTheRoomsViews() {
        #expect(Self.read("how do i put in amounts") == .commands(["help amounts"]))
        #expect(Self.read("How does one record an amount?") == .commands(["help amounts"]))
        #expect(Self.read("call the gym thing lifting") == .commands(["call Gym lifting"]))
        #expect(Self.read("buying the brush pens, I have earned it") == .commands(["buy Brush pens"]))
        #expect(EverydayReader.read("what do we still need from the store", Self.household) == .commands(["room list"]))
        #expect(EverydayReader.read("Show me the weekly report", Self.household) == .commands(["room report"]))
        #expect(EverydayReader.read("shopping list", Self.household) == .commands(["room list"]))
    }

    @Test func askedNicelyOnAPhoneAndSaidInPassing() {
        #expect(Self.read("can u add stretching like 3 times a week") == .commands(["add habit stretching 3 times a week"]))
        #expect(Self.read("i rage quit again brb") == .commands([#"did "Rage quit""#]))
        // A list item is got now, whenever it was.
        #expect(EverydayReader.read("picked up diapers on the way home last night", Self.household) == .commands(["did Diapers"]))
    }
}
