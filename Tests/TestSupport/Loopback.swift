import NIOCore
import NIOPosix

/// Ports on 127.0.0.1, for the real peers the end-to-end tests start.
public enum Loopback {
    /// A port free now (another process may take it before it is used: peers that fail to bind are started again).
    public static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port
        try await channel.close()
        guard let port else { throw TestFailure("no port was bound on 127.0.0.1") }
        return port
    }

    /// Whether something accepts connections on `port`.
    public static func accepts(port: Int) async -> Bool {
        guard
            let channel = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port).get()
        else { return false }
        try? await channel.close()
        return true
    }
}
