import Foundation
import HabitatHousehold
import HabitatStorage

/// Everything `habitat serve` can be told, the transport's settings and the application's alike (plain values:
/// the transport reads its own). Defaults follow the spec.
public struct ServerConfiguration: Sendable {
    /// Who may `register`: anyone, whoever has an invite code (`habitat admin invite`), or no one. Chat users come
    /// in through the bridges their operator added, whichever it is.
    public enum Registration: String, Sendable, CaseIterable {
        case open, invite, closed
    }

    public var host = "127.0.0.1"
    /// 0 picks a free port (tests).
    public var port = 7878
    public var dataDirectory = URL(fileURLWithPath: "habitat-data")
    /// Where everything is kept, when not in `dataDirectory`'s files: a PostgreSQL database, opened already.
    public var stores: Stores?
    public var durability = Durability.normal
    public var registration = Registration.open
    /// Longest request line in bytes; longer ones are dropped with `line_too_long`.
    public var maxLineLength = 4096
    public var maxConnections = 10_000
    /// Connections one address may hold at once (IPv6: one /64); 0 lifts the limit.
    public var maxConnectionsPerAddress = 100
    /// Of those, how many may wait without logging in; 0 lifts the limit.
    public var maxUnauthenticatedPerAddress = 20
    /// Commands per second per connection; 0 turns the limit off.
    public var rateLimit = 1000
    /// Seconds a connection may stay without logging in.
    public var unauthenticatedTimeout: TimeInterval = 120
    /// Seconds a client may leave its replies unread (beyond the socket's buffers) before it is disconnected.
    public var unreadRepliesTimeout: TimeInterval = 60
    /// How many user files stay open at once.
    public var openUserFiles = 1024
    /// Seconds a user's file stays open after its last use; 0 keeps it until `openUserFiles` needs room.
    public var idleFileTimeout: TimeInterval = 300
    /// TLS on the listening port: PEM files of the certificate chain and its private key. `nil`: plain TCP.
    public var tls: TLSFiles?
    /// Where the metrics are served over HTTP, for Prometheus (`GET /metrics`). `nil`: nowhere, and nothing is measured.
    public var metrics: ListenAddress?
    /// Where people's lines the server could not read are appended (without who typed them), for growing the
    /// everyday words from what people really type. `nil`: nowhere.
    public var unknownLines: URL?
    /// The load balancers whose connections may start with a PROXY header naming the client (`--proxy-protocol`);
    /// empty: none, and the server reads no such header.
    public var proxyProtocol: [AddressRange] = []
    /// The game's clock; tests pass a fixed one.
    public var clock: @Sendable () -> Date = { Date() }
    public var passwordHasher = PasswordHasher.standard
    /// How often ended timers are looked for.
    public var timerTick: Duration = .seconds(1)
    /// At shutdown, how long clients have to take their last replies before a connection whose client is
    /// not taking them (no longer writable) is closed; one still answering gets until `shutdownLimit`.
    public var shutdownGrace: Duration = .seconds(5)
    public var shutdownLimit: Duration = .seconds(30)
    /// Told each stage of work written in steps (a shared completion, a room's post), on the thread that reaches it:
    /// what crash-consistency tests stop the server at.
    public var stageReached: (@Sendable (WorkStage) -> Void)?
    /// Chat users whose sessions a bridge connection keeps, the most recently heard.
    public var chatUsersPerBridge = 10_000
    /// Rooms per account, members and shared habits per room.
    public var roomLimits = RoomLimits.standard

    public init() {}
}

/// Where the server's TLS certificate chain and private key are, both PEM.
public struct TLSFiles: Sendable, Equatable {
    public var certificateChain: String
    public var privateKey: String

    public init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// A host and TCP port to listen on: `9464` (this machine only: 127.0.0.1), `0.0.0.0:9464`, `[::1]:9464`.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    /// 0 picks a free port.
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `PORT` or `HOST:PORT` (an IPv6 host in brackets); a port alone listens on this machine only. `nil` for anything
    /// else, or a port beyond 65535.
    public init?(_ text: String) {
        var host = "127.0.0.1"
        var port = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            port = text[text.index(after: colon)...]
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, !host.contains("[") else { return nil }
        }
        guard port.allSatisfy(\.isASCII), let number = Int(port), (0...65_535).contains(number) else { return nil }
        self.init(host: host, port: number)
    }

    /// As typed: `127.0.0.1:9464`, `[::1]:9464`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Whether it is reached only from this machine.
    public var isLoopback: Bool { ["::1", "localhost"].contains(host) || host.hasPrefix("127.") }
}
