import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@Suite("PostgreSQL restarted under load", .serialized, .enabled(if: TestPostgres.isAvailable))
struct PostgresRestartTests {
    /// Six clients record as fast as the server answers while PostgreSQL restarts (`pg_ctl restart -m fast`, on a
    /// cluster of this test's own): whatever was in flight is told `unavailable`, never a fault of the server's; the
    /// connections stay; the server reconnects by itself and every client goes on recording; every completion
    /// acknowledged is there, and at most those told `unavailable` besides.
    @Test func requestsInFlightAreToldUnavailableAndTheServerReconnects() async throws {
        try await PostgresCluster.with { cluster in
            try await ServerLogs.shown { logs in try await Self.restartUnderLoad(cluster, logs: logs) }
        }
    }

    /// A `did` surely in flight when PostgreSQL restarts: another connection holds the account's row, so the change
    /// waits in PostgreSQL for its lock (seen waiting in `pg_stat_activity`) until the restart ends it. It is told
    /// `unavailable` in those words, the same connection's next `did` is recorded once PostgreSQL is back, and the
    /// ledger holds that one completion and not the refused one.
    @Test func aChangeWaitingInPostgreSQLWhenItRestartsIsToldUnavailable() async throws {
        try await PostgresCluster.with { cluster in
            try await ServerLogs.shown { logs in try await Self.restartUnderAWaitingChange(cluster, logs: logs) }
        }
    }

    static func restartUnderAWaitingChange(_ cluster: PostgresCluster, logs: ServerLogs) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let address = cluster.address
        let server = logs.keep(try await ServerProcess(data: data, extraArguments: ["--database", address.description]))
        let alice = try await LineClient.registered("alice", port: server.port)
        try await alice.expectReply(to: "add habit Stretch", startsWith: "✅")
        let deadline = ContinuousClock.now + .seconds(300)

        try await withThrowingTaskGroup(of: Void.self) { group in
            let locked = AsyncStream<Void>.makeStream()
            group.addTask {
                // Holds alice's row until the restart ends its connection.
                try await TestPostgres.holding("SELECT 1 FROM account WHERE name = 'alice' FOR UPDATE", in: address) {
                    locked.continuation.yield()
                }
            }
            for await _ in locked.stream { break }
            try await alice.send("did stretch")
            while try await TestPostgres.count("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'", in: address) == 0 {
                guard ContinuousClock.now < deadline else { throw TestFailure("the did never waited for alice's row") }
                try await Task.sleep(for: .milliseconds(20))
            }
            try await cluster.restartFast()
            #expect(try await alice.readReply() == [
                "❌ The server can't reach its database just now, so this may not have been saved. Please try again in a moment.",
            ])
            try await group.waitForAll()
        }
        // Requests arriving while the pool reconnects wait for it; one already holding a connection that closed is
        // told `unavailable` too, and tried again.
        var reply = try await alice.reply(to: "did stretch")
        while reply.first?.hasPrefix("❌ The server can't reach its database") == true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            reply = try await alice.reply(to: "did stretch")
        }
        #expect(reply.first?.hasPrefix("✅ Stretch completed!") == true, "\(reply)")
        #expect(try await TestPostgres.count("SELECT count(*) FROM ledger WHERE kind = 'completion'", in: address) == 1)
        #expect(server.log.contains("the database can't be reached"))
        await alice.close()
        #expect(await server.terminate() == 0)
    }

    static func restartUnderLoad(_ cluster: PostgresCluster, logs: ServerLogs) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = logs.keep(try await ServerProcess(data: data, extraArguments: ["--database", cluster.address.description]))
        let names = (1...6).map { "racer\($0)" }
        var clients: [LineClient] = []
        for name in names {
            let client = try await LineClient.registered(name, port: server.port)
            try await client.expectReply(to: "add habit Run", startsWith: "✅")
            try await client.send("mode json")
            _ = try await client.readReply()
            clients.append(client)
        }
        let tallies = names.map { _ in Tally() }
        let restarted = NIOLockedValueBox(false)
        let deadline = ContinuousClock.now + .seconds(600)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (client, tally) in zip(clients, tallies) {
                group.addTask {
                    // Until 5 recordings are acknowledged after the restart (or the deadline passes: the checks say).
                    while tally.value.afterRestart < 5, ContinuousClock.now < deadline {
                        try await client.send("did run")
                        guard let line = try await client.readLine() else { throw TestFailure("no reply to a did in time") }
                        let reply = try JSONReply(line)
                        tally.count(reply, restarted: restarted.withLockedValue { $0 })
                    }
                }
            }
            group.addTask {
                while tallies.contains(where: { $0.value.acknowledged < 10 }), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                try await cluster.restartFast()
                restarted.withLockedValue { $0 = true }
            }
            try await group.waitForAll()
        }

        // Whether any request was in flight at the restart depends on the machine's timing (on a loaded one, every
        // request may be waiting for the pool): each that was is told `unavailable`, never anything else.
        let told = tallies.flatMap(\.value.refusals)
        #expect(told.allSatisfy { $0 == "unavailable" }, "\(told)")
        #expect(tallies.allSatisfy { $0.value.afterRestart >= 5 }, "\(tallies.map(\.value.afterRestart))")
        if !told.isEmpty { #expect(server.log.contains("the database can't be reached")) }
        for ((name, client), tally) in zip(zip(names, clients), tallies) {
            let status = try await client.json("{\"text\": \"status\"}")
            let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
            let (acknowledged, refused) = (tally.value.acknowledged, tally.value.refusals.count)
            #expect(xp >= acknowledged * 10, "\(name): \(acknowledged) acknowledged, \(xp / 10) found")
            #expect(xp <= (acknowledged + refused) * 10, "\(name): \(acknowledged) acknowledged, \(refused) refused, \(xp / 10) found")
            await client.close()
        }
        #expect(await server.terminate() == 0)
    }

    /// What one client was told.
    final class Tally: Sendable {
        struct Counts {
            var acknowledged = 0
            var afterRestart = 0
            var refusals: [String] = []
        }
        private let counts = NIOLockedValueBox(Counts())
        var value: Counts { counts.withLockedValue { $0 } }

        func count(_ reply: JSONReply, restarted: Bool) {
            counts.withLockedValue { counts in
                if reply.ok == true {
                    counts.acknowledged += 1
                    if restarted { counts.afterRestart += 1 }
                } else {
                    counts.refusals.append(reply.code ?? reply.line)
                }
            }
        }
    }
}
