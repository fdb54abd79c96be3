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
}
