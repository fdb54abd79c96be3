import HabitatCommands
import HabitatEngine
import Testing

@Suite("Pausing and resuming, as typed")
struct PauseParserTests {
    @Test(arguments: [
        ("pause 7 days", Command.pause(nil, .days(7))), ("pause for 2 weeks", .pause(nil, .days(14))),
        ("pause a week", .pause(nil, .days(7))), ("pause 1 day", .pause(nil, .days(1))), ("pause today", .pause(nil, .days(1))),
        ("pause for three days", .pause(nil, .days(3))), ("Pause until 2026-12-24", .pause(nil, .through(Day(civilYear: 2026, month: 12, day: 24)))),
        ("pause till tomorrow", .pause(nil, .days(2))), ("pause floss 3 days", .pause("floss", .days(3))),
        ("pause read 20 pages for 3 days", .pause("read 20 pages", .days(3))),
        ("pause gym until 2027-01-04", .pause("gym", .through(Day(civilYear: 2027, month: 1, day: 4)))),
        ("pause floss for today", .pause("floss", .days(1))),
        ("resume", .resume(nil)), ("resume floss", .resume("floss")), ("unpause", .resume(nil)), ("unpause read 20 pages", .resume("read 20 pages")),
    ])
    func aPauseIsReadAsPeopleSayIt(line: String, command: Command) throws {
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
    static func draft(_ name: String, kind: HabitKind = .good, _ amount: DailyAmount, said: String? = nil) -> Command {
        var draft = HabitDraft(name: name, kind: kind, amount: amount)
        draft.amountKeyword = said
        return .addHabit(draft)
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
        (#"add habit "Water 8 glasses a day""#, .addHabit(HabitDraft(name: "Water 8 glasses a day"))),
    ])
    func aTargetOrLimitIsReadAsPeopleSayIt(line: String, command: Command) throws {
        #expect(try parse(line) == command)
    }

    @Test func aTargetIsChangedOrTakenAwayWithEdit() throws {
        #expect(try parse("edit water target 10 glasses") == .edit("water", HabitEdit(amount: .set(DailyAmount(10, unit: "glasses")), amountSaidAs: "target")))
        #expect(try parse("edit water 10 glasses a day") == .edit("water", HabitEdit(amount: .set(DailyAmount(10, unit: "glasses")))))
        #expect(try parse("edit water no target") == .edit("water", HabitEdit(amount: .remove, amountSaidAs: "target")))
        #expect(try parse("edit coffee no limit") == .edit("coffee", HabitEdit(amount: .remove, amountSaidAs: "limit")))
    }

    @Test func anAmountAfterDidIsPartOfTheNameForTheEngineToRead() throws {
        #expect(try parse("did water 3") == .record(Recording(habit: "water 3")))
        #expect(try parse("did water x3") == .record(Recording(habit: "water", times: 3)))
    }
}
