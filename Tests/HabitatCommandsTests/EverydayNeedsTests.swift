import HabitatEngine
import Testing

@testable import HabitatCommands

/// Lines of newcomers' own words about what a household needs, what did not happen, their game as a whole, and a day
/// said in their first language.
@Suite("Own words: needs, what did not happen, and days in other languages")
struct EverydayNeedsTests {
    static let habits: [Vocabulary.Habit] = [
        .init(name: "Call grandchildren", quota: true), .init(name: "Choir practice"), .init(name: "Walk Biscuit", amount: DailyAmount(2, unit: "walks")),
        .init(name: "Revision", amount: DailyAmount(3, unit: "hours")), .init(name: "Screen time", amount: DailyAmount(4, unit: "hours"), bad: true),
        .init(name: "Fast food", bad: true), .init(name: "Gym", quota: true), .init(name: "Water", amount: DailyAmount(6, unit: "bottles")),
    ]
    static let vocabulary = Vocabulary(habits: habits, today: Day(iso: "2026-11-20")!)
    static let household = Vocabulary(habits: habits, inRoom: true, today: Day(iso: "2026-11-20")!)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test func aClockAfterAtKeepsItsHalfOfTheDay() {
        #expect(Self.read("Please remind me to call the grandchildren at 6 PM.") == .commands([#"remind me to "Call grandchildren" at 18:00"#]))
        #expect(Self.read("remind me to call the grandchildren at 6") == .commands([#"remind me to "Call grandchildren" at 6:00"#]))
    }

    @Test func somethingCancelledWasNotDone() {
        #expect(Self.read("Choir practice was cancelled this week because Pastor Dan has the flu.")
            == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did choir practice')."))
        #expect(Self.read("choir practice was postponed") == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did choir practice')."))
    }

    @Test func theirGameAsAWholeAndAHabitsHistory() {
        #expect(Self.read("How many days in a row have I walked Biscuit?") == .commands(["streaks"]))
        #expect(Self.read("HOW DO I SEE MY POINTS") == .commands(["status"]))
        #expect(Self.read("Am I doing well?") == .commands(["status"]))
        #expect(Self.read("history of my screen time pls") == .commands([#"history "Screen time""#]))
        #expect(Self.read("Please show me how I have done with my revision.") == .commands(["history Revision"]))
        #expect(Self.read("how many days gym this week?") == .commands(["history Gym"]))
        #expect(EverydayReader.read("Please show me how I have done with my pills.", Vocabulary(habits: [.init(name: "Blood pressure pills")], today: Day(iso: "2026-11-20")!))
            == .commands([#"history "Blood pressure pills""#]))
        #expect(Self.read("strength of gym habit") == .commands(["strength Gym"]))
        #expect(EverydayReader.read("how did the flat do this week", Self.household) == .commands(["room report"]))
        #expect(EverydayReader.read("how's the house doing this week", Self.household) == .commands(["room report"]))
        // In a room, `am I doing everything?` is about fair shares.
        #expect(EverydayReader.read("is it fair or am I doing everything?", Self.household) == .commands(["room fairness"]))
    }

    @Test func aVerbOfTheHabitsNounRecordsIt() {
        #expect(Self.read("revised for 2 hours in the library") == .commands(["did Revision 2"]))
        #expect(Self.read("revised yesterday for 4 hours") == .commands(["did Revision 4 yesterday"]))
    }

    @Test func whatAHouseholdNeedsGoesOnItsList() {
        // Asked, as `we need help` is no thing to get.
        #expect(EverydayReader.read("we need loo roll", Self.household)
            == .ask("Did you mean 'room add todo loo roll'? Type 'yes' to add it.", ["room add todo loo roll"]))
        #expect(EverydayReader.read("we're out of bin bags", Self.household)
            == .ask("Did you mean 'room add todo bin bags'? Type 'yes' to add it.", ["room add todo bin bags"]))
        // Something to do, or one of theirs, is no thing to get; and without a room there is no household's list.
        #expect(EverydayReader.read("we need to hoover", Self.household) == nil)
        #expect(EverydayReader.read("we need more water", Self.household) == .nothing("Nothing recorded: that doesn't sound done yet. When it is, tell me ('did water')."))
        #expect(Self.read("we need loo roll") == nil)
    }

    @Test func aThingNeededByADayIsATodo() {
        #expect(Self.read("need dot physical by dec 10") == .commands(["add todo dot physical by dec 10"]))
        #expect(Self.read("need to pay council tax before the 1st") == .commands(["add todo pay council tax before the 1st"]))
    }

    @Test func yesterdayAndTodayInPortugueseAndPolish() {
        #expect(Self.read("fast food ontem") == .commands([#"did "Fast food" yesterday"#]))
        #expect(Self.read("gym wczoraj") == .commands(["did Gym yesterday"]))
        #expect(Self.read("hoje 3 water") == .commands(["did Water 3"]))
        // One thing done yesterday and today is both days'.
        #expect(Self.read("gym wczoraj and today also") == .commands(["did Gym yesterday", "did Gym"]))
        #expect(Self.read("fast food ontem and hoje") == .commands([#"did "Fast food" yesterday"#, #"did "Fast food""#]))
        #expect(Self.read("gym yesterday, rest today too") == .commands(["did Gym yesterday"]))
    }

