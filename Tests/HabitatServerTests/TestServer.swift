import Foundation
@testable import HabitatApp
@testable import HabitatServer
import HabitatStorage
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import NIOConcurrencyHelpers

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    init(_ start: Date = ManualClock.defaultStart) { current = NIOLockedValueBox(start) }

    /// 2026-11-20 12:00:00 UTC, a Friday.
    static let defaultStart = Date(timeIntervalSince1970: 1_795_176_000)

    var now: Date { current.withLockedValue { $0 } }
    func set(_ date: Date) { current.withLockedValue { $0 = date } }
    func advance(by seconds: TimeInterval) { current.withLockedValue { $0 += seconds } }
}

/// A real Habitat server on an ephemeral loopback port, with its own temporary data directory.
struct TestServer: Sendable {
    let port: Int
    let clock: ManualClock
    let dataDirectory: URL
    /// The server itself, for tests that reach into its storage (`@testable import HabitatServer`).
    let habitat: HabitatServer

    static let quietLogger = Logger(label: "habitat-test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A cheaper scrypt cost than production, so suites that register many users stay fast.
    static let testHasher = PasswordHasher(rounds: 1 << 10, blockSize: 8, parallelism: 1)

    /// Runs `body` against a fresh server, then shuts it down gracefully and removes the data it made.
    static func with<T: Sendable>(
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
    /// Waits until nothing is due by the server's clock: its scheduler (ticking every 20 ms) has fired everything a
    /// move of the clock made due. Gives up after 5 s (something that can't fire, such as a damaged file's timer).
    func settled() async throws {
        for _ in 0..<500 {
            if try await habitat.application.directory.due(at: clock.now).isEmpty { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func connect(from: String? = nil) async throws -> LineClient {
        try await LineClient.connect(port: port, from: from)
    }

    /// Connects (from `from`, when given), registers `name`, and returns the logged-in client.
    func user(_ name: String, password: String = "correct-horse", from: String? = nil) async throws -> LineClient {
        let client = try await connect(from: from)
        try await client.expectReply(to: "register \(name) \(password)", startsWith: "✅ Welcome to Habitat, \(name)!")
        return client
    }
}

/// A new empty directory for a test's data. SQLite is set up first, as `habitat serve` sets it up before it opens
/// anything (``SQLiteSetup/apply()``): the tests' servers and files run as the real one's do.
func temporaryDirectory() -> URL {
    SQLiteSetup.apply()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// XP spent on reaching `level` on the default linear curve: 100 + 150 + 200 + ...
func xpOfEarlierLevels(_ level: Int) -> Int {
    (1..<max(level, 1)).reduce(0) { $0 + 100 + 50 * ($1 - 1) }
}
