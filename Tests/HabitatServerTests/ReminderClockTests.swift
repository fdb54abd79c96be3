import Foundation
import TestSupport
import Testing

/// A real server, started at chosen instants with `faketime`, says reminders on its own at their minute on the user's
/// clock: to every connection of the user, in text and JSON; again after a snooze; once through a SIGKILL; told in
/// one line at the next login when no one was connected (and caught up at start-up the same day); dropped the day
/// after.
@Suite("Reminders on the server's own clock", .serialized, .enabled(if: ServerProcess.canFakeTime))
struct ReminderClockTests {
    /// A server under faketime started `lead` seconds before a minute, at the real instant `started`: once set up (which
    /// takes long on a loaded machine, so the lead is generous), waits until the minute is a few seconds away.
    static func waitForTheMinute(lead: TimeInterval, startedAt started: Date) async throws {
        let left = lead - Date().timeIntervalSince(started) - 5
        if left > 0 { try await Task.sleep(for: .seconds(left)) }
    }

    /// ann, in Berlin, makes the room Flat with a chore that rotates, Dishes, every day; bo joins it.
    static func flat(on port: Int) async throws -> (ann: LineClient, bo: LineClient) {
        let ann = try await LineClient.registered("ann", port: port)
        try await ann.expectReply(to: "config timezone Europe/Berlin", startsWith: "✅")
        let created = try await ann.expectReply(to: "room create Flat", startsWith: "🏠 Room Flat created")
        let code = try #require(created[0].firstMatch(of: /room join flat ([A-Z0-9-]+)/)?.1)
        let bo = try await LineClient.registered("bo", port: port)
        try await bo.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome to Flat!")
        #expect(try await ann.readReply() == ["🏠 bo joined Flat"])
        try await ann.expectReply(to: "room add habit Dishes every day rotate", startsWith: "🏠 Added Dishes to Flat")
        #expect(try await bo.readReply().first?.hasPrefix("🏠 ann added a shared habit: Dishes") == true)
        return (ann, bo)
    }

    /// Both users live in Berlin (UTC+1 in November): 21:00 there is 20:00 UTC.
    @Test func aReminderComesAtItsMinuteOnceAndOneMissedIsToldAtLogin() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await ServerLogs.shown { logs in

            // Thursday 26 November, 20:58:30 in Berlin.
            let first = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-26 19:58:30"))
            let started = Date()
            let bo = try await LineClient.registered("bo", port: first.port)
            try await bo.expectReply(to: "config timezone Europe/Berlin", startsWith: "✅")
            try await bo.expectReply(to: "add habit Stretch", startsWith: "✅")
            #expect(
                try await bo.reply(to: "remind me to stretch at 9pm") == [
                    "⏰ I'll remind you of Stretch at 21:00 on the days it's due, if it isn't done yet (from today)."
                ])
            await bo.close()

            let ann = try await LineClient.registered("ann", port: first.port)
            try await ann.expectReply(to: "config timezone Europe/Berlin", startsWith: "✅")
            try await ann.expectReply(to: "add habit Floss", startsWith: "✅")
            try await ann.expectReply(to: "add habit Read", startsWith: "✅")
            try await ann.expectReply(to: "remind me to floss at 21:00", startsWith: "⏰ I'll remind you of Floss at 21:00")
            try await ann.expectReply(to: "remind me to read at 21:00", startsWith: "⏰ I'll remind you of Read at 21:00")
            try await ann.expectReply(to: "did read", startsWith: "✅ Read completed!")
            let phone = try await LineClient.connect(port: first.port)
            try await phone.expectReply(to: "login ann correct-horse", startsWith: "✅")
            _ = try await phone.reply(to: "mode json")

