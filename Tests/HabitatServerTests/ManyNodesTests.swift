import Foundation
import HabitatApp
import HabitatPostgres
import TestSupport
import Testing

/// Two servers on one PostgreSQL, as two nodes behind a load balancer: every user's changes and everything the servers
/// do on their own happen once between them.
@Suite("Two servers on one PostgreSQL", .enabled(if: TestPostgres.isAvailable))
struct ManyNodesTests {
    /// Runs `body` with two servers on one new database, each with its own store (its own connections and games in
    /// memory) and its own clock, both starting at the same instant.
    static func withTwoNodes(_ body: @Sendable (TestServer, TestServer, DatabaseAddress) async throws -> Void) async throws {
        try await TestPostgres.withDatabase { address in
            let (first, second) = (try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger), try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger))
            defer { Task { await first.close(); await second.close() } }
            try await TestServer.with(configure: { $0.stores = Stores(directory: first, users: first, description: "node 1") {} }) { one in
                try await TestServer.with(configure: { $0.stores = Stores(directory: second, users: second, description: "node 2") {} }) { two in
                    try await body(one, two, address)
                }
            }
        }
    }

    @Test func timersEndingWhileBothServersLookAreEachRecordedOnce() async throws {
        try await Self.withTwoNodes { one, two, address in
            let users = 30
            for number in 1...users {
                let user = try await (number.isMultiple(of: 2) ? one : two).user("u\(number)")
                try await user.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
                try await user.expectReply(to: "start timer read 1 min", startsWith: "⏰")
            }
            #expect(try await TestPostgres.count("SELECT count(*) FROM due WHERE kind = 'timer'", in: address) == users)
            // Both servers' clocks pass the timers' end at once: both schedulers find all thirty due.
            one.clock.advance(by: 120)
            two.clock.advance(by: 120)
            try await eventually("every timer fired") {
                try await TestPostgres.count("SELECT count(*) FROM due WHERE kind = 'timer'", in: address) == 0
            }
            #expect(try await TestPostgres.count("SELECT count(*) FROM timer", in: address) == 0)
            #expect(try await TestPostgres.count("SELECT count(*) FROM ledger WHERE kind = 'completion'", in: address) == users)
            #expect(try await TestPostgres.count(
                "SELECT count(*) FROM (SELECT account_id FROM ledger WHERE kind = 'completion' GROUP BY account_id HAVING count(*) = 1) once",
                in: address) == users)
        }
    }

    @Test func oneUsersSessionsOnBothServersKeepOneGame() async throws {
        try await Self.withTwoNodes { one, two, _ in
            let first = try await one.user("ann")
            try await first.expectReply(to: "add habit Read", startsWith: "✅ Added habit Read")
            let second = try await two.connect()
            try await second.expectReply(to: "login ann correct-horse", startsWith: "✅ Welcome back, ann!")
            // Added on the second server; done on the first, whose game in memory had no Meditate.
            try await second.expectReply(to: "add habit Meditate", startsWith: "✅ Added habit Meditate")
            try await first.expectReply(to: "did meditate", startsWith: "✅ Meditate completed! +10 XP, +5 coins")
            try await second.expectReply(to: "did read", startsWith: "✅ Read completed! +10 XP, +5 coins")
            // The first server heard the second's change: what it shows is current (not its copy of before, 10 XP).
            try await eventually("the first server shows the second's change") {
                try await first.reply(to: "status") == ["ℹ️ Level 1 · 20/100 XP · 1000/1000 health · 10 coins"]
            }
        }
    }

    /// Friday 20 November 2026 at `hour`:`minute` UTC.
    static func friday(_ hour: Int, _ minute: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_795_132_800 + TimeInterval(hour * 3600 + minute * 60))
    }

    static func listeners(_ name: String, in address: DatabaseAddress) async throws -> Int {
        try await TestPostgres.count(
            "SELECT count(*) FROM server_listener l JOIN account a ON a.id = l.account_id WHERE a.name = '\(name)'", in: address)
    }

    @Test func aHouseholdWhoseMembersSitOnBothServersHearsItsNewsLive() async throws {
        try await Self.withTwoNodes { one, two, address in
            let ann = try await one.user("ann")
            let code = try #require(try await ann.json(#"{"text": "room create Smiths"}"#).data?["invite"] as? String)
            let ben = try await two.user("ben")
            try await ben.expectReply(to: "room join smiths \(code)", startsWith: "🏠 Welcome")
            // Each hears what the other did on the other server, as it happens.
            #expect(try await ann.readReply() == ["🏠 ben joined Smiths"])
            try await ann.expectReply(to: "room add habit Dishes", startsWith: "🏠 Added Dishes")
            #expect(try await ben.readReply().first?.hasPrefix("🏠 ann added a shared habit: Dishes") == true)
            try await ben.expectReply(to: "room did dishes", startsWith: "✅ Dishes completed!")
            #expect(try await ann.readReply() == ["🏠 ben did Dishes (+10 XP)"])
            // Told live, so nothing waits for later.
            #expect(try await TestPostgres.count("SELECT count(*) FROM inbox", in: address) == 0)

            // Ben leaves: no server can tell him now, so the news waits for his next login, wherever that is.
            await ben.close()
            try await eventually("ben is no one's listener") { try await Self.listeners("ben", in: address) == 0 }
            try await ann.expectReply(to: "room add habit Bins", startsWith: "🏠 Added Bins")
            #expect(try await TestPostgres.count("SELECT count(*) FROM inbox", in: address) == 1)
            let back = try await one.connect()
            try await back.send("login ben correct-horse")
            #expect(try await back.readReply().first?.hasPrefix("✅ Welcome back, ben!") == true)
            let told = try await back.readReply()
            #expect(told.prefix(2) == ["ℹ️ While you were away (1):", "🏠 ann added a shared habit: Bins (+10 XP, +5 coins)"], "\(told)")
        }
    }

    @Test func whatTheOtherServerFiresReachesAUserConnectedHere() async throws {
        try await Self.withTwoNodes { one, two, address in
            one.clock.set(Self.friday(20, 50))
            two.clock.set(Self.friday(20, 50))
            // Ann is connected to the second server only.
            let ann = try await two.user("ann")
            try await ann.expectReply(to: "add habit Stretch", startsWith: "✅")
            try await ann.expectReply(to: "remind me to stretch at 21:00", startsWith: "⏰ I'll remind you of Stretch at 21:00")
            try await eventually("ann is the second server's listener") { try await Self.listeners("ann", in: address) == 1 }
            // Only the first server's clock passes the reminder, and then a timer's end: it fires both, and ann hears
            // both on the second.
            one.clock.set(Self.friday(21, 0))
            #expect(try await ann.readReply() == ["⏰ Time to stretch — not done yet today."])
            try await eventually("the reminder is marked as heard") {
                try await TestPostgres.count("SELECT count(*) FROM reminder WHERE delivered", in: address) == 1
            }
            try await ann.expectReply(to: "start timer stretch 10 min", startsWith: "⏰")
            one.clock.set(Self.friday(21, 6))
            #expect(try await ann.readReply().first?.hasSuffix("10 min of Stretch done! +10 XP, +5 coins") == true)
            #expect(try await TestPostgres.count("SELECT count(*) FROM inbox", in: address) == 0)
        }
    }
}
