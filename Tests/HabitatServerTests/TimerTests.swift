import Foundation
import HabitatStorage
import TestSupport
import Testing

@Suite("Timers and offline delivery")
struct TimerTests {
    @Test func aTimerRecordsTheHabitAndTellsEveryConnectionOfItsUser() async throws {
        try await TestServer.with { server in
            let phone = try await server.user("olga")
            let laptop = try await server.connect()
            try await laptop.expectReply(to: "login olga correct-horse", startsWith: "✅ Welcome back")
            try await phone.expectReply(to: "add habit Meditation", startsWith: "✅")
            #expect(try await phone.reply(to: "start timer meditation 10 min") == [
                "⏰ Timer started: 10 min of Meditation, done at 12:10. I'll record it then."
            ])
            #expect(try await phone.reply(to: "timers") == ["ℹ️ Timers (1)", "  1. Meditation: 10 min, 10 min left (done at 12:10)"])
            server.clock.advance(by: 600)
            #expect(try await phone.readReply() == ["⏰ 10 min of Meditation done! +10 XP, +5 coins"])
            #expect(try await laptop.readReply() == ["⏰ 10 min of Meditation done! +10 XP, +5 coins"])
            try await laptop.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
            #expect(try await laptop.reply(to: "timers") == ["ℹ️ No timers running. Start one: 'start timer meditation 10 min'."])
        }
    }

    @Test func inJSONModeATimerIsAnEventWithoutOk() async throws {
        try await TestServer.with { server in
            let client = try await server.user("pia")
            try await client.expectReply(to: "add habit Read", startsWith: "✅")
            _ = try await client.reply(to: "mode json")
            #expect(try await client.json("start timer read 1 min").ok == true)
            server.clock.advance(by: 60)
            let event = try JSONReply(try await client.readReply()[0])
            #expect(event.object["event"] as? String == "timer")
            #expect(event.object["ok"] == nil)
            #expect(event.text == "⏰ 1 min of Read done! +10 XP, +5 coins")
        }
    }

    @Test func aTimerThatEndsWhileTheUserIsAwayWaitsForTheirNextLogin() async throws {
        try await TestServer.with { server in
            let client = try await server.user("quinn")
            try await client.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await client.expectReply(to: "start timer stretch 5 min", startsWith: "⏰ Timer started")
            try await client.expectReply(to: "logout", startsWith: "👋")
            server.clock.advance(by: 300)
            try await waitUntilNoTimers(in: server)
            #expect(try await client.reply(to: "login quinn correct-horse") == [
                "✅ Welcome back, quinn! Level 1 · 10/100 XP · 1000/1000 health · 5 coins"
            ])
            #expect(try await client.readReply() == ["ℹ️ While you were away (1):", "⏰ 5 min of Stretch done! +10 XP, +5 coins"])
            // Delivered once: the next login has nothing waiting.
            try await client.expectReply(to: "logout", startsWith: "👋")
            try await client.expectReply(to: "login quinn correct-horse", startsWith: "✅ Welcome back")
            try await client.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
        }
    }

    @Test func timersSurviveARestart() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await TestServer.with(dataDirectory: data) { server in
            let client = try await server.user("rosa")
            try await client.expectReply(to: "add habit Nap", startsWith: "✅")
            try await client.expectReply(to: "start timer nap 20 min", startsWith: "⏰ Timer started")
        }
        try await TestServer.with(dataDirectory: data) { server in
            server.clock.advance(by: 1200)
            try await waitUntilNoTimers(in: server)
            let client = try await server.connect()
            try await client.expectReply(to: "login rosa correct-horse", startsWith: "✅ Welcome back, rosa! Level 1 · 10/100 XP")
            #expect(try await client.readReply() == ["ℹ️ While you were away (1):", "⏰ 20 min of Nap done! +10 XP, +5 coins"])
        }
    }

    @Test func aTimerOfAHabitRenamedWhileItRunsRecordsItUnderItsNewName() async throws {
        try await TestServer.with { server in
            let client = try await server.user("tove")
            try await client.expectReply(to: "add habit Meditation", startsWith: "✅")
            try await client.expectReply(to: "start timer meditation 10 min", startsWith: "⏰ Timer started")
            #expect(try await client.reply(to: "rename medit to Sitting") == [
                "✅ Renamed Meditation to Sitting. Its history and streaks come along."
            ])
            #expect(try await client.reply(to: "timers") == ["ℹ️ Timers (1)", "  1. Sitting: 10 min, 10 min left (done at 12:10)"])
            server.clock.advance(by: 600)
            #expect(try await client.readReply() == ["⏰ 10 min of Sitting done! +10 XP, +5 coins"])
            try await client.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 10/100 XP")
        }
    }

    @Test func aStoppedTimerRecordsNothing() async throws {
        try await TestServer.with { server in
            let client = try await server.user("sven")
            try await client.expectReply(to: "add habit Focus", startsWith: "✅")
            try await client.expectReply(to: "start timer focus 25 min", startsWith: "⏰")
            #expect(try await client.reply(to: "stop timer") == ["✅ Stopped the 25 min timer for Focus. Nothing was recorded."])
            server.clock.advance(by: 3600)
            #expect(try await client.reply(to: "stop timer") == ["❌ No timers running."])
            try await client.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 0/100 XP")
        }
    }

    @Test func aTimerNeedsAHabitAndASensibleLength() async throws {
        try await TestServer.with { server in
            let client = try await server.user("tara")
            #expect(try await client.reply(to: "start timer yoga 10 min") == ["❓ No habit 'yoga'. Add one with 'add habit yoga'."])
            try await client.expectReply(to: "add habit Yoga", startsWith: "✅")
            #expect(try await client.reply(to: "start timer yoga 2000 min") == ["❌ A timer runs from 1 minute to 24 hours."])
            for length in ["9223372036854775807 hours", "-9223372036854775808 h", "9223372036854775807h"] {
                #expect(try await client.reply(to: "start timer yoga \(length)") == ["❌ A timer runs from 1 minute to 24 hours."])
            }
            try await client.expectReply(to: "start timer yoga 1 hour", startsWith: "⏰ Timer started: 60 min of Yoga")
        }
    }

    @Test func aBadHabitGetsNoTimer() async throws {
        try await TestServer.with { server in
            let client = try await server.user("uma")
            try await client.expectReply(to: "add bad habit Doomscrolling 50 life", startsWith: "✅")
            #expect(try await client.reply(to: "start timer doomscrolling 10 min") == [
                "❌ Timers are for good habits; Doomscrolling is a bad one. Record a slip with 'slipped doomscrolling'."
            ])
            #expect(try await client.reply(to: "timers") == ["ℹ️ No timers running. Start one: 'start timer meditation 10 min'."])
            server.clock.advance(by: 600)
            try await client.expectReply(to: "status", startsWith: "ℹ️ Level 1 · 0/100 XP · 1000/1000 health")
        }
    }

    /// Waits (bounded) until the server has fired every timer, reading the directory database directly.
    func waitUntilNoTimers(in server: TestServer) async throws {
        let directory = try DirectoryDatabase(directory: server.dataDirectory, durability: .normal)
        for _ in 0..<500 {
            if try await directory.dueTimers(at: .distantFuture).isEmpty { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestFailure("the timer never fired")
    }
}
