import HabitatApp
import NIOCore

/// How many connections one address may hold at once: in all, and of those, how many not logged in yet. One
/// machine with thousands of sockets then fills only its own share of the server. `0` lifts a limit.
struct AddressLimits: Sendable, Equatable {
    var connections: Int
    var waiting: Int

    init(connections: Int, waiting: Int) {
        (self.connections, self.waiting) = (connections, waiting)
    }

    init(_ configuration: ServerConfiguration) {
        self.init(connections: configuration.maxConnectionsPerAddress, waiting: configuration.maxUnauthenticatedPerAddress)
    }

    /// What an address holds now.
    struct Usage: Sendable, Equatable {
        var connections = 0
        /// Of `connections`, those not logged in yet.
        var waiting = 0
    }

    /// Why a new connection from an address is turned away, if it is: `nil` when it may come in.
    func refusal(holding held: Usage) -> Refusal? {
        if connections > 0, held.connections >= connections { return .connections(connections) }
        if waiting > 0, held.waiting >= waiting { return .waiting(waiting) }
        return nil
    }

    /// An address holding all it may.
    enum Refusal: Sendable, Equatable {
        case connections(Int)
        case waiting(Int)

        /// The one line the connection gets before it is closed.
        var message: String {
            switch self {
            case .connections(let limit):
                "Too many connections from your address (\(limit) at once). Close some, then try again."
            case .waiting(let limit):
                "Too many connections from your address are waiting to log in (\(limit) at once). Log in on those or close some, then try again."
            }
        }
    }

    /// What an address is counted as: an IPv4 address as it is, an IPv6 address by its first 64 bits (a home or an
    /// office is given a /64 of addresses, and picks any of them), an IPv4 address written as IPv6 as the IPv4 one.
    /// Anything else (a Unix socket) is one address.
    static func key(of address: SocketAddress?) -> String {
        switch address {
        case .v4?:
            return address?.ipAddress ?? "?"
        case .v6?:
            let bytes = address?.addressBytes ?? []
            let unmapped = AddressRange.unmapped(bytes)
            if unmapped.count == 4 { return unmapped.map(String.init).joined(separator: ".") }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        default:
            return "local"
        }
    }
}
