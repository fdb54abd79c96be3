import Foundation
import HabitatApp
import NIOCore
import TestSupport
import Testing

@testable import HabitatServer

/// Behind a load balancer every connection comes from the balancer; with `--proxy-protocol` the server takes the
/// client's address from the balancer's PROXY header, and from no one else.
@Suite("The PROXY protocol")
struct ProxyProtocolTests {
    static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    static func v1(_ client: String) -> [UInt8] { Array("PROXY TCP4 \(client) 127.0.0.1 40000 7878\r\n".utf8) }

    static func v2(_ client: [UInt8]) -> [UInt8] { v2Signature + [0x21, 0x11, 0x00, 0x0C] + client + [127, 0, 0, 1, 0x9C, 0x40, 0x1E, 0xC6] }

    static let tooMany = "❌ Too many connections from your address (1 at once). Close some, then try again."

    /// A connection from `balancer` that starts with `header`, its greeting read.
    static func proxied(_ server: TestServer, _ header: [UInt8], from balancer: String = "127.0.0.2") async throws -> LineClient {
        let client = try await LineClient.connect(port: server.port, readGreeting: false, from: balancer)
        try await client.sendRaw(header)
        return client
    }

    @Test func theBalancersHeaderGivesEachPersonTheirOwnAddress() async throws {
        try await TestServer.with(configure: {
            $0.proxyProtocol = try! AddressRange.list("127.0.0.2,127.0.0.3,127.0.0.4/32").get()
            $0.maxConnectionsPerAddress = 1
        }) { server in
            // Two people behind one balancer, one connection each: both in, though the server sees one address.
            let ann = try await Self.proxied(server, Self.v1("203.0.113.7"))
            #expect(try await ann.readReply().first?.hasPrefix("👋") == true)
            try await ann.expectReply(to: "register ann correct-horse", startsWith: "✅ Welcome to Habitat, ann!")
            // A v2 header, arriving in two pieces, from the same balancer.
            let header = Self.v2([198, 51, 100, 9])
            let bob = try await Self.proxied(server, Array(header.prefix(9)))
            try await bob.sendRaw(Array(header.dropFirst(9)) + Array("register bob correct-horse\n".utf8))
            #expect(try await bob.readReply().first?.hasPrefix("👋") == true)
            #expect(try await bob.readReply().first?.hasPrefix("✅ Welcome to Habitat, bob!") == true)
            // Ann's address holds all it may: a second connection of hers is turned away, whichever balancer it came by.
            let again = try await Self.proxied(server, Self.v2([203, 0, 113, 7]), from: "127.0.0.3")
            #expect(try await again.readLine() == Self.tooMany)
            #expect(try await again.readLine() == "")
            #expect(try await again.readLine() == nil)
            // Someone on a balancer's machine, with no header, is the balancer's own address, counted on its own.
            let local = try await LineClient.connect(port: server.port, readGreeting: false, from: "127.0.0.4")
            try await local.send("help")
            #expect(try await local.readReply().first?.hasPrefix("👋") == true)
            #expect(try await local.readReply().first?.hasPrefix("ℹ️ Habitat — what people do most") == true)
            try await ann.expectReply(to: "status", startsWith: "ℹ️ Level 1")
            try await bob.expectReply(to: "status", startsWith: "ℹ️ Level 1")
        }
    }

    @Test func aHeaderFromAnAddressNotGivenIsRefusedAndEveryoneElseServed() async throws {
        try await TestServer.with(configure: { $0.proxyProtocol = try! AddressRange.list("10.9.9.9").get() }) { server in
            let pretender = try await LineClient.connect(port: server.port, from: "127.0.0.2")
            try await pretender.sendRaw(Self.v1("203.0.113.7"))
            #expect(try await pretender.readLine() == "⚠️ This server takes a PROXY header only from its load balancers (--proxy-protocol).")
            #expect(try await pretender.readLine() == nil)
            let binary = try await LineClient.connect(port: server.port, from: "127.0.0.2")
            try await binary.sendRaw(Self.v2([203, 0, 113, 7]))
            #expect(try await binary.readLine() == "⚠️ This server takes a PROXY header only from its load balancers (--proxy-protocol).")
            #expect(try await binary.readLine() == nil)
            // A client speaking for itself is served as ever.
            let ann = try await server.user("ann", from: "127.0.0.2")
            try await ann.expectReply(to: "status", startsWith: "ℹ️ Level 1")
        }
    }

    @Test func aBalancerSendingAHeaderThatCantBeReadIsClosed() async throws {
        try await TestServer.with(configure: { $0.proxyProtocol = try! AddressRange.list("127.0.0.2").get() }) { server in
            let broken = try await Self.proxied(server, Array("PROXY TCP4 203.0.113.7 127.0.0.1 40000\r\nhelp\n".utf8))
            #expect(try await broken.readLine() == nil)
            let fine = try await Self.proxied(server, Self.v1("203.0.113.7") + Array("help\n".utf8))
            #expect(try await fine.readReply().first?.hasPrefix("👋") == true)
            #expect(try await fine.readReply().first?.hasPrefix("ℹ️ Habitat — what people do most") == true)
        }
    }
}

/// Through a real HAProxy sending PROXY v2 headers (and its health checks, a LOCAL header each).
@Suite("The PROXY protocol through HAProxy")
struct HAProxyTests {
    @Test func peopleBehindHAProxyAreCountedByTheirOwnAddresses() async throws {
        try await TestServer.with(configure: {
            $0.proxyProtocol = try! AddressRange.list("127.0.0.1").get()
            $0.maxConnectionsPerAddress = 1
        }) { server in
            try await HAProxy.with(backends: [server.port]) { proxy in
                // Both come by HAProxy, from 127.0.0.1 as the server's socket sees it: each is let in as who they are.
                let ann = try await LineClient.registered("ann", port: proxy.port, from: "127.0.0.2")
                let bob = try await LineClient.registered("bob", port: proxy.port, from: "127.0.0.3")
                let again = try await LineClient.connect(port: proxy.port, readGreeting: false, from: "127.0.0.2")
                #expect(try await again.readLine() == ProxyProtocolTests.tooMany)
                try await ann.expectReply(to: "add habit Exercise", startsWith: "✅ Added habit Exercise")
                try await bob.expectReply(to: "status", startsWith: "ℹ️ Level 1")
            }
        }
    }
}
