import Foundation
import HabitatStorage
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

/// The scheduler's rules for reminders, on a server whose clock the test moves: what came due while it could not
/// fire (a server down, here a clock jumped) is said late the same day and dropped the day after; a snooze comes back
/// once; a change of time zone moves the next reminder to the new clock.
@Suite("Reminders by the scheduler, on a clock moved by hand")
struct ReminderSchedulerTests {
    /// Friday 20 November 2026 at `hour`:`minute` UTC.
    static func friday(_ hour: Int, _ minute: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_795_132_800 + TimeInterval(hour * 3600 + minute * 60))
    }

    @Test func aReminderLateTheSameDayIsToldAndTheNextDayDropped() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(12))
            let ann = try await server.user("ann")
            try await ann.expectReply(to: "add habit Floss", startsWith: "✅")
            try await ann.expectReply(to: "remind me to floss at 21:00", startsWith: "⏰ I'll remind you of Floss at 21:00")
            try await ann.expectReply(to: "logout", startsWith: "👋")

            // The scheduler could not look until 23:30: still Friday, so it is said (to no one, here) and told at login.
            server.clock.set(Self.friday(23, 30))
            try await server.settled()
            try await ann.send("login ann correct-horse")
            #expect(try await ann.readReply().first?.hasPrefix("✅ Welcome back, ann!") == true)
            #expect(try await ann.readReply() == ["⏰ Missed today: Floss at 21:00 — not done yet."])
            try await ann.expectReply(to: "logout", startsWith: "👋")

            // Saturday's 21:00 came while nothing looked, and it is Sunday morning: dropped, not told; due again Sunday.
            server.clock.set(Self.friday(24 + 24 + 9))
            try await server.settled()
            try await ann.send("login ann correct-horse")
            #expect(try await ann.readReply().first?.hasPrefix("✅ Welcome back, ann!") == true)
            #expect(try await ann.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
            let next = try await server.habitat.application.directory.due(at: .distantFuture)
            #expect(next.map(\.kind) == [.reminder])
            #expect(next.map(\.at) == [Self.friday(24 + 24 + 21)])
        }
    }

    @Test func aSnoozeComesBackOnceAndANewTimeZoneMovesTheNextReminder() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(20, 59))
            let bo = try await server.user("bo")
            try await bo.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await bo.expectReply(to: "remind me to stretch at 21:00", startsWith: "⏰ I'll remind you of Stretch at 21:00")
            server.clock.set(Self.friday(21, 0))
            #expect(try await bo.readReply() == ["⏰ Time to stretch — not done yet today."])
            #expect(try await bo.reply(to: "later") == ["⏰ Snoozed: Stretch again at 21:30."])
            server.clock.set(Self.friday(21, 30))
            #expect(try await bo.readReply() == ["⏰ Time to stretch — not done yet today."])
            server.clock.set(Self.friday(22, 30))
            try await server.settled()
            // Nothing more came: the next line is this reply.
            #expect(try await bo.reply(to: "snooze 90 min") == ["❌ That's past the end of your day; the reminder comes again on the next day it's due."])

            // In New York (UTC-5) from now: Saturday's reminder comes at 21:00 there, 02:00 UTC on Sunday, not at 21:00 UTC.
            try await bo.expectReply(to: "config timezone America/New_York", startsWith: "✅")
            server.clock.set(Self.friday(24 + 21))
            try await server.settled()
            #expect(try await bo.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
            server.clock.set(Self.friday(24 + 24 + 2))
            #expect(try await bo.readReply() == ["⏰ Time to stretch — not done yet today."])
        }
    }

    /// Moving east, the reminder's time on the new clock comes sooner than it would have on the old one: it comes then,
    /// that same day.
    @Test func aNewTimeZoneEastBringsTodaysReminderSooner() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(18))
            let cy = try await server.user("cy")
            try await cy.expectReply(to: "add habit Read", startsWith: "✅")
            try await cy.expectReply(to: "remind me to read at 21:00", startsWith: "⏰ I'll remind you of Read at 21:00")
            // 21:00 in Berlin is 20:00 UTC.
            try await cy.expectReply(to: "config timezone Europe/Berlin", startsWith: "✅")
            server.clock.set(Self.friday(20))
            #expect(try await cy.readReply() == ["⏰ Time to read — not done yet today."])
            let next = try await server.habitat.application.directory.due(at: .distantFuture)
            #expect(next.map(\.at) == [Self.friday(24 + 20)])
        }
    }

    /// Reminders are looked at in the minutes before theirs; what a user does after the look is seen at the minute:
    /// a habit done since is not reminded, one still to do is, from the look alone.
    @Test func whatIsDoneAfterTheLookAheadIsSeenAtTheMinute() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(20, 55))
            let ann = try await server.user("ann")
            try await ann.expectReply(to: "add habit Floss", startsWith: "✅")
            try await ann.expectReply(to: "add habit Read", startsWith: "✅")
            try await ann.expectReply(to: "remind me to floss at 21:00", startsWith: "⏰ I'll remind you of Floss at 21:00")
            let bo = try await server.user("bo")
            try await bo.expectReply(to: "add habit Read", startsWith: "✅")
            try await bo.expectReply(to: "remind me to read at 21:00", startsWith: "⏰ I'll remind you of Read at 21:00")
            let ahead = server.habitat.application.scheduler.reminders.previews
            try await until { ahead.count == 2 }

            // After the look, ann flosses: at 21:00 she hears nothing; bo, who did nothing since, hears his.
            try await ann.expectReply(to: "did floss", startsWith: "✅ Floss completed!")
            server.clock.set(Self.friday(21))
            #expect(try await bo.readReply() == ["⏰ Time to read — not done yet today."])
            try await server.settled()
            #expect(try await ann.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
            #expect(ahead.count == 0)
        }
    }

    /// Waits until `condition` holds, at most a minute.
    func until(_ condition: () async -> Bool) async throws {
        for _ in 0..<6000 where await !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await condition())
    }

    /// One bridge speaks for many chat users: when the reminders of all of them come at one minute, the bridge gets
    /// every one (a terminal connection that stops reading loses its oldest events; a bridge carries one per person).
    @Test func aBridgeGetsTheReminderOfEveryChatUserAtOneMinute() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(20, 50))
            try await server.habitat.application.directory.addBridge(
                named: "irc", tokenHash: BridgeToken.hash("hbt_many"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_many").ok == true)
            let people = (0..<300).map { "p\($0)" }
            for person in people {
                try await bridge.send(#"{"user": "\#(person)", "text": "add habit Stretch"}"#)
                try await bridge.send(#"{"user": "\#(person)", "text": "remind me to stretch at 21:00"}"#)
            }
            for _ in 0..<(2 * people.count) { #expect(try JSONReply(try await bridge.readReply()[0]).ok == true) }
            server.clock.set(Self.friday(21))
            var reminded: [String] = []
            for _ in people {
                let event = try JSONReply(try #require(try await bridge.readReply().first))
                #expect(event.object["event"] as? String == "reminder")
                #expect(event.text == "⏰ Time to stretch — not done yet today.")
                reminded.append(try #require(event.object["user"] as? String))
            }
            #expect(reminded.sorted() == people.sorted())
        }
    }

    /// A chat user has no login: a reminder that came while their bridge was away is told, once, right after their
    /// next request that day.
    @Test func aChatUserHearsOfAReminderMissedWhileTheBridgeWasAwayAtTheirNextRequest() async throws {
        try await TestServer.with { server in
            server.clock.set(Self.friday(20, 50))
            try await server.habitat.application.directory.addBridge(
                named: "irc", tokenHash: BridgeToken.hash("hbt_away"), at: server.clock.now)
            let bridge = try await server.connect()
            #expect(try await bridge.json("bridge irc hbt_away").ok == true)
            #expect(try await bridge.json(#"{"user": "al", "text": "add habit Stretch"}"#).ok == true)
            #expect(try await bridge.json(#"{"user": "al", "text": "remind me to stretch at 21:00"}"#).ok == true)
            await bridge.close()
            let al = try #require(try await server.habitat.application.directory.account(named: "irc:al"))
            try await until { await !server.habitat.application.presence.isListening(al.id) }

            server.clock.set(Self.friday(21, 30))
            try await server.settled()
            let back = try await server.connect()
            #expect(try await back.json("bridge irc hbt_away").ok == true)
            #expect(try await back.json(#"{"user": "al", "text": "help buy"}"#).ok == true)
            let missed = try JSONReply(try #require(try await back.readReply().first))
            #expect(missed.object["event"] as? String == "reminder")
            #expect(missed.object["user"] as? String == "al")
            #expect(missed.text == "⏰ Missed today: Stretch at 21:00 — not done yet.")
            // Told once: the next request's reply is the next line.
            #expect(try await back.json(#"{"user": "al", "text": "status"}"#).text?.hasPrefix("ℹ️ Level 1") == true)
        }
    }
}
