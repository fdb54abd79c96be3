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
        #expect(Self.read("exams next week, pause everything for 7 days") == .commands(["pause 7 days"]))
    }

    @Test func aNameShortenedInAListIsAskedAboutWithTheRest() {
        #expect(Self.read("2L água today and vit d")
            == .ask("Did you mean 'did água 2', then 'did vitamin d'? Type 'yes' to record it.", ["did Água 2", #"did "Vitamin D""#]))
    }

    @Test func aWordOfAnotherLanguageBeforeAnAmountNamesNoHabitByItsUnit() {
        // Portuguese: `pratiquei`, practised; `às 16h`, at four. Sleep, the one habit in hours, is neither.
        #expect(Self.read("pratiquei 1h") == nil)
        #expect(Self.read("lembra-me de meditar às 16h")
            == .clarify("Remind you of which habit? Say 'remind me to <habit> at 16:00', or 'remind me at 16:00' for what's due."))
        #expect(Self.read("2 more hours of sleep") == .commands(["did Sleep 2"]))
    }

    @Test func namesEachWithItsAmountAreEachRecorded() {
        let triathlon = Vocabulary(
            habits: [
                .init(name: "Sleep", amount: DailyAmount(8, unit: "hours")), .init(name: "Hydration", amount: DailyAmount(3, unit: "litres")),
                .init(name: "Protein", amount: DailyAmount(150, unit: "grams")), .init(name: "Swim", amount: DailyAmount(2, unit: "km")),
                .init(name: "Stretch"),
            ],
            today: Self.today)
        #expect(EverydayReader.read("sleep 7.5 hydration 2.25 protein 148.5", triathlon)
            == .commands(["did Sleep 7.5", "did Hydration 2.25", "did Protein 148.5"]))
        #expect(EverydayReader.read("sleep 7 hydration 2 yesterday", triathlon) == .commands(["did Sleep 7 yesterday", "did Hydration 2 yesterday"]))
        #expect(EverydayReader.read("stretch 2 protein 40", triathlon) == .commands(["did Stretch x2", "did Protein 40"]))
        // Yards are a distance: converted, and asked about.
        #expect(EverydayReader.read("swim 2000 yd", triathlon)
            == .ask("Swim is counted in km: 2000 yd is about 1.83 km. Did you mean 'did swim 1.83'? Type 'yes' to record it.", ["did Swim 1.83"]))
    }

    @Test func aMorningListAtAnHourIsTheDigestAndAJobsQuestionTheToDos() {
        #expect(Self.read("morning list at 15h when i wake up pls") == .commands(["remind me at 15:00"]))
        #expect(Self.read("Have I any jobs on my list still to be done?") == .commands(["todos"]))
        #expect(Self.read("How long have I been walking now without missing a day?") == .commands(["streaks"]))
        #expect(Self.read("taper starts. pause swim until 2026-11-29") == .commands(["pause Swim until 2026-11-29"]))
    }

    @Test func partsOfAHabitAreItDoneOnceAndAsideUntilADayIsAPause() {
        let finn = Vocabulary(habits: [.init(name: "Rosary"), .init(name: "Garden", quota: true), .init(name: "Crossword")], today: Self.today)
        #expect(EverydayReader.read("Said two decades of the rosary only, I nodded off.", finn)
            == .ask("Did you mean 'did rosary'? Type 'yes' to record it.", ["did Rosary"]))
        #expect(EverydayReader.read("Leave the garden aside until the first of January, there is nothing doing out there.", finn)
            == .commands(["pause Garden until 2027-01-01"]))
        #expect(EverydayReader.read("put the crossword aside for a week", finn) == .commands(["pause Crossword 7 days"]))
    }

    @Test func commonPortugueseVerbsAndASlipOfAPastAreRead() {
        let bia = Vocabulary(
            habits: [
                .init(name: "Study", amount: DailyAmount(30, unit: "minutes")), .init(name: "Sleep", amount: DailyAmount(7, unit: "hours")),
                .init(name: "Vitamin D"),
            ],
            today: Self.today)
        #expect(EverydayReader.read("estudei 1h", bia) == .commands(["did Study 60"]))
        #expect(EverydayReader.read("dormi 5h30 only, the neighbours were doing obras", bia) == .commands(["did Sleep 5.5"]))
        #expect(EverydayReader.read("tomei a vitamina D agora", bia) == .ask(#"Did you mean 'did vitamin d'? Type 'yes' to record it."#, [#"did "Vitamin D""#]))
        #expect(EverydayReader.read("studdied 40min", bia) == .ask("Did you mean 'did study 40'? Type 'yes' to record it.", ["did Study 40"]))
    }

    @Test func whatNoOneElseDidWasDoneByThem() {
        #expect(EverydayReader.read("took the recycling out last night cos no one else did", Self.house) == .commands(["did Recycling yesterday"]))
        #expect(EverydayReader.read("weekly report for the house pls", Self.house) == .commands(["room report"]))
        #expect(EverydayReader.read("get rid of recycling as a chore, we do it with bins now", Self.house) == .commands(["room delete habit Recycling"]))
    }
}
