import Foundation
import HabitatApp
import HabitatStorage

/// A real Habitat server on a free loopback port, with one bridge created, for the bridges' end-to-end tests.
public enum HabitatTestServer {
    /// Runs `body` with a server whose bridge `bridge` has `token`, in a fresh data directory, and shuts it down
    /// gracefully afterwards. With `tls`, it speaks TLS; its game runs on `clock`, the real one unless given.
    public static func run(
        bridge: String, token: String, tls: TLSFiles? = nil, clock: (@Sendable () -> Date)? = nil,
        _ body: @Sendable (_ port: Int) async throws -> Void
    ) async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        try await directory.addBridge(named: bridge, tokenHash: BridgeToken.hash(token), at: Date())
        try await TestServer.with(
            dataDirectory: data,
            configure: { configuration in
                configuration.clock = clock ?? { Date() }
                configuration.tls = tls
            }
        ) { server in try await body(server.port) }
    }
}
