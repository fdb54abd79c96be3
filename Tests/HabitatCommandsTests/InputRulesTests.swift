import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("Numbers are never negative")
struct NegativeNumberTests {
    @Test(arguments: [
        ("add habit Y -5 xp", "'-5 xp'"), ("add habit Y -5xp", "'-5xp'"), ("add habit Y 10 xp -3 coins", "'-3 coins'"),
        ("edit z -7 xp", "'-7 xp'"), ("room add habit Dishes -10 xp", "'-10 xp'"),
    ])
    func aNegativeAmountIsRefused(line: String, quoted: String) {
        let error = parseError(line)
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "XP, coins and life can't be negative (\(quoted)): use 0–10000.")
    }

    @Test(arguments: ["add reward Movie night -100 coins", "add reward Movie night -100", "add reward Movie night -100coins"])
    func aNegativePriceIsRefused(line: String) {
        let error = parseError(line)
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "A price can't be negative: a reward costs 1–1000000 coins.")
    }

    /// Life is only ever lost, and `habits` shows it as `-25 life`: typed so, it is that loss.
    @Test func aLifeLostMayBeTypedWithItsMinus() throws {
        #expect(try parse("add bad habit Smoking -25 life") == AddHabit(HabitDraft(name: "Smoking", kind: .bad, life: 25)))
        #expect(try parse("add a bad habit for doordash, -20 life") == AddHabit(HabitDraft(name: "doordash", kind: .bad, life: 20)))
    }

    @Test func aPlusSignIsStillFine() throws {
        #expect(try parse("add habit Y +5 xp") == AddHabit(HabitDraft(name: "Y", xp: 5)))
    }
}

@Suite("Notes, quotes and control characters")
struct NoteAndQuoteTests {
    @Test func aNoteKeepsItsQuotes() throws {
        #expect(try parse(#"did y: he said "hi" and 'bye'"#) == record("y", note: #"he said "hi" and 'bye'"#))
        #expect(try parseOwnWords(#"reading done yesterday: "quoted" note"#) == record("reading", when: .daysAgo(1), note: #""quoted" note"#))
        #expect(try parse(#"room did dishes: with 'soap'"#) == RoomDid(Recording(habit: "dishes", note: "with 'soap'")))
    }

    @Test func aNoteKeepsItsSpacingButNotTheSpacesAroundIt() throws {
        #expect(try parse("did y:   two  spaces   ") == record("y", note: "two  spaces"))
        #expect(try parse("did wake up at 6:45: early, 6:30 tomorrow") == record("wake up", note: "early, 6:30 tomorrow", at: 405))
        #expect(try parse("did café: crème brûlée \"fine\"") == record("café", note: "crème brûlée \"fine\""))
    }

    @Test func tabsInANoteBecomeSpaces() throws {
        #expect(try parse("did y: a\tb") == record("y", note: "a b"))
    }

