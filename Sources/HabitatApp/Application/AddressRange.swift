import Foundation

/// An address or a range of them (`10.0.0.0/8`, `192.168.1.7`, `fd00::/8`, `::1`): the load balancers a server takes
/// the PROXY protocol from (`--proxy-protocol`).
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]
    /// How many leading bits an address must share with `bytes`.
    public let prefix: Int

    /// `text` as an address, or an address and a prefix length after `/`; `nil` when it is neither.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { return nil }
        (self.bytes, self.prefix) = (bytes, prefix)
    }

    /// The ranges of a comma-separated list, or the first item that is none.
    public static func list(_ text: String) -> Result<[AddressRange], ListError> {
        var ranges: [AddressRange] = []
        for item in text.split(separator: ",") where !item.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let range = AddressRange(String(item)) else { return .failure(ListError(item: String(item))) }
            ranges.append(range)
        }
        return .success(ranges)
    }

    public struct ListError: Error, Equatable {
        public let item: String
    }

    /// Whether the address whose bytes are `address` is in the range. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`)
    /// is the IPv4 one.
    public func contains(_ address: [UInt8]) -> Bool {
        let address = Self.unmapped(address)
        guard address.count == bytes.count else { return false }
        var left = prefix
        for (mine, theirs) in zip(bytes, address) where left > 0 {
            let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
            if mine & mask != theirs & mask { return false }
            left -= 8
        }
        return true
    }

    /// `address`'s bytes, an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 one's four.
    public static func unmapped(_ address: [UInt8]) -> [UInt8] {
        address.count == 16 && address[0..<10].allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF
            ? Array(address[12...]) : address
    }

    /// The bytes of an IPv4 or IPv6 address written out.
    public static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if text.contains("."), !text.contains(":"), inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if text.contains(":"), inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    public var description: String {
        var text: String
        if bytes.count == 4 {
            text = bytes.map(String.init).joined(separator: ".")
        } else {
            var v6 = in6_addr()
            withUnsafeMutableBytes(of: &v6) { $0.copyBytes(from: bytes) }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            text = inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)).map { String(cString: $0) } ?? "?"
        }
        return prefix == bytes.count * 8 ? text : "\(text)/\(prefix)"
    }
}
