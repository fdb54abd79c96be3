import Foundation
import HabitatCommands
import Testing

@testable import HabitatApp

/// `strength <habit>`: the habit's strength on the same weekday of each of the last 12 weeks, by the streaks' rule.
@Suite("strength over the weeks")
struct StrengthViewTests {
    @Test func aHabitDoneTodayForTheFirstTimeHasGrownFromNothing() async throws {
        try await ConversationTests.withApplication { application in
            let alice = try await TestConnection(application, connection: 1)
            for line in ["register alice correct-horse", "add habit Floss", "did floss"] { _ = try await alice.say(line) }
            let reply = try await alice.say("strength floss").joined()
            #expect(
                reply == """
                    ℹ️ Floss's strength, last 12 weeks: 0% → 5%
                      Fri 4 Sep  ░░░░░░░░░░ 0%
                      Fri 11 Sep ░░░░░░░░░░ 0%
                      Fri 18 Sep ░░░░░░░░░░ 0%
                      Fri 25 Sep ░░░░░░░░░░ 0%
                      Fri 2 Oct  ░░░░░░░░░░ 0%
                      Fri 9 Oct  ░░░░░░░░░░ 0%
                      Fri 16 Oct ░░░░░░░░░░ 0%
                      Fri 23 Oct ░░░░░░░░░░ 0%
                      Fri 30 Oct ░░░░░░░░░░ 0%
                      Fri 6 Nov  ░░░░░░░░░░ 0%
                      Fri 13 Nov ░░░░░░░░░░ 0%
                      Fri 20 Nov █░░░░░░░░░ 5%


                    """)
            #expect(try await alice.say("strength juggling").joined().hasPrefix("❓ No habit 'juggling'"))
            #expect(try await alice.say("strength").joined().hasPrefix("❌ Which habit? Usage: strength <habit>"))
        }
    }
}