            // 21:00 in Berlin: Floss, not done, on both connections; Read is done, so nothing of it.
            try await Self.waitForTheMinute(lead: 90, startedAt: started)
            #expect(try await ann.readReply() == ["⏰ Time to floss — not done yet today."])
            let event = try JSONReply(try #require(try await phone.readReply().first))
            #expect(event.object["event"] as? String == "reminder")
            #expect(event.object["habit"] as? String == "Floss")
            #expect(event.object["type"] as? String == "info")
            #expect(event.object["text"] as? String == "⏰ Time to floss — not done yet today.")

            // Snoozed a minute, it comes again (the reply is the next thing on the line: nothing else came meanwhile).
            let snoozed = try await ann.reply(to: "snooze 1 min")
            #expect(snoozed.count == 1 && snoozed[0].hasPrefix("⏰ Snoozed: Floss again at 21:01"))
            try await Task.sleep(for: .seconds(45))
            #expect(try await ann.readReply() == ["⏰ Time to floss — not done yet today."])
            #expect(try await phone.readReply().first?.contains(#""event":"reminder""#) == true)

            // bo was away at 21:00: one line when he logs in, then never again.
            let away = try await LineClient.connect(port: first.port)
            try await away.send("login bo correct-horse")
            #expect(try await away.readReply().first?.hasPrefix("✅ Welcome back, bo!") == true)
            #expect(try await away.readReply() == ["⏰ Missed today: Stretch at 21:00 — not done yet."])
            try await away.expectReply(to: "logout", startsWith: "👋")
            try await away.expectReply(to: "login bo correct-horse", startsWith: "✅ Welcome back, bo!")
            #expect(try await away.reply(to: "reminders") == ["ℹ️ Reminders (1)", "  1. 21:00 Stretch, if not done"])
            await away.close()

            // Killed a moment after the reminder was said: restarted the same evening, it is not said again.
            try await Task.sleep(for: .seconds(1))
            await first.kill()
            let second = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-26 20:03:00"))
            let again = try await LineClient.connect(port: second.port)
            try await again.expectReply(to: "login ann correct-horse", startsWith: "✅ Welcome back, ann!")
            try await Task.sleep(for: .seconds(3))
            #expect(try await again.reply(to: "reminders") == ["ℹ️ Reminders (2)", "  1. 21:00 Floss, if not done", "  2. 21:00 Read, if not done"])
            await again.close()
            #expect(await second.terminate() == 0)

            // Down through Friday evening, started Saturday morning: Friday's 21:00 reminders are dropped, not told.
            let third = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-28 08:00:00"))
            let morning = try await LineClient.connect(port: third.port)
            try await morning.expectReply(to: "login bo correct-horse", startsWith: "✅ Welcome back, bo!")
            #expect(try await morning.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
            await morning.close()
            #expect(await third.terminate() == 0)

            // Started at 21:30 on Saturday, half an hour late: the 21:00 reminder still holds, is fired at start-up, and
            // bo, not connected, hears of it when he logs in.
            let fourth = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-28 20:30:00"))
            try await Task.sleep(for: .seconds(3))
            let late = try await LineClient.connect(port: fourth.port)
            try await late.send("login bo correct-horse")
            #expect(try await late.readReply().first?.hasPrefix("✅ Welcome back, bo!") == true)
            #expect(try await late.readReply() == ["⏰ Missed today: Stretch at 21:00 — not done yet."])
            await late.close()
            #expect(await fourth.terminate() == 0)
        }
    }

    /// The room's owner sets its posts on their clock (Berlin); at 21:00 every member hears the chores due and whose
    /// turn, and on Thursdays the week's report; once, through a SIGKILL.
    @Test func aRoomHearsItsChoresAndItsWeekAtTheirTimeOnce() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await ServerLogs.shown { logs in

            // Thursday 26 November, 20:58:30 in Berlin.
            let first = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-26 19:58:30"))
            let started = Date()
            let (ann, bo) = try await Self.flat(on: first.port)
            try await ann.expectReply(to: "room add habit Bins on mon thu", startsWith: "🏠 Added Bins to Flat")
            #expect(try await bo.readReply().first?.hasPrefix("🏠 ann added a shared habit: Bins") == true)
            #expect(try await bo.reply(to: "room remind at 8:00") == ["❌ Only the owner of Flat can set when the room hears from me."])
            #expect(try await ann.reply(to: "room remind at 21:00") == ["🏠 Each day at 21:00 (Europe/Berlin), Flat hears the chores due and whose turn each is."])
            #expect(try await ann.reply(to: "room report on thursday at 9pm") == ["🏠 Thursdays at 21:00 (Europe/Berlin), Flat hears the week's report."])
            try await bo.expectReply(to: "did bins", startsWith: "✅ Bins completed!")
            #expect(try await ann.readReply() == ["🏠 bo did Bins (+10 XP)"])

            // 21:00 in Berlin: both hear the chores, then the week.
            try await Self.waitForTheMinute(lead: 90, startedAt: started)
            let chores = ["🏠 Flat — chores today, Thu 26 Nov", "  · Dishes — ann's turn", "  ✓ Bins — done by bo"]
            let week = [
                "🏠 Flat — the week of Mon 23 Nov", "  Leaderboard: 1. bo 10 XP, 2. ann 0 XP", "  Fair shares: bo 100% (1 chore), ann 0% (0 chores)",
                "  Longest streaks: Bins 1 day", "  Every chore was done each day it was due.",
            ]
            for member in [ann, bo] {
                #expect(try await member.readReply() == chores)
                #expect(try await member.readReply() == week)
            }
            #expect(
                try await bo.reply(to: "room reminders") == [
                    "🏠 Flat — reminders", "  Each day at 21:00: the chores due and whose turn each is (Europe/Berlin)",
                    "  Thursdays at 21:00: the week's report (Europe/Berlin)",
                ])

            // Killed after posting: restarted the same evening, nothing is posted again.
            try await Task.sleep(for: .seconds(1))
            await first.kill()
            let second = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-26 20:02:00"))
            let again = try await LineClient.connect(port: second.port)
            try await again.expectReply(to: "login ann correct-horse", startsWith: "✅ Welcome back, ann!")
            try await Task.sleep(for: .seconds(3))
            #expect(try await again.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
            await again.close()
            #expect(await second.terminate() == 0)
        }
    }

    /// A server that dies between writing a room's post down and sending it: restarted the same evening, it does not
    /// post it again, and each member hears it once, at their next login.
    @Test func aRoomPostCutShortByACrashIsHeardAtTheNextLogin() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await ServerLogs.shown { logs in
            // Thursday 26 November, 21:59:15 in Berlin.
            let first = logs.keep(try await ServerProcess(data: data, crashingAt: "room-post-written", startingAt: "2026-11-26 20:59:15"))
            let started = Date()
            let (ann, bo) = try await Self.flat(on: first.port)
            try await ann.expectReply(to: "room remind at 22:00", startsWith: "🏠 Each day at 22:00")

            // 22:00: the post is written down, and the server dies before anyone hears it.
            try await Self.waitForTheMinute(lead: 45, startedAt: started)
            #expect(try await ann.readLine() == nil)
            #expect(try await bo.readLine() == nil)
            #expect(await first.waitForExit() != 0)

            // Restarted at 22:01: each member hears it at login, once; it is not posted again.
            let second = logs.keep(try await ServerProcess(data: data, startingAt: "2026-11-26 21:01:00"))
            let chores = ["🏠 Flat — chores today, Thu 26 Nov", "  · Dishes — ann's turn"]
            for name in ["ann", "bo"] {
                let member = try await LineClient.connect(port: second.port)
                try await member.send("login \(name) correct-horse")
                #expect(try await member.readReply().first?.hasPrefix("✅ Welcome back, \(name)!") == true)
                #expect(try await member.readReply() == ["ℹ️ While you were away (1):"] + chores)
                #expect(try await member.reply(to: "logout").first?.hasPrefix("👋") == true)
                try await member.expectReply(to: "login \(name) correct-horse", startsWith: "✅ Welcome back, \(name)!")
                #expect(try await member.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
                await member.close()
            }
            #expect(await second.terminate() == 0)
        }
    }
}
