import HabitatCommands
import HabitatEngine
import Testing

@Suite("a long reply cut for a chat channel")
struct ReplyLinesTests {
    let reply = Reply(
        toasts: [
            Toast(.info, "🏠 Smiths", details: ["alice", "bob", "cy"]),
            Toast(.info, "Today", details: (1...8).map { "· Chore \($0)" }),
        ], data: ["room": "Smiths"])

    @Test func aReplyOfMoreLinesKeepsNineAndSaysHowToSeeTheRest() {
        #expect(reply.lineCount == 13)
        let cut = reply.cut(toLines: 10, more: "room status more")
        #expect(cut.lineCount == 10)
        #expect(
            cut.text(plain: false) == """
                ℹ️ 🏠 Smiths
                  alice
                  bob
                  cy
                ℹ️ Today
                  · Chore 1
                  · Chore 2
                  · Chore 3
                  · Chore 4
                ℹ️ … 4 more lines: say 'room status more'


                """)
        #expect(cut.data == reply.data)
    }

    @Test func theRestIsWhatTheCutLeftOut() {
        let rest = reply.rest(after: 9, title: "The rest of 'room status'")
        #expect(rest.toasts == [Toast(.info, "The rest of 'room status'", details: ["· Chore 5", "· Chore 6", "· Chore 7", "· Chore 8"])])
        #expect(
            Reply(.info, "Short").rest(after: 9, title: "The rest of 'room today'").toasts
                == [Toast(.info, "The rest of 'room today': nothing more, it all fits above.")])
    }

    @Test func aReplyThatFitsIsLeftWhole() {
        let ten = Reply(.info, "Today", details: (1...9).map { "· \($0)" })
        #expect(ten.cut(toLines: 10, more: "room today more") == ten)
    }
}
