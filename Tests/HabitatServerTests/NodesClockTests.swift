import Foundation
import HabitatPostgres
import TestSupport
import Testing

/// Three `habitat serve` processes on one PostgreSQL behind a real HAProxy, started at a chosen instant with
/// `faketime`: a household whose members sit on different servers hears its news live, and a reminder due while one
/// server is down (killed with SIGKILL) fires once, to its person logged in again through the balancer.
@Suite("Servers on one PostgreSQL behind HAProxy, on their own clocks", .serialized, .enabled(if: TestPostgres.isAvailable && ServerProcess.canFakeTime))
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
                        data: folder, extraArguments: ["--database", address.description, "--proxy-protocol", "127.0.0.1"],
                        startingAt: "2026-11-26 19:58:00")))
                }
                try await HAProxy.with(backends: nodes.map(\.port)) { proxy in
                    // ann, then bo: round robin puts them on two different servers.
                    let ann = try await LineClient.registered("ann", port: proxy.port)
                    let created = try await ann.expectReply(to: "room create Flat", startsWith: "🏠 Room Flat created")
                    let code = try #require(created[0].firstMatch(of: /room join flat ([A-Z0-9-]+)/)?.1)
                    let bo = try await LineClient.registered("bo", port: proxy.port)
                    try await eventually("ann and bo are each a server's listener") {
                        try await TestPostgres.count("SELECT count(DISTINCT node_id) FROM server_listener", in: address) == 2
                    }
                    // Each hears the other's news of their room as it happens.
                    try await bo.expectReply(to: "room join flat \(code)", startsWith: "🏠 Welcome to Flat!")
                    #expect(try await ann.readReply() == ["🏠 bo joined Flat"])
                    try await ann.expectReply(to: "room add habit Dishes every day", startsWith: "🏠 Added Dishes to Flat")
                    #expect(try await bo.readReply().first?.hasPrefix("🏠 ann added a shared habit: Dishes") == true)
                    try await bo.expectReply(to: "room did dishes", startsWith: "✅ Dishes completed!")
                    #expect(try await ann.readReply() == ["🏠 bo did Dishes (+10 XP)"])

                    // bo's reminder at 20:00. Before it, one server dies; both log in again through the balancer.
                    try await bo.expectReply(to: "add habit Stretch", startsWith: "✅")
                    try await bo.expectReply(to: "remind me to stretch at 20:00", startsWith: "⏰ I'll remind you of Stretch at 20:00")
                    await nodes[1].kill()
                    await ann.close()
                    await bo.close()
                    let phone = try await ThreeNodesTests.session("bo", port: proxy.port, registering: false)

                    // 20:00: the two servers left both find it due; one of them says it, once.
                    try await ReminderClockTests.waitForTheMinute(lead: 120, startedAt: started)
                    let reminder = try JSONReply(try #require(try await phone.readLine()))
                    #expect(reminder.object["event"] as? String == "reminder")
                    #expect(reminder.text == "⏰ Time to stretch — not done yet today.")
                    // Nothing more came: the next line is this reply.
                    #expect(try await phone.json(#"{"text": "status"}"#).ok == true)
                    #expect(try await TestPostgres.count("SELECT count(*) FROM reminder WHERE fired_at IS NOT NULL AND delivered", in: address) == 1)
                    // What stays due is tomorrow's.
                    #expect(
                        try await TestPostgres.count(
                            "SELECT count(*) FROM due WHERE kind = 'reminder' AND due_at = extract(epoch FROM timestamptz '2026-11-27 20:00:00+00')",
                            in: address) == 1)
                    await phone.close()
                }
                #expect(await nodes[0].terminate() == 0)
                #expect(await nodes[2].terminate() == 0)
            }
        }
    }
}
