import Foundation
import HabitatApp
import NIOCore
import TestSupport
import Testing

@testable import HabitatServer

/// One machine with many sockets fills only its own share of the server: real connections from several loopback
/// addresses (127.0.0.2, 127.0.0.3, …), each an address of its own to the server.
@Suite("Connections per address")
struct AddressLimitTests {
    static let waitingRefusal =
        "❌ Too many connections from your address are waiting to log in (20 at once). Log in on those or close some, then try again."

    /// The line a turned-away connection gets, then the end of the connection.
    static func expectTurnedAway(_ client: LineClient, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await client.readLine() == line, sourceLocation: sourceLocation)
        #expect(try await client.readLine() == "", sourceLocation: sourceLocation)
        #expect(try await client.readLine() == nil, sourceLocation: sourceLocation)
    }

    @Test func anAddressHoldingItsWaitingConnectionsLeavesEveryoneElseServed() async throws {
        try await TestServer.with { server in
            let player = try await server.user("ann", from: "127.0.0.4")
            var idle: [LineClient] = []
            for _ in 0..<20 { idle.append(try await server.connect(from: "127.0.0.2")) }
            let one = try await LineClient.connect(port: server.port, readGreeting: false, from: "127.0.0.2")
            try await Self.expectTurnedAway(one, Self.waitingRefusal)
            // Someone from another address registers and plays; a player already in goes on.
            let newcomer = try await server.user("bob", from: "127.0.0.3")
            try await newcomer.expectReply(to: "add habit Exercise", startsWith: "✅ Added habit Exercise")
            try await newcomer.expectReply(to: "did exercise", startsWith: "✅ Exercise completed!")
            try await player.expectReply(to: "status", startsWith: "ℹ️ Level 1")
            // One of the twenty logs in: it no longer waits, and its address may open another.
            try await idle[0].expectReply(to: "register cal correct-horse", startsWith: "✅ Welcome to Habitat, cal!")
            let another = try await server.connect(from: "127.0.0.2")
            try await another.expectReply(to: "help", startsWith: "ℹ️ Habitat — what people do most")
            let past = try await LineClient.connect(port: server.port, readGreeting: false, from: "127.0.0.2")
            try await Self.expectTurnedAway(past, Self.waitingRefusal)
        }
    }

    /// "Welcome" means the place is free: a client may open its next connection the moment it reads it.
    @Test func aConnectionToldWelcomeNoLongerWaitsTheMomentItIsTold() async throws {
        try await TestServer.with(configure: { $0.maxUnauthenticatedPerAddress = 1 }) { server in
            for number in 1...15 {
                _ = try await server.user("w\(number)", from: "127.0.0.2")
            }
            let last = try await server.connect(from: "127.0.0.2")
            try await last.expectReply(to: "help", startsWith: "ℹ️ Habitat — what people do most")
        }
    }

    @Test func anAddressHoldingAllItMayIsTurnedAwayAndNoPlayerIsClosedToMakeRoom() async throws {
        try await TestServer.with(configure: { $0.maxConnectionsPerAddress = 5 }) { server in
            var players: [LineClient] = []
            for number in 1...5 { players.append(try await server.user("p\(number)", from: "127.0.0.2")) }
            let sixth = try await LineClient.connect(port: server.port, readGreeting: false, from: "127.0.0.2")
            try await Self.expectTurnedAway(sixth, "❌ Too many connections from your address (5 at once). Close some, then try again.")
            for player in players { try await player.expectReply(to: "status", startsWith: "ℹ️ Level 1") }
            _ = try await server.user("elsewhere", from: "127.0.0.3")
            // One goes: its place is free again.
            await players[0].close()
            try await waitForFreePlace(server, from: "127.0.0.2")
        }
    }

    /// Connects from `address` until a connection is let in (the server counts a closed one out as it notices).
    func waitForFreePlace(_ server: TestServer, from address: String) async throws {
        for _ in 0..<100 {
            let client = try await LineClient.connect(port: server.port, readGreeting: false, from: address)
            if try await client.readLine()?.hasPrefix("👋") == true { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no place freed for \(address)")
    }

    @Test func zeroLiftsBothLimits() async throws {
        try await TestServer.with(configure: { $0.maxConnectionsPerAddress = 0; $0.maxUnauthenticatedPerAddress = 0 }) { server in
            var idle: [LineClient] = []
            for _ in 0..<30 { idle.append(try await server.connect(from: "127.0.0.2")) }
            try await idle[29].expectReply(to: "help", startsWith: "ℹ️ Habitat — what people do most")
        }
    }

    @Test func anAddressIsCountedWholeForIPv4AndByItsSlash64ForIPv6() throws {
        func key(_ ip: String) throws -> String { AddressLimits.key(of: try SocketAddress(ipAddress: ip, port: 4000)) }
        #expect(try key("203.0.113.7") == "203.0.113.7")
        #expect(try key("2001:db8:1:2::5") == "2001:db8:1:2::/64")
        #expect(try key("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64")
        #expect(try key("2001:db8:1:3::5") == "2001:db8:1:3::/64")
        #expect(try key("::ffff:203.0.113.7") == "203.0.113.7")
        #expect(AddressLimits.key(of: nil) == "local")
    }

    @Test func theLimitsCountEveryConnectionAndThoseWaitingApart() {
        let limits = AddressLimits(connections: 3, waiting: 2)
        #expect(limits.refusal(holding: .init(connections: 2, waiting: 1)) == nil)
        #expect(limits.refusal(holding: .init(connections: 2, waiting: 2)) == .waiting(2))
        #expect(limits.refusal(holding: .init(connections: 3, waiting: 0)) == .connections(3))
        #expect(AddressLimits(connections: 0, waiting: 0).refusal(holding: .init(connections: 10_000, waiting: 10_000)) == nil)
    }
}