    @Test(arguments: ["did read: note\u{1B}[2Jx\u{07}", "did read: a\nb", "did read: \u{00}", "did read: good\u{202E}dab", "did read: a\u{2067}b"])
    func aNoteWithControlCharactersIsRefused(line: String) {
        let error = parseError(line)
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == "A note can't contain control characters (like escape sequences or line breaks).")
    }

    @Test func anEscapedQuoteInsideQuotesIsPartOfTheName() throws {
        #expect(try parse(#"add habit "Quote\"d""#) == AddHabit(HabitDraft(name: #"Quote"d"#)))
        #expect(try parse(#"add habit 'It\'s' 5 xp"#) == AddHabit(HabitDraft(name: "It's", xp: 5)))
        #expect(try parse(#"add habit "back\\slash""#) == AddHabit(HabitDraft(name: #"back\slash"#)))
        #expect(try parse(#"add habit "a\b""#) == AddHabit(HabitDraft(name: #"a\b"#)))
        #expect(try parse("add habit \"Café \\\"x\\\"\"") == AddHabit(HabitDraft(name: "Café \"x\"")))
    }

    @Test func controlCharactersInEchoedInputAreShownEscaped() {
        #expect(parseError("\u{1B}[2J")?.message == #"I don't know '\u{1B}[2J'. Type 'help' to see what I understand."#)
        #expect(parseError("a\u{00}b\u{07}")?.message == #"I don't know 'a\u{0}b\u{7}'. Type 'help' to see what I understand."#)
        #expect("plain".echoed == "plain")
        #expect("a\u{202E}b\u{2069}".echoed == #"a\u{202E}b\u{2069}"#)
        #expect("שלום\u{200F}".echoed == "שלום\u{200F}")
    }

    /// A word that is no option, a date that can't be read and the name a bad habit's suggestion repeats are
    /// quoted back escaped too: `DEL`, an escape sequence or a direction override never reaches a terminal raw.
    @Test(arguments: [
        ("edit walk track -0\u{7F}tracking", #"I didn't understand '-0\u{7F}tracking'. Usage: edit <habit> [N xp] [N coins] [N life] [in <area> | in none] [track time | no track time] [target N <unit> | no target] [limit N <unit> | no limit] [N life if missed] [schedule]"#),
        ("did walk on 2\u{1B}[2J", #"I couldn't read the date '2\u{1B}[2J'. Use YYYY-MM-DD, e.g. on 2026-11-19."#),
        ("add habit \"a\u{202E}b\" 5 life", #"Good habits don't cost life. For one that does: add bad habit a\u{202E}b 5 life"#),
    ])
    func controlCharactersInAnOptionOrNameAreShownEscaped(line: String, message: String) {
        #expect(parseError(line)?.message == message)
    }

    @Test func aRightToLeftNoteIsKept() throws {
        #expect(try parse("did read: שלום\u{200F} עולם") == record("read", note: "שלום\u{200F} עולם"))
    }
}

@Suite("Options that can't be read")
struct UnreadOptionTests {
    @Test(arguments: [("did wake up at 7", 7 * 60), ("did wake up at 7am", 7 * 60), ("did wake up at 19", 19 * 60), ("did wake up at 0", 0)])
    func aBareHourIsOnTheHour(line: String, minutes: Int) throws {
        #expect(try parse(line) == record("wake up", at: minutes))
    }

    @Test(arguments: [
        ("exercise tomorrow", "You can't record a day that hasn't happened yet."),
        ("exercise in 2 days", "You can't record a day that hasn't happened yet."),
        ("wake up at 25:00", "25:00 isn't a time: try 'at 6:45' or 'at 6:45pm'."),
        ("wake up at 6.45", "6.45 isn't a time: try 'at 6:45' or 'at 6:45pm'."),
        ("wake up at 13:00 pm", "13:00 pm isn't a time: try 'at 6:45' or 'at 6:45pm'."),
        ("exercise on next friday", "I couldn't read the day 'on next friday'. Say 'yesterday', '2 days ago' or a date, e.g. on 2026-11-19."),
        ("exercise last March", "I couldn't read the day 'last March'. Say 'yesterday', '2 days ago' or a date, e.g. on 2026-11-19."),
        ("exercise on Nov. 20", "I couldn't read the day 'on Nov. 20'. Say 'yesterday', '2 days ago' or a date, e.g. on 2026-11-19."),
    ])
    func anUnreadableOptionExplainsAnUnknownName(name: String, message: String) throws {
        guard let recording = (try parse("did " + name) as? Did)?.recording else {
            Issue.record("'did \(name)' is not a recording")
            return
        }
        #expect(recording.habit == name)
        #expect(recording.unreadOption?.code == .invalidArgument)
        #expect(recording.unreadOption?.message == message)
    }

    @Test(arguments: ["meet at home", "plan", "wake up at", "read in bed", "put on sunscreen", "on friday", "sit on the sofa"])
    func aNameThatIsJustANameHasNoUnreadOption(name: String) {
        #expect(Recording(habit: name).unreadOption == nil)
    }
}

@Suite("Commands before login, and room subcommands")
struct AccessRuleTests {
    @Test(arguments: ["did", "add habit", "buy", "status extra", "undo now", "logout now", "config curve bogus", "room bogus", "yes"])
    func aCommandThatNeedsLoginIsKnownAsSuchHoweverItIsTyped(line: String) {
        #expect(Commands.table.needsLogin(line))
    }

    @Test(arguments: ["help", "help me please", "register", "login a", "mode", "plain maybe", "quit now", "bridge", "frobnicate"])
    func aCommandThatWorksBeforeLoginOrNoCommandAtAllDoesNot(line: String) {
        #expect(!Commands.table.needsLogin(line))
    }

    @Test func theSpecsThatWorkBeforeLoginAreTheCommandsThatDo() throws {
        for spec in Commands.all {
            for example in spec.examples {
                #expect(try parse(example).map { type(of: $0).beforeLogin } == spec.beforeLogin, "\(example)")
            }
        }
    }

    @Test func anUnknownRoomSubcommandListsTheRoomCommands() {
        let error = parseError("room bogus")
        #expect(error?.code == .unknownCommand)
        #expect(
            error?.message
                == "I don't know 'room bogus'. The room commands are 'room create', 'room invite', 'room join', 'room leave', 'room kick', 'room use', 'room add habit', 'room add bad habit', 'room delete habit', 'room did', 'room status', 'room log', 'room today', 'room report', 'room remind', 'room reminders', 'room no more reminders', 'room fairness', 'room add todo', 'room list', 'room got', 'room delete todo'. Type 'help room' to see them."
        )
    }

    @Test func aMistypedRoomSubcommandGetsTheNearest() throws {
        #expect(parseError("room joim smiths K7P")?.message == "I don't know 'room joim'. Did you mean 'room join'? Type 'help room' to see them.")
        #expect(try parse("room") == RoomStatus())
    }
}

@Suite("JSON requests")
struct JSONRequestTests {
    @Test(arguments: [
        "123456789012345678901234567890", "18446744073709551615", "1.0", "1e3", "-0", "1E+2", "-1.5e-7", #""x""#,
        #""\u00e9\n""#, "null", "true", "[1,{\"a\":[]}]",
    ])
    func theIdIsItsTextAsSent(id: String) {
        let request = JSONRequest(#"{"id":"# + id + #","text":"status"}"#, strings: ["text"])
        #expect(request.wellFormed)
        #expect(request.id == .verbatim(id))
        #expect(request.strings == ["status"])
        #expect(Reply(.info, "x").json(id: request.id, plain: false).hasPrefix(#"{"id":"# + id + #","ok":true"#))
    }

    @Test func whiteSpaceBetweenAnIdsTokensIsLeftOut() {
        let request = JSONRequest(#"{ "id" : [ 1 , { "a b" : " c " } ] , "text" : "status" }"#, strings: ["text"])
        #expect(request.id == .verbatim(#"[1,{"a b":" c "}]"#))
    }

    @Test func valuesAreSkippedAtAnyDepth() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let request = JSONRequest(#"{"id":1,"extra":"# + deep + #","text":"status"}"#, strings: ["text"])
        #expect(request.wellFormed)
        #expect(request.id == .verbatim("1"))
        #expect(request.strings == ["status"])
        let nestedID = String(repeating: #"{"a":"#, count: 32) + "1" + String(repeating: "}", count: 32)
        let second = JSONRequest(#"{"id":"# + nestedID + #","text":"status"}"#, strings: ["text"])
        #expect(second.wellFormed)
        #expect(second.id == .verbatim(nestedID))
    }

    @Test(arguments: [
        #"{"id":1,"text":"status""#, #"{"id":1,"text":"status"} x"#, #"{"id":1,"x":[1,}"#, #"{"id":1,"x":01}"#,
        #"{"id":1,"x":"\q"}"#, #"{"id":1,"x":tru}"#, #"{"id":1,"x":{"a" 1}}"#, #"{"id":1,"x":[1 2]}"#,
    ])
    func aBrokenRequestKeepsTheIdReadBeforeTheFault(line: String) {
        let request = JSONRequest(line, strings: ["text"])
        #expect(!request.wellFormed)
        #expect(request.id == .verbatim("1"))
    }

    @Test(arguments: [#"{"id":01,"text":"help"}"#, #"{"id":1 2,"text":"help"}"#, #"{"id":"a""b","text":"help"}"#])
    func anIdThatIsNotOneJSONValueIsNotEchoedInPart(line: String) {
        let request = JSONRequest(line, strings: ["text"])
        #expect(!request.wellFormed)
        #expect(request.id == nil)
    }

    @Test func theFirstOfARepeatedKeyCounts() {
        let request = JSONRequest(#"{"text":"status","id":1,"id":2,"text":"habits"}"#, strings: ["text"])
        #expect(request.wellFormed)
        #expect(request.id == .verbatim("1"))
        #expect(request.strings == ["status"])
    }

    @Test func aTextThatIsNoStringIsMissing() {
        let request = JSONRequest(#"{"text":5,"id":"a"}"#, strings: ["text"])
        #expect(request.wellFormed)
        #expect(request.strings == [nil])
        #expect(request.id == .verbatim(#""a""#))
    }
}

/// A new name is only its words: an article typed before it is no part of it.
@Suite("A new name is only a name")
struct NewNameWordsTests {
    @Test func anArticleBeforeANameIsNoPartOfIt() throws {
        #expect(try parse("add reward: a new notebook for 50 coins") == AddReward(name: "new notebook", price: 50))
        #expect(try parse("add habit: a letter to my sister once a week")
            == AddHabit(HabitDraft(name: "letter to my sister", schedule: .quota(1, .week))))
    }
}
