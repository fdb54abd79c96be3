import HabitatCommands
import Testing

/// The dim hint a terminal shows after what is typed: the rest of the one command form it begins.
@Suite("Usage hints")
struct UsageHintTests {
    let usages = [
        "did <habit> [x3] [yesterday | N days ago]", "add habit <name> [every <days>]", "add reward <name> <price>", "status",
        "room create <name>", "room join <room> <code>",
    ]

    @Test func theRestOfTheFormFollowsTheCommandsWords() {
        #expect(UsageHint.remaining(typed: "did", usages: usages) == " <habit> [x3] [yesterday | N days ago]")
        #expect(UsageHint.remaining(typed: "did ", usages: usages) == "<habit> [x3] [yesterday | N days ago]")
        #expect(UsageHint.remaining(typed: "DID floss", usages: usages) == " [x3] [yesterday | N days ago]")
        #expect(UsageHint.remaining(typed: "did floss x2 ", usages: usages) == "[yesterday | N days ago]")
        #expect(UsageHint.remaining(typed: "add reward ", usages: usages) == "<name> <price>")
        #expect(UsageHint.remaining(typed: "room join home", usages: usages) == " <code>")
    }

    @Test func nothingWhenNoFormOrSeveralFitOrAllIsTyped() {
        #expect(UsageHint.remaining(typed: "", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "di", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "add ", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "status", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "add reward Cake 30", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "add reward Cake 30 ", usages: usages) == nil)
        #expect(UsageHint.remaining(typed: "juggle ", usages: usages) == nil)
    }

    @Test func bracketsStayWholeWithTheirSpaces() {
        #expect(UsageHint.parts(of: "did <habit name> [yesterday | on YYYY-MM-DD] [: note]") == ["did", "<habit name>", "[yesterday | on YYYY-MM-DD]", "[: note]"])
    }
}
