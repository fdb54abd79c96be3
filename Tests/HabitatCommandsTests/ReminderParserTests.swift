import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// The words of reminders: when, of what, stopping them, and a snooze.
@Suite struct ReminderParserTests {
    static func parse(_ line: String) throws -> (any HabitatCommand)? { try Commands.parse(line) }

    static let lines: [(String, any HabitatCommand)] = [
        ("remind me to floss at 21:00", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me to floss at 9pm", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me to floss at 9 pm", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me to go running at 6:45am every day", Remind(habit: "go running", minute: 6 * 60 + 45)),
        ("please remind me to floss at 21:00", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me floss at 21:30", Remind(habit: "floss", minute: 21 * 60 + 30)),
        ("remind me at 8:00", Remind(habit: nil, minute: 8 * 60)),
        ("remind me at 8", Remind(habit: nil, minute: 8 * 60)),
        // The half of the day said in words.
        ("remind me to floss at 7 in the morning", Remind(habit: "floss", minute: 7 * 60)),
        ("remind me to floss at 9 in the evening", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me to floss at 10 at night", Remind(habit: "floss", minute: 22 * 60)),
        ("remind me to floss at 21:00 in the evening", Remind(habit: "floss", minute: 21 * 60)),
        ("remind me at 12am", Remind(habit: nil, minute: 0)),
        ("reminders", ListReminders()), ("show my reminders", ListReminders()),
        ("stop reminding floss", StopReminding("floss")), ("stop reminding me to floss", StopReminding("floss")),
        ("stop reminding 2", StopReminding("2")), ("no more reminders", StopReminding(nil)),
        ("snooze", Snooze(minutes: nil)), ("later", Snooze(minutes: nil)), ("remind me later", Snooze(minutes: nil)),
        ("snooze 10 min", Snooze(minutes: 10)), ("snooze for an hour", Snooze(minutes: 60)), ("snooze 45", Snooze(minutes: 45)),
    ]

    @Test(arguments: lines)
    func understood(_ line: String, _ command: any HabitatCommand) throws {
        #expect(try Self.parse(line) == command)
    }

    @Test(arguments: [
        ("remind me to floss", "At what time? Say 'remind me to floss at 21:00'."),
        ("remind me to floss at 25:00", "25:00 isn't a time: try 'at 21:00' or 'at 9pm'."),
        ("remind me", "At what time? Say 'remind me to floss at 21:00', or 'remind me at 8:00' for the day's digest."),
        ("snooze 13 hours", "A snooze is from 1 minute to 12 hours."),
    ])
    func refusedKindly(_ line: String, _ message: String) {
        #expect(throws: HabitatError.self) { try Self.parse(line) }
        do {
            _ = try Self.parse(line)
        } catch let error as HabitatError {
            #expect(error.message == message)
            #expect(error.code == .invalidArgument)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theRoomsReportTakesTheHalfOfTheDaySaidInWords() throws {
        func report(_ line: String) throws -> PostSaid? { try ReminderParser.roomReport(line.split(separator: " ").map { Token(String($0)) }) }
        #expect(try report("on sunday at 8 in the evening") == .at(weekday: 6, minute: 20 * 60))
        #expect(try report("on sunday at 8 in the morning") == .at(weekday: 6, minute: 8 * 60))
        #expect(try report("sundays at 7pm") == .at(weekday: 6, minute: 19 * 60))
    }
}

