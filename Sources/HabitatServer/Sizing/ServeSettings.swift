import Foundation
import HabitatApp
import HabitatStorage

/// What `habitat serve` is told (its flags, as values), checked, and turned into the server's configuration for the
/// machine it runs on. The command line only fills it in: every rule about the settings is here, where tests reach it.
public struct ServeSettings: Sendable {
    /// The settings when no flag is given; `serve`'s flags show them as their defaults.
    public static let standard = ServeSettings()
    /// The configuration's own defaults, which the settings' follow.
    private static let configured = ServerConfiguration()

    public var host = configured.host
    public var port = configured.port
    public var data = "./habitat-data"
    public var durability = configured.durability
    public var registration = configured.registration
    public var maxConnections = configured.maxConnections
    public var maxPerAddress = configured.maxConnectionsPerAddress
    public var maxUnauthenticatedPerAddress = configured.maxUnauthenticatedPerAddress
    public var rateLimit = configured.rateLimit
    public var maxLine = configured.maxLineLength
    public var loginTimeout = Int(configured.unauthenticatedTimeout)
    public var unreadTimeout = Int(configured.unreadRepliesTimeout)
    /// `nil`: sized from the machine (``MachineSize/defaultOpenFiles``).
    public var openFiles: Int?
    public var idleFiles = Int(configured.idleFileTimeout)
    /// `nil`: one fewer than the cores, at least one.
    public var eventLoops: Int?
    public var tlsCert: String?
    public var tlsKey: String?
    public var metrics: String?
    /// The load balancers taken at their word about who their clients are: addresses and ranges, comma-separated.
    public var proxyProtocol: String?
    /// A file to append the lines people typed that the server could not read.
    public var recordUnknown: String?

    public init() {}

    /// What is wrong with the settings; `naming` says a setting as it was given (`--port` when a flag,
    /// `HABITAT_PORT` when from the environment). `nil` when nothing is.
    public func problem(naming: (String) -> String = { "--" + $0 }) -> String? {
        if (tlsCert == nil) != (tlsKey == nil) {
            return "TLS needs both \(naming("tls-cert")) and \(naming("tls-key"))."
        }
        if let eventLoops, eventLoops < 1 { return "\(naming("event-loops")) needs at least 1." }
        guard (0...65_535).contains(port) else {
            return "\(naming("port")) is a TCP port from 0 to 65535 (0 picks a free one), not \(port)."
        }
        if let metrics, ListenAddress(metrics) == nil {
            return "\(naming("metrics")) is a port (9464) or a host and port (127.0.0.1:9464), not '\(metrics)'."
        }
        if let proxyProtocol {
            switch AddressRange.list(proxyProtocol) {
            case .failure(let error):
                return "\(naming("proxy-protocol")) takes addresses and ranges (10.0.0.5,10.0.1.0/24), not '\(error.item)'."
            case .success(let ranges) where ranges.isEmpty:
                return "\(naming("proxy-protocol")) needs at least one address of a load balancer."
            case .success: break
            }
        }
        let atLeast: [(name: String, value: Int?, minimum: Int, why: String)] = [
            ("max-connections", maxConnections, 1, "with 0 every client would be turned away"),
            ("max-line", maxLine, 256, "shorter lines would refuse ordinary commands and logins"),
            ("rate-limit", rateLimit, 0, "0 turns the limit off"),
            ("max-per-address", maxPerAddress, 0, "0 turns the limit off"),
            ("max-unauthenticated-per-address", maxUnauthenticatedPerAddress, 0, "0 turns the limit off"),
            ("login-timeout", loginTimeout, 1, "a connection needs time to log in"),
            ("unread-timeout", unreadTimeout, 1, "a client needs time to read its replies"),
            ("open-files", openFiles, 1, "every command needs its user's file open"),
            ("idle-files", idleFiles, 0, "0 keeps files open until --open-files needs room"),
        ]
        for option in atLeast {
            if let value = option.value, value < option.minimum {
                return "\(naming(option.name)) needs at least \(option.minimum) (\(option.why)), not \(value)."
            }
        }
        return nil
    }

    /// Users' files kept open on `machine`: as given, or sized from it.
    public func openFiles(on machine: MachineSize) -> Int { openFiles ?? machine.defaultOpenFiles }

    /// Event loops on a machine with `cores`. On two cores, two event loops and the storage threads took turns on
    /// both: one loop answered a `status` in a quarter less CPU, with a third of the tail latency, and wrote as fast
    /// (BENCHMARKS.md).
    public func eventLoops(cores: Int) -> Int { eventLoops ?? max(1, cores - 1) }

    /// The server's configuration for these settings, with `openFiles` files open and `budget`'s descriptors.
    /// `sharedDescriptors` is whether SQLite's settings applied: without them users' files can't share descriptors,
    /// so only as many stay open as have two each.
    public func configuration(openFiles: Int, budget: DescriptorBudget, sharedDescriptors: Bool) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = URL(fileURLWithPath: data)
        configuration.durability = durability
        configuration.registration = registration
        configuration.maxConnections = budget.connections
        configuration.maxConnectionsPerAddress = maxPerAddress
        configuration.maxUnauthenticatedPerAddress = maxUnauthenticatedPerAddress
        configuration.rateLimit = rateLimit
        configuration.maxLineLength = maxLine
        configuration.unauthenticatedTimeout = TimeInterval(loginTimeout)
        configuration.unreadRepliesTimeout = TimeInterval(unreadTimeout)
        configuration.openUserFiles =
            sharedDescriptors ? openFiles : max(1, min(openFiles, budget.fileDescriptors / DescriptorBudget.perOpenFile))
        configuration.idleFileTimeout = TimeInterval(idleFiles)
        if let tlsCert, let tlsKey { configuration.tls = TLSFiles(certificateChain: tlsCert, privateKey: tlsKey) }
        configuration.metrics = metrics.flatMap(ListenAddress.init)
        configuration.proxyProtocol = proxyProtocol.flatMap { try? AddressRange.list($0).get() } ?? []
        configuration.unknownLines = recordUnknown.map { URL(fileURLWithPath: $0) }
        return configuration
    }
}
