import NIOCore

/// The header a load balancer speaking the PROXY protocol sends first on each connection it passes on: who the client
/// is, since the server sees only the balancer. Version 1 is a line of text (`PROXY TCP4 203.0.113.7 10.0.0.2 51234
/// 7878\r\n`), version 2 a binary block after a 12-byte signature (HAProxy's `send-proxy` and `send-proxy-v2`;
/// haproxy.org's proxy-protocol.txt).
enum ProxyHeader: Equatable {
    /// A header of `length` bytes naming the client `source`; `nil` when the balancer speaks for itself (a v2 `LOCAL`
    /// health check, a v1 `UNKNOWN`): the connection's own address stands.
    case header(source: SocketAddress?, length: Int)
    /// Not a PROXY header: the client's own bytes.
    case none
    /// Could still be one: more bytes are needed to tell.
    case incomplete
    /// Starts as one but is not a valid one.
    case invalid(String)

    static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    static let v1Prefix = Array("PROXY ".utf8)
    /// A v1 header's longest line, its `\r\n` included.
    static let v1Longest = 107
    /// The longest v2 header taken: its addresses and a few extensions (HAProxy's run to a few dozen bytes).
    static let v2Longest = 16 + 1024

    /// What `bytes` (the first a connection sent) start with.
    static func read(_ bytes: ByteBufferView) -> ProxyHeader {
        let start = Array(bytes.prefix(v2Signature.count))
        if start == Array(v2Signature.prefix(start.count)) {
            return start.count < v2Signature.count ? .incomplete : readV2(Array(bytes.prefix(v2Longest + 1)))
        }
        let head = Array(bytes.prefix(v1Prefix.count))
        if head == Array(v1Prefix.prefix(head.count)) {
            return head.count < v1Prefix.count ? .incomplete : readV1(Array(bytes.prefix(v1Longest)))
        }
        return .none
    }

    private static func readV1(_ bytes: [UInt8]) -> ProxyHeader {
        guard let newline = bytes.firstIndex(of: 0x0A) else {
            return bytes.count >= v1Longest ? .invalid("a v1 header longer than \(v1Longest) bytes") : .incomplete
        }
        guard newline > 0, bytes[newline - 1] == 0x0D else { return .invalid("a v1 header not ending in CRLF") }
        let fields = String(decoding: bytes[..<(newline - 1)], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 2 else { return .invalid("a v1 header without its protocol") }
        if fields[1] == "UNKNOWN" { return .header(source: nil, length: newline + 1) }
        guard fields.count == 6, fields[1] == "TCP4" || fields[1] == "TCP6" else {
            return .invalid("a v1 header that is not TCP4, TCP6 or UNKNOWN with two addresses and two ports")
        }
        guard let port = Int(fields[4]), (0...65_535).contains(port), fields[4].allSatisfy(\.isASCII),
            let source = try? SocketAddress(ipAddress: String(fields[2]), port: port),
            (fields[1] == "TCP4") == (source.protocol == .inet)
        else {
            return .invalid("a v1 header whose source address or port can't be read")
        }
        return .header(source: source, length: newline + 1)
    }

    private static func readV2(_ bytes: [UInt8]) -> ProxyHeader {
        guard bytes.count >= 16 else { return .incomplete }
        let (versionCommand, family) = (bytes[12], bytes[13])
        let length = Int(bytes[14]) << 8 | Int(bytes[15])
        guard versionCommand >> 4 == 2 else { return .invalid("a v2 header of version \(versionCommand >> 4)") }
        guard 16 + length <= v2Longest else { return .invalid("a v2 header of \(16 + length) bytes") }
        guard bytes.count >= 16 + length else { return .incomplete }
        switch versionCommand & 0x0F {
        case 0: return .header(source: nil, length: 16 + length)  // LOCAL: the balancer's own connection
        case 1: break  // PROXY
        default: return .invalid("a v2 header with command \(versionCommand & 0x0F)")
        }
        let body = bytes[16..<(16 + length)]
        func port(at offset: Int) -> Int { Int(body[body.startIndex + offset]) << 8 | Int(body[body.startIndex + offset + 1]) }
        switch family {
        case 0x11 where length >= 12:  // TCP over IPv4: source, destination, source port, destination port
            let address = body.prefix(4).map(String.init).joined(separator: ".")
            return (try? SocketAddress(ipAddress: address, port: port(at: 8))).map { .header(source: $0, length: 16 + length) }
                ?? .invalid("a v2 header whose source can't be read")
        case 0x21 where length >= 36:  // TCP over IPv6
            let groups = stride(from: 0, to: 16, by: 2).map { String(Int(body[body.startIndex + $0]) << 8 | Int(body[body.startIndex + $0 + 1]), radix: 16) }
            return (try? SocketAddress(ipAddress: groups.joined(separator: ":"), port: port(at: 32))).map { .header(source: $0, length: 16 + length) }
                ?? .invalid("a v2 header whose source can't be read")
        case 0x00, 0x31, 0x32:  // unspecified, or Unix sockets: nothing to say about the client
            return .header(source: nil, length: 16 + length)
        default:
            return .invalid("a v2 header of address family \(family)")
        }
    }
}