    @Test func theirWordSaidAsWhatItIs() {
        #expect(Self.read("when i say agua its water") == .commands(["call Water agua"]))
        #expect(Self.read("when I say kicks I mean gym") == .commands(["call Gym kicks"]))
    }

    @Test func aBrandIsAskedAboutAsWhatItIs() {
        #expect(Self.read("ate burger king") == .ask("Did you mean 'did fast food'? Type 'yes' to record it.", [#"did "Fast food""#]))
        #expect(EverydayReader.read("ordered deliveroo", Vocabulary(habits: [.init(name: "Takeaway", bad: true)], today: Day(iso: "2026-11-20")!))
            == .ask("Did you mean 'did takeaway'? Type 'yes' to record it.", ["did Takeaway"]))
    }

    @Test func aSpanOfTheClockIsHowLongForAHabitCountedInTime() {
        #expect(Self.read("revised from 9 am to 3 pm yesterday")
            == .ask("Did you mean 'did revision 6 yesterday'? Type 'yes' to record it.", ["did Revision 6 yesterday"]))
        // Without both halves of the day, the shorter span; a clock said is the span's, not a time it was done at.
        #expect(Self.read("library 10 till 1 revising stats") == .ask("Did you mean 'did revision 3'? Type 'yes' to record it.", ["did Revision 3"]))
        #expect(Self.read("revised 11pm to 1am") == .ask("Did you mean 'did revision 2'? Type 'yes' to record it.", ["did Revision 2"]))
        // An amount of a unit is no span.
        #expect(Self.read("revised 2 to 3 hours") == nil)
    }

    @Test func aDaySaidFirstIsTheWholeLines() {
        #expect(Self.read("yesterday: gym, water 4 bottles") == .commands(["did Gym yesterday", "did Water 4 yesterday"]))
        #expect(Self.read("yesterday: gym, water 4 bottles today") == .commands(["did Gym yesterday", "did Water 4"]))
        // Said last, it is the last part's only.
        #expect(Self.read("gym, water 4 bottles yesterday") == .commands(["did Gym", "did Water 4 yesterday"]))
    }

    @Test func moreOfAThingInItsOwnUnitIsAskedAboutWhateverFollows() {
        let tea = Vocabulary(habits: [.init(name: "Tea with biscuits", amount: DailyAmount(2, unit: "cups"), bad: true)], today: Day(iso: "2026-11-20")!)
        #expect(EverydayReader.read("had tea with biscuits, 3 cups today god help me", tea)
            == .ask("Did you mean 'did tea with biscuits 3'? Type 'yes' to record it.", [#"did "Tea with biscuits" 3"#]))
    }

    @Test func aTodoWrittenDownAndATargetUpped() {
        #expect(Self.read("put down a to-do to ring the vet by wednesday") == .commands(["add todo ring the vet by wednesday"]))
        #expect(Self.read("jot down a todo: call the bank") == .commands(["add todo call the bank"]))
        #expect(Self.read("put down the phone") == nil)
        #expect(Self.read("up the water to 8 bottles") == .commands(["edit Water target 8 bottles"]))
    }

    @Test func servingsOfOneCountedInTimesAreSoManyTimes() {
        let chai = Vocabulary(habits: [.init(name: "Chai with sugar", bad: true)], today: Day(iso: "2026-11-20")!)
        #expect(EverydayReader.read("2 cups chai with sugar yesterday at office", chai)
            == .ask("Did you mean 'did chai with sugar x2 yesterday'? Type 'yes' to record it.", [#"did "Chai with sugar" x2 yesterday"#]))
    }

    @Test func wordsOfANameAfterAWordOfWhenAreTheName() {
        let sweets = Vocabulary(
            habits: [.init(name: "Walk Biscuit", amount: DailyAmount(2, unit: "walks")), .init(name: "Sweets after supper", bad: true)],
            today: Day(iso: "2026-11-20")!)
        // (Not Walk Biscuit, by another word for cookies: what is eaten after supper is read with the name, and so many
        // of a thing the habit doesn't count is not read.)
        #expect(EverydayReader.read("I had 2 cookies after supper yesterday evening.", sweets) == nil)
        #expect(EverydayReader.read("I had cookies after supper yesterday", sweets)
            == .ask(#"Did you mean 'did sweets after supper yesterday'? Type 'yes' to record it."#, [#"did "Sweets after supper" yesterday"#]))
    }

    @Test func aNumberFarBeyondTheDaysAmountIsAskedAboutAsAReading() {
        let sugar = Vocabulary(habits: [.init(name: "Glucose check", amount: DailyAmount(2, unit: "checks"))], today: Day(iso: "2026-11-20")!)
        #expect(EverydayReader.read("checked sugar at 5:45am 98", sugar)
            == .ask(
                #"98 is far more than 2 checks: a reading, not a count? Did you mean 'did glucose check at 5:45'? Type 'yes' to record it."#,
                [#"did "Glucose check" at 5:45"#]))
        #expect(EverydayReader.read("glucose check 98", sugar)
            == .ask(#"98 is far more than 2 checks: a reading, not a count? Did you mean 'did glucose check'? Type 'yes' to record it."#, [#"did "Glucose check""#]))
        // Within ten times the day's amount, or with its unit, it is a count.
        #expect(EverydayReader.read("glucose check 2", sugar) == .commands([#"did "Glucose check" 2"#]))
        #expect(Self.read("water 40 bottles") == .commands(["did Water 40"]))
    }
}
