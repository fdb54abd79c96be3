@testable import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// Days of the week gone by, numbers in words, a name that ends at its comma, and things for a list, in a person's own
/// words and in the strict commands. Today is Friday 20 November 2026 (``EverydayReaderTests/vocabulary``).
@Suite("Days of the week, numbers in words, names and lists")
struct EverydayDaysAndListsTests {
    static func read(_ line: String) -> Understanding? { EverydayReaderTests.read(line) }

    @Test(arguments: [
        ("did yoga on wednesday", ["did Yoga on wednesday"]), ("I walked the dog on tuesday", [#"did "Dog walk" on tuesday"#]),
        ("meditated last friday", nil), ("journaled last friday", ["did Journal last friday"]),
        ("forgot to log wednesday: 5k run", ["did Running 5 on wednesday"]),
        ("I forgot to mention I drank 3 glasses of water on monday", ["did Water 3 on monday"]),
        ("guitar 30 yesterday, forgot to log it", ["did Guitar 30 yesterday"]),
        ("played guitar for thirty-five minutes", ["did Guitar 35"]), ("played guitar for forty five minutes", ["did Guitar 45"]),
        ("did seventeen pushups", ["did Push-ups 17"]),
    ] as [(String, [String]?)])
    func whatWasDoneOnADaySaidInWords(line: String, commands: [String]?) {
        #expect(Self.read(line) == commands.map { .commands($0) })
    }

    @Test func aWeekdayInALineThatSaysNothingWasDoneNamesNoDayAndTwoAreEachOne() {
        // `yoga on saturday` may be a plan; `yoga on mondays` is a schedule; two days said together are each a day done.
        #expect(Self.read("yoga on saturday") == nil)
        #expect(Self.read("did yoga on mondays") == nil)
        #expect(Self.read("did yoga on monday and tuesday") == .commands(["did Yoga on monday", "did Yoga on tuesday"]))
        // (Days apart, each with more to say, are no list of days.)
        #expect(Self.read("did yoga on monday and on tuesday I rested") == nil)
    }

    @Test func theStrictRecordingTakesAWeekdayGoneBy() throws {
        #expect(try parse("did exercise on wednesday") == Did(Recording(habit: "exercise", when: .weekday(2, aWeekBack: false))))
        #expect(try parse("did exercise last fri") == Did(Recording(habit: "exercise", when: .weekday(4, aWeekBack: true))))
        // A habit's name alone with a weekday is no command: it may be a plan, which the everyday reading weighs.
        #expect(parseError("exercise on saturday")?.code == .unknownCommand)
    }

    @Test func aNameEndsAtItsCommaAndWhatFollowsIsAskedAbout() {
        #expect(
            Self.read("add a bad habit for skipping physio, should hurt, 30 life")
                == .clarify("Is 'should hurt' part of the name? Say it as 'add bad habit skipping physio' and its options after it ('help add' shows them), or put the whole name in quotes."))
        #expect(Self.read("add habit stretching, 10 minutes a day") == .commands(["add habit stretching 10 minutes a day"]))
        #expect(
            parseError("add bad habit skipping physio, should hurt")?.message
                == #"Is 'should hurt' part of the name? Say the habit as 'add bad habit skipping physio' and its options after it ('help add' shows them). To keep it all in the name, put it in quotes: add bad habit "skipping physio, should hurt""#)
    }

    @Test func aThingForAListIsAToDoNeverAHabit() {
        #expect(Self.read("add cat food to the shopping list") == .commands(["room add todo cat food"]))
        #expect(Self.read("add milk to my list") == .commands(["add todo milk"]))
        #expect(Self.read("please add to my list: ring the gas board about the boiler") == .commands(["add todo ring the gas board about the boiler"]))
        #expect(
            parseError("add habit bin bags to the list")?.message
                == #"Is 'bin bags' a to-do rather than a habit? Add it with 'add todo bin bags', or to your room's list with 'room add todo bin bags'. To keep the words as a habit's name, put it in quotes: add habit "bin bags to the list""#)
        // A name that only holds the word is a name.
        #expect(parseError("add habit Check the list") == nil)
    }
}

/// A request said politely, or as what the person is about to do: the command it asks for.
@Suite("Polite requests")
struct PoliteRequestTests {
    @Test(arguments: [
        ("Could you pause my morning walk for five days?", "pause my morning walk for five days", false),
        ("I have a dreadful cold; could you please pause yoga", "pause yoga", false),
        ("Please could you kindly show my streaks, thank you.", "show my streaks", false),
        ("I would like to archive the French habit for the time being.", "archive the French habit for the time being", true),
        ("let me just type slr for straight leg raises", "type slr for straight leg raises", true),
        ("I'll take a health potion", "take a health potion", true),
    ])
    func theRequestWithoutTheWordsThatAsk(line: String, text: String, ahead: Bool) {
        #expect(PoliteRequest(line) == PoliteRequest(text: text, ahead: ahead))
    }

