import Foundation

/// A real HAProxy (Debian's) in front of Habitat servers on this machine: TCP mode, round robin, each server sent a
/// PROXY v2 header (`send-proxy-v2`) and health-checked, as an operator would run it (README, "Running at scale").
public final class HAProxy: Sendable {
    public static let path = "/usr/sbin/haproxy"
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The port clients connect to, on 127.0.0.1.
    public let port: Int
    let peer: PeerProcess

    private init(port: Int, peer: PeerProcess) {
        (self.port, self.peer) = (port, peer)
    }

    /// The configuration passing connections on `port` to the servers on `backends`.
    public static func configuration(port: Int, backends: [Int]) -> String {
        """
        global
            maxconn 4000
        defaults
            mode tcp
            # A server that refuses a connection (killed) is not tried again for it: another takes it.
            retries 2
            option redispatch
            timeout connect 5s
            timeout client 10m
            timeout server 10m
        frontend habitat
            bind 127.0.0.1:\(port)
            default_backend nodes
        backend nodes
            balance roundrobin
        \(backends.enumerated().map { "    server node\($0.offset + 1) 127.0.0.1:\($0.element) send-proxy-v2 check inter 500ms fall 2 rise 2" }.joined(separator: "\n"))

        """
    }

    /// Starts HAProxy on a free port in front of the servers on `backends` (ports on 127.0.0.1), once it takes
    /// connections.
    public static func start(backends: [Int]) async throws -> HAProxy {
        guard isInstalled else { throw TestFailure("HAProxy is not installed (apt-get install haproxy)") }
        for _ in 0..<5 {
            let port = try await Loopback.freePort()
            let directory = temporaryDirectory()
            try configuration(port: port, backends: backends).write(to: directory.appendingPathComponent("haproxy.cfg"), atomically: true, encoding: .utf8)
            let peer = try await PeerProcess(path, ["-db", "-f", "haproxy.cfg"], in: directory)
            if await peer.becomesReady("HAProxy on port \(port)", checks: [{ await Loopback.accepts(port: port) }]) {
                return HAProxy(port: port, peer: peer)
            }
        }
        throw TestFailure("HAProxy did not start (five ports tried)")
    }

    public func stop() { peer.stop() }

    /// Runs `body` with HAProxy in front of `backends`, stopped after.
    public static func with<T: Sendable>(backends: [Int], _ body: (HAProxy) async throws -> T) async throws -> T {
        let proxy = try await start(backends: backends)
        defer { proxy.stop() }
        return try await body(proxy)
    }
}
