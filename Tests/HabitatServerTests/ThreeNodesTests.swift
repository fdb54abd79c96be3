import Foundation
import HabitatPostgres
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// Three `habitat serve` processes on one PostgreSQL behind a real HAProxy (TCP mode, PROXY v2), as an operator
/// would run them: one killed under load loses no acknowledged action, and its users carry on through the balancer.
@Suite("Three servers behind HAProxy", .serialized, .enabled(if: TestPostgres.isAvailable))
struct ThreeNodesTests {
    /// A logged-in session through the balancer at `port`, in JSON mode: registered, or logged in again after its server
    /// went away (tried until one of the servers left lets it in).
    static func session(_ name: String, port: Int, registering: Bool) async throws -> LineClient {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            do {
                let client = try await LineClient.connect(port: port)
                if registering {
                    try await client.expectReply(to: "register \(name) correct-horse", startsWith: "✅ Welcome to Habitat, \(name)!")
                    try await client.expectReply(to: "add habit Run", startsWith: "✅ Added habit Run")
                } else {
                    try await client.expectReply(to: "login \(name) correct-horse", startsWith: "✅ Welcome back, \(name)!")
                }
                try await client.send("mode json")
                _ = try await client.readReply()
                return client
            } catch where !registering && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    @Test func killingOneServerUnderLoadLosesNoAcknowledgedActionAndItsUsersCarryOn() async throws {
        try await ServerLogs.shown { logs in
            try await TestPostgres.withDatabase { address in
                let folders = (1...3).map { _ in temporaryDirectory() }
                defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
                var nodes: [ServerProcess] = []
                for folder in folders {
                    nodes.append(logs.keep(try await ServerProcess(
                        data: folder, extraArguments: ["--database", address.description, "--proxy-protocol", "127.0.0.1"])))
                }
                try await HAProxy.with(backends: nodes.map(\.port)) { proxy in
                    let names = (1...6).map { "runner\($0)" }
                    let (warmedUp, killed) = (Counter(), NIOLockedValueBox(false))
                    let results = try await withThrowingTaskGroup(of: (name: String, acked: Int, sent: Int, reconnected: Bool).self) { group in
                        for name in names {
                            group.addTask {
                                var client = try await Self.session(name, port: proxy.port, registering: true)
                                var (acked, sent, afterKill, reconnected) = (0, 0, 0, false)
                                defer { if acked < 20 { warmedUp.increment() } }
                                let deadline = ContinuousClock.now + .seconds(240)
                                while afterKill < 20, ContinuousClock.now < deadline {
                                    try? await client.send("did run")
                                    sent += 1
                                    if let line = try? await client.readLine(), (try? JSONReply(line))?.ok == true {
                                        acked += 1
                                        if acked == 20 { warmedUp.increment() }
                                        if killed.withLockedValue({ $0 }) { afterKill += 1 }
                                    } else {
                                        // Its server went away: in again through the balancer, on another.
                                        client = try await Self.session(name, port: proxy.port, registering: false)
                                        reconnected = true
                                    }
                                }
                                await client.close()
                                return (name, acked, sent, reconnected)
                            }
                        }
                        let deadline = ContinuousClock.now + .seconds(120)
                        while warmedUp.value < names.count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
                        await nodes[1].kill()
                        killed.withLockedValue { $0 = true }
                        var results: [(name: String, acked: Int, sent: Int, reconnected: Bool)] = []
                        for try await result in group { results.append(result) }
                        return results
                    }
                    // Round robin put two of the six on the server killed: they came back through the balancer.
                    #expect(results.filter(\.reconnected).count == 2)
                    for result in results {
                        let client = try await Self.session(result.name, port: proxy.port, registering: false)
                        let status = try await client.json("{\"text\": \"status\"}")
                        let xp = try #require(status.int("xp")) + xpOfEarlierLevels(try #require(status.int("level")))
                        // Every acknowledged completion is there, once; at most the one in flight at the kill is extra.
                        #expect(xp >= result.acked * 10, "\(result.name): \(result.acked) acknowledged, \(xp / 10) found")
                        #expect(xp <= result.sent * 10, "\(result.name): \(result.sent) sent, \(xp / 10) found")
                        #expect(result.acked >= 40)
                        await client.close()
                    }
                }
                #expect(await nodes[0].terminate() == 0)
                #expect(await nodes[2].terminate() == 0)
            }
        }
    }
}
