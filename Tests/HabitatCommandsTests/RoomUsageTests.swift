import HabitatCommands
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatApp

@Suite("Room commands show their own usage")
struct RoomUsageTests {
    @Test(arguments: ["room did", "room did yesterday", "room done x3"])
    func roomDidWithoutAHabit(line: String) {
        let error = parseError(line)
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "Which habit? Usage: room did <habit> [x3] [yesterday | N days ago | on YYYY-MM-DD] [at 6:45am] [: note]")
    }

    @Test func roomAddBadHabit() {
        #expect(
            parseError("room add bad habit Takeout 5 xp")?.message
                == "Bad habits cost life; they don't earn XP or coins. Usage: room add bad habit <name> [N life]")
        #expect(parseError("room add bad habit")?.message == "Give the habit a name. Usage: room add bad habit <name> [N life]")
        #expect(
            parseError("room add bad habit Takeout 5 life banana")?.message
                == "I didn't understand 'banana'. Usage: room add bad habit <name> [N life]")
    }

    @Test func roomAddHabit() {
        #expect(
            parseError("room add habit Dishes 5 life")?.message == "Good habits don't cost life. For one that does: room add bad habit Dishes 5 life")
        #expect(parseError("room add habit")?.message == "Give the habit a name. Usage: room add habit <name> [N xp] [N coins] [in <area>] [every day | on mon thu | 3 times a week] [rotate]")
        #expect(
            parseError("room add habit Dishes track time")?.message
                == "Shared habits don't track time. Usage: room add habit <name> [N xp] [N coins] [in <area>] [every day | on mon thu | 3 times a week] [rotate]")
    }

    @Test func thePersonalCommandsKeepTheirs() {
        #expect(parseError("did")?.message == "Which habit? Usage: did <habit> [x3] [yesterday | N days ago | on YYYY-MM-DD] [at 6:45am] [: note]")
        #expect(parseError("add bad habit Smoking 5 xp")?.message == "Bad habits cost life; they don't earn XP or coins. Usage: add bad habit <name> [N life] [in <area>] [limit N <unit>]")
        #expect(parseError("add habit Exercise 5 life")?.message == "Good habits don't cost life. For one that does: add bad habit Exercise 5 life")
    }
}