    @Test func aLineThatDoesNotAskIsNoPoliteRequest() {
        #expect(PoliteRequest("did yoga, please") == nil)
        #expect(PoliteRequest("could") == nil)
    }

    @Test(arguments: [
        ("archive the yoga habit for the time being", ["archive Yoga"]), ("type gtr for guitar", ["call Guitar gtr"]),
        ("write j for journal", ["call Journal j"]), ("read 40 pages a day rather than 30", nil),
        ("allow me 3 cups of coffee a day instead of 2", ["edit Coffee limit 3 cups"]),
    ] as [(String, [String]?)])
    func whatItAsksForIsRead(line: String, commands: [String]?) {
        #expect(EverydayReaderTests.read(line) == commands.map { .commands($0) })
    }

    @Test func aWishIsNoRecord() {
        #expect(EverydayReaderTests.read("I'd like to play guitar tonight") == nil || {
            if case .nothing = EverydayReaderTests.read("I'd like to play guitar tonight") { return true } else { return false }
        }())
    }
}

/// More of a newcomer's ways: several done and `all done`, `no <habit> for a week`, edits said `from now on`, a reward
/// deleted by its name, `todo:`, times in words, undo said as `disregard the last entry`.
@Suite("More everyday requests")
struct MoreEverydayRequestsTests {
    @Test(arguments: [
        ("guitar 30, journal, yoga, all done", ["did Guitar 30", "did Journal", "did Yoga"]),
        ("journal and yoga both done", ["did Journal", "did Yoga"]),
        ("hurt my wrist, no guitar for a week", ["pause Guitar 7 days"]),
        ("yoga every day from now on", ["edit Yoga every day"]), ("yoga only 2 times a week now", ["edit Yoga 2 times a week"]),
        ("delete the bubble tea reward", [#"delete reward "Bubble tea""#]),
        ("todo: renew my passport", ["add todo renew my passport"]),
        ("remind me to play guitar at half past eight in the evening", ["remind me to Guitar at 20:30"]),
        ("please disregard the last entry", ["undo"]),
    ])
    func read(line: String, commands: [String]) {
        #expect(EverydayReaderTests.read(line) == .commands(commands))
    }

    @Test func aTimeInWordsIsATime() {
        #expect(EverydayLine("half past eight").words.map(\.minute) == [510])
        #expect(EverydayLine("quarter to 7 in the evening").words.map(\.minute) == [1125, nil, nil, nil])
        #expect(EverydayLine("half to eight").words.map(\.minute) == [nil, nil, nil])
    }
}

/// What is never taken for a request now or for a day gone by.
@Suite("Plans and asides")
struct PlansAndAsidesTests {
    @Test func aPlanForLaterIsNoRequest() {
        #expect(PoliteRequest("I'll buy the potion tomorrow") == nil)
        #expect(PoliteRequest("I'd like to pause yoga next week") == nil)
        #expect(PoliteRequest("I'm going to pause yoga") == nil)
    }

    @Test func aWeekdayInAClauseThatSaysNothingDoneIsNoDayGoneBy() {
        #expect(EverydayReaderTests.read("ran 5k, yoga on saturday") == nil)
        #expect(EverydayReaderTests.read("put 20 minutes into guitar") != .commands(["edit Guitar target 20 min"]))
    }
}
