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
