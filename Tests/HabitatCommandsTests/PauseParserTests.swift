import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("Pausing and resuming, as typed")
struct PauseParserTests {
    @Test(arguments: [
        ("pause 7 days", PauseHabits(nil, .days(7)) as any HabitatCommand), ("pause for 2 weeks", PauseHabits(nil, .days(14))),
        ("pause a week", PauseHabits(nil, .days(7))), ("pause 1 day", PauseHabits(nil, .days(1))), ("pause today", PauseHabits(nil, .days(1))),
        ("pause for three days", PauseHabits(nil, .days(3))), ("Pause until 2026-12-24", PauseHabits(nil, .through(Day(civilYear: 2026, month: 12, day: 24)))),
        ("pause till tomorrow", PauseHabits(nil, .days(2))), ("pause floss 3 days", PauseHabits("floss", .days(3))),
        ("pause read 20 pages for 3 days", PauseHabits("read 20 pages", .days(3))),
        ("pause gym until 2027-01-04", PauseHabits("gym", .through(Day(civilYear: 2027, month: 1, day: 4)))),
        ("pause floss for today", PauseHabits("floss", .days(1))),
        ("resume", Resume(nil)), ("resume floss", Resume("floss")), ("unpause", Resume(nil)), ("unpause read 20 pages", Resume("read 20 pages")),
    ])
    func aPauseIsReadAsPeopleSayIt(line: String, command: any HabitatCommand) throws {
        #expect(try parse(line) == command)
    }

    @Test(arguments: [
        ("pause", "For how long? Say 'pause 7 days', 'pause until 2026-12-24' or 'pause floss 3 days'."),
        ("pause floss", "For how long? Say 'pause floss 3 days' or 'pause floss until 2026-12-24'."),
        ("pause until friday", "I couldn't read the day 'friday'. Say a date like 2026-12-24, or a length: 'pause 7 days'."),
    ])
    func aPauseWithoutItsLengthSaysHowToGiveIt(line: String, message: String) {
        #expect(parseError(line)?.message == message)
        #expect(parseError(line)?.code == .invalidArgument)
    }
}

@Suite("Targets and limits, as typed")
struct AmountParserTests {
    static func draft(_ name: String, kind: HabitKind = .good, _ amount: DailyAmount, said: String? = nil) -> AddHabit {
        var draft = HabitDraft(name: name, kind: kind, amount: amount)
        draft.amountKeyword = said
        return AddHabit(draft)
    }

    @Test(arguments: [
        ("add habit Water target 8 glasses", draft("Water", DailyAmount(8, unit: "glasses"), said: "target")),
        ("add habit Water goal 8", draft("Water", DailyAmount(8), said: "target")),
        ("add habit Water 8 glasses a day", draft("Water", DailyAmount(8, unit: "glasses"))),
        ("add habit Read 20 pages per day", draft("Read", DailyAmount(20, unit: "pages"))),
        ("add habit Steps 10000 steps daily", draft("Steps", DailyAmount(10000, unit: "steps"))),
        ("add habit Floss twice a day", draft("Floss", DailyAmount(2))),
        ("add habit Pushups 50 times a day", draft("Pushups", DailyAmount(50))),
        ("add habit Water target 8 glasses a day", draft("Water", DailyAmount(8, unit: "glasses"), said: "target")),
        ("add bad habit Coffee limit 2 cups", draft("Coffee", kind: .bad, DailyAmount(2, unit: "cups"), said: "limit")),
        ("add bad habit Coffee 2 cups a day", draft("Coffee", kind: .bad, DailyAmount(2, unit: "cups"))),
        (#"add habit "Water 8 glasses a day""#, AddHabit(HabitDraft(name: "Water 8 glasses a day"))),
    ])
    func aTargetOrLimitIsReadAsPeopleSayIt(line: String, command: any HabitatCommand) throws {
        #expect(try parse(line) == command)
    }

    @Test func aTargetIsChangedOrTakenAwayWithEdit() throws {
        #expect(try parse("edit water target 10 glasses") == EditHabit("water", HabitEdit(amount: .set(DailyAmount(10, unit: "glasses")), amountSaidAs: "target")))
        #expect(try parse("edit water 10 glasses a day") == EditHabit("water", HabitEdit(amount: .set(DailyAmount(10, unit: "glasses")))))
        #expect(try parse("edit water no target") == EditHabit("water", HabitEdit(amount: .remove, amountSaidAs: "target")))
        #expect(try parse("edit coffee no limit") == EditHabit("coffee", HabitEdit(amount: .remove, amountSaidAs: "limit")))
    }

    @Test func anAmountAfterDidIsPartOfTheNameForTheEngineToRead() throws {
        #expect(try parse("did water 3") == Did(Recording(habit: "water 3")))
        #expect(try parse("did water x3") == Did(Recording(habit: "water", times: 3)))
    }
}
