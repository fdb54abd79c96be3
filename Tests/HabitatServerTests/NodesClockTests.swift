import Foundation
import HabitatPostgres
import TestSupport
import Testing

/// Three `habitat serve` processes on one PostgreSQL, started at a chosen instant with `faketime`: a household whose
/// members sit on different servers hears its news live, and a reminder due while one server is down (killed with
/// SIGKILL, holding its person's connection) fires once, from one of the two left, to the person's other session.
@Suite("Servers on one PostgreSQL, on their own clocks", .serialized, .enabled(if: TestPostgres.isAvailable && ServerProcess.canFakeTime))
struct NodesClockTests {
    @Test func aHouseholdAcrossServersHearsItsNewsAndAReminderDueWhileOneIsDownFiresOnce() async throws {
        try await ServerLogs.shown { logs in
            try await TestPostgres.withDatabase { address in
                let folders = (1...3).map { _ in temporaryDirectory() }
                defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
                // Thursday 26 November, 19:58:00 UTC on each server's clock as it starts (a few seconds apart).
                var nodes: [ServerProcess] = []
                let started = Date()
                for folder in folders {
                    nodes.append(logs.keep(try await ServerProcess(
                        data: folder, extraArguments: ["--database", address.description], startingAt: "2026-11-26 19:58:00")))
                }
                let (one, two, three) = (nodes[0].port, nodes[1].port, nodes[2].port)

                // ann on the first server, bo on the second: each hears the other's news of their room as it happens.
                let ann = try await LineClient.registered("ann", port: one)
                let created = try await ann.expectReply(to: "room create Flat", startsWith: "🏠 Room Flat created")
                let code = try #require(created[0].firstMatch(of: /room join flat ([A-Z0-9-]+)/)?.1)
                let bo = try await LineClient.registered("bo", port: two)
                try await bo.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome to Flat!")
                #expect(try await ann.readReply() == ["🏠 bo joined Flat"])
                try await ann.expectReply(to: "room add habit Dishes every day", startsWith: "🏠 Added Dishes to Flat")
                #expect(try await bo.readReply().first?.hasPrefix("🏠 ann added a shared habit: Dishes") == true)
                try await bo.expectReply(to: "room did dishes", startsWith: "✅ Dishes completed!")
                #expect(try await ann.readReply() == ["🏠 bo did Dishes (+10 XP)"])

                // bo's reminder at 20:00; his phone is on the third server.
                try await bo.expectReply(to: "add habit Stretch", startsWith: "✅")
                try await bo.expectReply(to: "remind me to stretch at 20:00", startsWith: "⏰ I'll remind you of Stretch at 20:00")
                let phone = try await LineClient.connect(port: three)
                try await phone.expectReply(to: "login bo correct-horse", startsWith: "✅ Welcome back, bo!")
                // The second server dies before 20:00, bo's first connection with it.
                await nodes[1].kill()
                #expect(try await bo.readLine() == nil)

                // 20:00: the first and the third both find it due; one of them says it, once, on bo's phone.
                try await ReminderClockTests.waitForTheMinute(lead: 120, startedAt: started)
                #expect(try await phone.readReply() == ["⏰ Time to stretch — not done yet today."])
                // Nothing more came: the next line is this reply.
                #expect(try await phone.reply(to: "status").first?.hasPrefix("ℹ️ Level 1") == true)
                #expect(try await TestPostgres.count("SELECT count(*) FROM reminder WHERE fired_at IS NOT NULL AND delivered", in: address) == 1)
                // What stays due is tomorrow's.
                #expect(
                    try await TestPostgres.count(
                        "SELECT count(*) FROM due WHERE kind = 'reminder' AND due_at = extract(epoch FROM timestamptz '2026-11-27 20:00:00+00')",
                        in: address) == 1)
                #expect(try await TestPostgres.count("SELECT count(*) FROM inbox", in: address) == 0)
                await ann.close()
                await phone.close()
                #expect(await nodes[0].terminate() == 0)
                #expect(await nodes[2].terminate() == 0)
            }
        }
    }
}
