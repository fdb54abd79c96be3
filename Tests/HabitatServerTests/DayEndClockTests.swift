import Foundation
import TestSupport
import Testing

/// A real server, started at a chosen instant with `faketime`, ends a user's day on its own at midnight on their clock,
/// once: not again after a SIGKILL, and the days it was down for at its next start.
@Suite("Day ends on the server's own clock", .serialized, .enabled(if: ServerProcess.canFakeTime))
struct DayEndClockTests {
    /// The user lives in New York, whose clocks went forward on Sunday 8 March 2026: that day has 23 hours, and it
    /// ends at 04:00 UTC on the 9th.
    @Test func aDayEndsAtMidnightOnTheUsersClockOnceThroughAKillAndTheDaysDownAreEndedAtStart() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }

        // Saturday 7 March: the habit is added; it bites from Sunday. ny and bo share a room whose Dishes rotates; ny
        // does them on Saturday.
        let first = try await ServerProcess(data: data, startingAt: "2026-03-07 17:00:00")
        let setup = try await LineClient.registered("ny", port: first.port)
        try await setup.expectReply(to: "config timezone America/New_York", startsWith: "✅")
        try await setup.expectReply(to: "add habit Floss every day 5 life if missed", startsWith: "✅ Added habit Floss")
        let created = try await setup.expectReply(to: "room create Flat", startsWith: "🏠 Room Flat created")
        let code = try #require(created[0].firstMatch(of: /room join flat ([A-Z0-9-]+)/)?.1)
        let bo = try await LineClient.registered("bo", port: first.port)
        try await bo.expectReply(to: "config timezone America/New_York", startsWith: "✅")
        try await bo.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome to Flat!")
        #expect(try await setup.readReply() == ["🏠 bo joined Flat"])
        try await setup.expectReply(to: "room add habit Dishes every day rotate", startsWith: "🏠 Added Dishes to Flat")
        try await setup.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
        await setup.close()
        await bo.close()
        #expect(await first.terminate() == 0)

        // Sunday 8 March, 23:59:20 in New York: forty seconds later the day ends, Floss not done.
        // Sunday's turn at Dishes is bo's (ny did them Saturday); bo does them. On Monday, a new week, neither has
        // done any chore this week, and the turn is whoever did them longest ago: ny.
        let second = try await ServerProcess(data: data, startingAt: "2026-03-09 03:59:20")
        let alice = try await LineClient.connect(port: second.port)
        try await alice.expectReply(to: "login ny correct-horse", startsWith: "✅ Welcome back, ny!")
        #expect(try await alice.reply(to: "today").first == "ℹ️ Today, Sun 8 Mar — 0/1 done")
        #expect(try await alice.reply(to: "room today") == ["🏠 Flat — chores today, Sun 8 Mar", "  · Dishes — bo's turn"])
        let sunday = try await LineClient.connect(port: second.port)
        try await sunday.expectReply(to: "login bo correct-horse", startsWith: "✅ Welcome back, bo!")
        try await sunday.expectReply(to: "did dishes", startsWith: "✅ Dishes completed!")
        #expect(try await alice.readReply() == ["🏠 bo did Dishes (+10 XP)"])
        #expect(try await alice.readReply() == ["⚠️ Missed yesterday: Floss -5 life"])
        #expect(try await alice.reply(to: "room today") == ["🏠 Flat — chores today, Mon 9 Mar", "  · Dishes — ny's turn"])
        #expect(try await alice.reply(to: "status") == ["ℹ️ Level 1 · 10/100 XP · 995/1000 health · 5 coins"])
        // Killed the moment after: the bite is in, and is not applied again.
        await second.kill()

        // Monday 9 March, 00:10 in New York.
        let third = try await ServerProcess(data: data, startingAt: "2026-03-09 04:10:00")
        let again = try await LineClient.connect(port: third.port)
        try await again.expectReply(to: "login ny correct-horse", startsWith: "✅ Welcome back, ny! Level 1 · 10/100 XP · 995/1000 health")
        // Saturday's Dishes, and the one bite.
        #expect(try await again.reply(to: "history").prefix(3) == ["ℹ️ History, newest first (2)", "  2026-03-08  ! missed Floss (-5 life)", "  2026-03-07  + Dishes (+10 XP, +5 coins)"])
        await again.close()
        #expect(await third.terminate() == 0)

        // Down through Monday and Tuesday; started on Wednesday morning, it ends both at once, and the user hears of
        // them when they log in.
        let fourth = try await ServerProcess(data: data, startingAt: "2026-03-11 12:00:00")
        let later = try await LineClient.connect(port: fourth.port)
        try await later.send("login ny correct-horse")
        let login = try await later.readReply()
        #expect(login.first?.hasPrefix("✅ Welcome back, ny! Level 1 · 10/100 XP · 985/1000 health") == true)
        let away = try await later.readReply()
        #expect(away == ["ℹ️ While you were away (1):", "⚠️ Missed Mon 9 Mar: Floss -5 life", "⚠️ Missed yesterday: Floss -5 life"])
        #expect(try await later.reply(to: "history").prefix(3) == [
            "ℹ️ History, newest first (4)", "  2026-03-10  ! missed Floss (-5 life)", "  2026-03-09  ! missed Floss (-5 life)",
        ])
        await later.close()
        #expect(await fourth.terminate() == 0)
    }
}
