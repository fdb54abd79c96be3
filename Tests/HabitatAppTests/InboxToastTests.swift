import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// What a user's inbox keeps while they are away, and reads back at their next login.
@Suite struct InboxToastTests {
    @Test func anInboxRowWrittenByAnEarlierVersionReadsBack() {
        let row = #"[{"symbol":"room","message":"ann did Dishes (+10 XP)","details":[]},{"symbol":"gameOver","message":"Over","details":["a"]}]"#
        #expect(InboxToast.toasts(of: row) == [Toast(.room, "ann did Dishes (+10 XP)"), Toast(.gameOver, "Over", details: ["a"])])
    }

    @Test func whatIsKeptReadsBackAsItWas() {
        let toasts = [Toast(.timer, "10 min of Meditate done! +10 XP, +5 coins"), Toast(.celebration, "Level 2!", details: ["x"])]
        #expect(InboxToast.toasts(of: InboxToast.text(of: toasts)) == toasts)
    }

    @Test func aMarkerNoLongerKnownIsShownAsInformationAndARowThatIsNotJSONAsNothing() {
        #expect(InboxToast.toasts(of: #"[{"symbol":"sparkles","message":"m","details":[]}]"#) == [Toast(.info, "m")])
        #expect(InboxToast.toasts(of: "not json").isEmpty)
    }
}
