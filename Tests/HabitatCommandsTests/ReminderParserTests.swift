import HabitatCommands
import HabitatEngine
import Testing

/// The words of reminders: when, of what, stopping them, and a snooze.
@Suite struct ReminderParserTests {
    static func parse(_ line: String) throws -> Command? { try CommandTable.parse(line) }

    static let lines: [(String, Command)] = [
        ("remind me to floss at 21:00", Command.remind(habit: "floss", minute: 21 * 60)),
        ("remind me to floss at 9pm", .remind(habit: "floss", minute: 21 * 60)),
        ("remind me to floss at 9 pm", .remind(habit: "floss", minute: 21 * 60)),
        ("remind me to go running at 6:45am every day", .remind(habit: "go running", minute: 6 * 60 + 45)),
        ("please remind me to floss at 21:00", .remind(habit: "floss", minute: 21 * 60)),
        ("remind me floss at 21:30", .remind(habit: "floss", minute: 21 * 60 + 30)),
        ("remind me at 8:00", .remind(habit: nil, minute: 8 * 60)),
        ("remind me at 8", .remind(habit: nil, minute: 8 * 60)),
        ("remind me at 12am", .remind(habit: nil, minute: 0)),
        ("reminders", .reminders), ("show my reminders", .reminders),
        ("stop reminding floss", .stopReminding("floss")), ("stop reminding me to floss", .stopReminding("floss")),
        ("stop reminding 2", .stopReminding("2")), ("no more reminders", .stopReminding(nil)),
        ("snooze", .snooze(minutes: nil)), ("later", .snooze(minutes: nil)), ("remind me later", .snooze(minutes: nil)),
        ("snooze 10 min", .snooze(minutes: 10)), ("snooze for an hour", .snooze(minutes: 60)), ("snooze 45", .snooze(minutes: 45)),
    ]

    @Test(arguments: lines)
    func understood(_ line: String, _ command: Command) throws {
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
}
