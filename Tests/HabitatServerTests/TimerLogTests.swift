import Foundation
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import HabitatApp
@testable import HabitatServer

/// Keeps what is logged, for tests that read the log.
final class LogCapture: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let lines = NIOLockedValueBox<[Line]>([])

    var logger: Logger { Logger(label: "habitat-test") { _ in Handler(capture: self) } }
    var all: [Line] { lines.withLockedValue { $0 } }
    var messages: [String] { all.map(\.message) }

    fileprivate func append(_ line: Line) { lines.withLockedValue { $0.append(line) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(Line(level: event.level, message: event.message.description, metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
        }
    }
}

@Suite("Timers of a damaged file")
struct TimerLogTests {
    static let damaged = "a user's file is damaged: see 'habitat check'. Its timers wait until it is restored (said once per file)"
    static let readable = "a user's damaged file can be read again: its timers run"

    /// A timer of a user whose file is damaged waits, tried again each tick; the log says so once for the file,
    /// not once a tick or once a timer, and once more when the file can be read again.
    @Test func aDamagedFileIsLoggedOnceWhileItsTimersWait() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = try DirectoryDatabase(directory: data, durability: .normal)
        let users = UserDatabases(directory: data, capacity: 4, durability: .normal)
        let log = LogCapture()
        let clock = ManualClock()
        let timers = TimerService(
            directory: directory, users: users, presence: Presence(directory: directory), clock: { clock.now }, logger: log.logger)
        let account = try await directory.createAccount(name: "wren", passwordHash: nil, at: clock.now)
        let path = try users.path(for: account.fileID)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x55, count: 4096).write(to: URL(fileURLWithPath: path))
        _ = try await directory.addTimer(accountID: account.id, habit: "Read", minutes: 1, at: clock.now)
        _ = try await directory.addTimer(accountID: account.id, habit: "Stretch", minutes: 1, at: clock.now)
        clock.advance(by: 60)

        // What the scheduler does each tick for timers.
        func tick() async throws {
            for timer in try await directory.dueTimers(at: clock.now) { await timers.fire(timer) }
        }
        for _ in 0..<5 { try await tick() }
        #expect(log.messages == [Self.damaged])
        #expect(log.all.first?.level == .error)
        #expect(log.all.first?.metadata["file"] == .string(path))
        #expect(try await directory.dueTimers(at: clock.now).map(\.habit).sorted() == ["Read", "Stretch"])

        // The file restored (here a new one in its place), the timers run and the log says so, once.
        try FileManager.default.removeItem(atPath: path)
        try await tick()
        try await tick()
        #expect(log.messages == [Self.damaged, Self.readable])
        #expect(try await directory.dueTimers(at: clock.now).isEmpty)
    }

    /// Damaged again after it was read, a file is logged again.
    @Test func aFileDamagedAgainIsLoggedAgain() {
        let files = DamagedFiles()
        #expect(files.insert("a.sqlite"))
        #expect(!files.insert("a.sqlite"))
        #expect(files.insert("b.sqlite"))
        #expect(files.remove("a.sqlite"))
        #expect(!files.remove("a.sqlite"))
        #expect(files.insert("a.sqlite"))
    }
}
