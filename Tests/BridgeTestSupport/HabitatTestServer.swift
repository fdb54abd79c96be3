import Foundation
import HabitatApp
import HabitatServer
import HabitatStorage
import Logging
import ServiceLifecycle

/// A real Habitat server on a free loopback port, with one bridge created, for the bridges' end-to-end tests.
public enum HabitatTestServer {
    static let quiet = Logger(label: "habitat-e2e", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body` with a server whose bridge `bridge` has `token`, in a fresh data directory, and shuts it down
    /// gracefully afterwards. With `tls`, it speaks TLS; with `clock`, its game runs on that clock.
    public static func run(
        bridge: String, token: String, tls: TLSFiles? = nil, clock: (@Sendable () -> Date)? = nil,
        _ body: @Sendable (_ port: Int) async throws -> Void
    ) async throws {
        SQLiteSetup.apply()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        try await directory.addBridge(named: bridge, tokenHash: BridgeToken.hash(token), at: Date())
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = data
        configuration.passwordHasher = PasswordHasher(rounds: 1 << 10, blockSize: 8, parallelism: 1)
        if let clock { configuration.clock = clock }
        configuration.tls = tls
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let server = try HabitatServer(configuration: configuration, logger: quiet) { portContinuation.yield($0) }
        let group = ServiceGroup(configuration: .init(services: server.services, logger: quiet))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw TestFailure("the Habitat server did not start") }
            try await body(port)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
