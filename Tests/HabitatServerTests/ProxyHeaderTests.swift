import HabitatApp
import NIOCore
import Testing

@testable import HabitatServer

/// The PROXY protocol's header as a load balancer sends it (haproxy.org's proxy-protocol.txt): who the client is.
@Suite("PROXY headers")
struct ProxyHeaderTests {
    static func read(_ bytes: [UInt8]) -> ProxyHeader { ProxyHeader.read(ByteBuffer(bytes: bytes).readableBytesView) }
    static func read(_ text: String) -> ProxyHeader { read(Array(text.utf8)) }

    static func refused(_ list: String) -> String? {
        if case .failure(let error) = AddressRange.list(list) { error.item } else { nil }
    }

    static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    @Test func versionOneNamesTheClientAndIsReadToItsLineEnd() throws {
        #expect(Self.read("PROXY TCP4 203.0.113.7 10.0.0.2 51234 7878\r\nstatus\n")
            == .header(source: try SocketAddress(ipAddress: "203.0.113.7", port: 51234), length: 44))
        #expect(Self.read("PROXY TCP6 2001:db8::7 2001:db8::1 40000 7878\r\n")
            == .header(source: try SocketAddress(ipAddress: "2001:db8::7", port: 40000), length: 47))
        #expect(Self.read("PROXY UNKNOWN\r\n") == .header(source: nil, length: 15))
        #expect(Self.read("PROXY UNKNOWN ffff:f...f:ffff ffff:f...f:ffff 65535 65535\r\n") == .header(source: nil, length: 59))
    }

    @Test func aHeaderArrivingInPiecesIsWaitedFor() {
        #expect(Self.read("P") == .incomplete)
        #expect(Self.read("PROXY TCP4 203.0.113.7 10.0.") == .incomplete)
        #expect(Self.read(Array(Self.v2Signature.prefix(5))) == .incomplete)
        #expect(Self.read(Self.v2Signature + [0x21, 0x11, 0x00, 0x0C, 203, 0, 113]) == .incomplete)
    }

    @Test func aClientsOwnLinesAreNoHeader() {
        #expect(Self.read("login ann correct-horse\n") == .none)
        #expect(Self.read("PROXIMA centauri\n") == .none)
        // An empty line could still be the start of a v2 signature; the next line tells.
        #expect(Self.read("\r\n") == .incomplete)
        #expect(Self.read("\r\nstatus\r\n") == .none)
        #expect(Self.read([0x16, 0x03, 0x01]) == .none)  // a TLS handshake
    }

    @Test func aBrokenVersionOneHeaderIsInvalid() {
        #expect(Self.read("PROXY TCP4 203.0.113.7 10.0.0.2 51234 7878\n") == .invalid("a v1 header not ending in CRLF"))
        #expect(Self.read("PROXY TCP4 2001:db8::7 10.0.0.2 51234 7878\r\n") == .invalid("a v1 header whose source address or port can't be read"))
        #expect(Self.read("PROXY TCP4 203.0.113.7 10.0.0.2 70000 7878\r\n") == .invalid("a v1 header whose source address or port can't be read"))
        #expect(Self.read("PROXY UDP4 203.0.113.7 10.0.0.2 1 2\r\n")
            == .invalid("a v1 header that is not TCP4, TCP6 or UNKNOWN with two addresses and two ports"))
        #expect(Self.read("PROXY " + String(repeating: "1", count: 120)) == .invalid("a v1 header longer than 107 bytes"))
    }

    @Test func versionTwoNamesTheClientInBinary() throws {
        let v4 = Self.v2Signature + [0x21, 0x11, 0x00, 0x0C, 203, 0, 113, 7, 10, 0, 0, 2, 0xC8, 0x22, 0x1E, 0xC6] + Array("status\n".utf8)
        #expect(Self.read(v4) == .header(source: try SocketAddress(ipAddress: "203.0.113.7", port: 51234), length: 28))
        var v6 = Self.v2Signature + [0x21, 0x21, 0x00, 0x24]
        v6 += [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 11) + [7]  // 2001:db8::7
        v6 += [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 11) + [1]
        v6 += [0x9C, 0x40, 0x1E, 0xC6]
        #expect(Self.read(v6) == .header(source: try SocketAddress(ipAddress: "2001:db8::7", port: 40000), length: 52))
        // Extensions after the addresses (HAProxy's, a TLV each) are part of the header, skipped with it.
        let extended = Self.v2Signature + [0x21, 0x11, 0x00, 0x11, 203, 0, 113, 7, 10, 0, 0, 2, 0xC8, 0x22, 0x1E, 0xC6, 0x04, 0x00, 0x02, 0xAB, 0xCD]
        #expect(Self.read(extended) == .header(source: try SocketAddress(ipAddress: "203.0.113.7", port: 51234), length: 33))
    }

    @Test func aHealthCheckSpeaksForTheBalancerItself() {
        // HAProxy's `check` with send-proxy-v2: a LOCAL header, then the connection ends.
        #expect(Self.read(Self.v2Signature + [0x20, 0x00, 0x00, 0x00]) == .header(source: nil, length: 16))
    }

    @Test func aBrokenVersionTwoHeaderIsInvalid() {
        #expect(Self.read(Self.v2Signature + [0x11, 0x11, 0x00, 0x00]) == .invalid("a v2 header of version 1"))
        #expect(Self.read(Self.v2Signature + [0x22, 0x11, 0x00, 0x00]) == .invalid("a v2 header with command 2"))
        #expect(Self.read(Self.v2Signature + [0x21, 0x11, 0xFF, 0xFF]) == .invalid("a v2 header of 65551 bytes"))
        #expect(Self.read(Self.v2Signature + [0x21, 0x12, 0x00, 0x0C] + Array(repeating: 1, count: 12)) == .invalid("a v2 header of address family 18"))
    }

    @Test func addressesAndRangesAreMatchedByTheirLeadingBits() throws {
        let ranges = try AddressRange.list("10.0.0.5, 192.168.0.0/16,fd00::/8,::1").get()
        #expect(ranges.map(\.description) == ["10.0.0.5", "192.168.0.0/16", "fd00::/8", "::1"])
        func trusted(_ address: String) throws -> Bool {
            let bytes = try #require(AddressRange.bytes(of: address))
            return ranges.contains { $0.contains(bytes) }
        }
        #expect(try trusted("10.0.0.5") && !(try trusted("10.0.0.6")))
        #expect(try trusted("192.168.44.3") && !(try trusted("192.169.0.1")))
        #expect(try trusted("fd12:3456::1") && !(try trusted("fe80::1")))
        #expect(try trusted("::1") && !(try trusted("::2")))
        // An IPv4 address written as IPv6, as a dual-stack socket reports it.
        #expect(try trusted("::ffff:10.0.0.5"))
        #expect(try AddressRange.list("10.0.0.0/12").get().first?.contains([10, 15, 255, 1]) == true)
        #expect(try AddressRange.list("10.0.0.0/12").get().first?.contains([10, 16, 0, 1]) == false)
        #expect(throws: AddressRange.ListError.self) { try AddressRange.list("10.0.0.1,localhost").get() }
        #expect(Self.refused("10.0.0.1,localhost") == "localhost")
        #expect(Self.refused("10.0.0.0/33") == "10.0.0.0/33")
    }
}
