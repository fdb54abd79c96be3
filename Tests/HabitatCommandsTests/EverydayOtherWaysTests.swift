import HabitatEngine
import Testing

@testable import HabitatCommands

/// More of newcomers' own ways of saying things: the day before, one more of the same, who gave a habit its name,
/// the emoji taken off, a quarter of an hour, a pause that starts next week, a name shortened in a list, and words of
/// another language that name no habit by their unit.
@Suite("Own words: the day before, another, emoji, quarters and other tongues")
struct EverydayOtherWaysTests {
    static let today = Day(iso: "2026-11-20")!
    static let vocabulary = Vocabulary(
        habits: [
            .init(name: "Crossword"), .init(name: "Pipe", bad: true), .init(name: "Walk", amount: DailyAmount(30, unit: "minutes")),
            .init(name: "Sleep", amount: DailyAmount(7, unit: "hours")), .init(name: "Água", amount: DailyAmount(2, unit: "litres")),
            .init(name: "Vitamin D"), .init(name: "Swim", quota: true),
        ],
        today: today)
    static let house = Vocabulary(
        habits: [.init(name: "Recycling", shared: true), .init(name: "Bins", shared: true), .init(name: "Takeaway", bad: true)],
        inRoom: true, today: today)

    static func read(_ line: String) -> Understanding? { EverydayReader.read(line, vocabulary) }

    @Test func theDayBeforeYesterdayIsADayOfItsOwn() {
        // Friday the 20th: yesterday and Wednesday.
        #expect(Self.read("I did the crossword yesterday and the day before, in biro.")
            == .commands(["did Crossword yesterday", "did Crossword on wednesday"]))
    }

    @Test func anotherOfTheSameIsOneMoreAskedAbout() {
        #expect(Self.read("I had a pipe on the pier with the lads, and another on the way home.")
            == .ask("Did you mean 'did pipe x2'? Type 'yes' to record it.", ["did Pipe x2"]))
        #expect(Self.read("had a pipe and another later") == .ask("Did you mean 'did pipe x2'? Type 'yes' to record it.", ["did Pipe x2"]))
    }

    @Test func whoGaveAHabitIsNoPartOfItsName() {
        #expect(Self.read("Add a habit for the stretches the physio gave me, Monday, Wednesday and Friday.")
            == .ask("Did you mean 'add habit stretches on mon wed fri'? Type 'yes' to add it.", ["add habit stretches on mon wed fri"]))
    }

    @Test func theEmojiTakenOffIsPlainMode() {
        #expect(Self.read("Would you take off the little pictures, the emojis, they do be confusing me.") == .commands(["plain on"]))
        #expect(Self.read("no more emojis please") == .commands(["plain on"]))
        #expect(Self.read("bring the emojis back") == .commands(["plain off"]))
    }

    @Test func aQuarterOfAnHourIsFifteenMinutes() {
        #expect(Self.read("I walked for three quarters of an hour with the dog") == .commands(["did Walk 45"]))
        #expect(Self.read("walk a quarter of an hour") == .commands(["did Walk 15"]))
    }

    @Test func aPauseThatStartsNextWeekWaitsForItsDay() {
        #expect(Self.read("work travel mon-wed next wk, pause swim for those 3 days")
            == .clarify("A pause starts when you ask for it. On the day it begins, say 'pause swim 3 days'."))
    }

    @Test func aNameShortenedInAListIsAskedAboutWithTheRest() {
        #expect(Self.read("2L água today and vit d")
            == .ask("Did you mean 'did água 2', then 'did vitamin d'? Type 'yes' to record it.", ["did Água 2", #"did "Vitamin D""#]))
    }

    @Test func aWordOfAnotherLanguageBeforeAnAmountNamesNoHabitByItsUnit() {
        // Portuguese: `estudei`, studied; `às 16h`, at four. Sleep, the one habit in hours, is neither.
        #expect(Self.read("estudei 1h") == nil)
        #expect(Self.read("lembra-me de meditar às 16h") == nil)
        #expect(Self.read("2 more hours of sleep") == .commands(["did Sleep 2"]))
    }

    @Test func whatNoOneElseDidWasDoneByThem() {
        #expect(EverydayReader.read("took the recycling out last night cos no one else did", Self.house) == .commands(["did Recycling yesterday"]))
        #expect(EverydayReader.read("weekly report for the house pls", Self.house) == .commands(["room report"]))
    }
}
