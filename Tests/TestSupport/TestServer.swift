import Foundation
import HabitatApp
import HabitatServer
import Logging
import NIOPosix
import ServiceLifecycle

/// A real Habitat server on an ephemeral loopback port, with its own temporary data directory.
public struct TestServer: Sendable {
    public let port: Int
    public let clock: ManualClock
    public let dataDirectory: URL
    /// The server itself, for tests that reach into its storage (`@testable import HabitatServer`).
    public let habitat: HabitatServer

    /// A cheaper scrypt cost than production, so suites that register many users stay fast.
    public static let testHasher = PasswordHasher(rounds: 1 << 10, blockSize: 8, parallelism: 1)

    /// Runs `body` against a fresh server, then shuts it down gracefully and removes the data it made. Its clock is
    /// ``clock``, moved by hand, unless `configure` sets another.
    public static func with<T: Sendable>(
        dataDirectory: URL? = nil,
        logger: Logger = quietLogger,
        threadPool: NIOThreadPool = .singleton,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let directory = dataDirectory ?? temporaryDirectory()
        // A directory the caller passed in is theirs to remove (they may start another server on it).
        defer { if dataDirectory == nil { try? FileManager.default.removeItem(at: directory) } }
        let clock = ManualClock()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.clock = { clock.now }
        configuration.passwordHasher = testHasher
        configuration.timerTick = .milliseconds(20)
        configure(&configuration)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let server = try HabitatServer(configuration: configuration, logger: logger, threadPool: threadPool) { port in
            portContinuation.yield(port)
        }
        let group = ServiceGroup(configuration: .init(services: server.services, logger: quietLogger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw TestFailure("the server did not start") }
            let result: Result<T, any Error>
            do {
                result = .success(try await body(TestServer(port: port, clock: clock, dataDirectory: directory, habitat: server)))
            } catch {
                result = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try result.get()
        }
    }

    /// Connects, from the loopback address `from` when given.
    public func connect(from: String? = nil) async throws -> LineClient {
        try await LineClient.connect(port: port, from: from)
    }

    /// Connects (from `from`, when given), registers `name`, and returns the logged-in client.
    public func user(_ name: String, password: String = "correct-horse", from: String? = nil) async throws -> LineClient {
        try await LineClient.registered(name, password: password, port: port, from: from)
    }
}
