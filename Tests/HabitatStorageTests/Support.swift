import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

/// Fixed instants and drafts shared by the storage tests.
enum Fixture {
    /// Friday 2026-11-20, the "today" of the tests.
    static let today = Day(ordinal: 20_777)

    /// 2026-11-20 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    static let exercise = HabitDraft(name: "Exercise")
    static let smoking = HabitDraft(name: "Smoking", kind: .bad)

    /// A fresh server-style file id: 32 lowercase hex digits.
    static func fileID() -> String {
        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}

/// Runs `body` with a new empty directory, removed afterwards. SQLite is set up first, as `habitat serve` sets it
/// up before it opens anything (``SQLiteSetup/apply()``): the tests' files are opened as the server's are.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    SQLiteSetup.apply()
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("habitat-storage-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// Runs `body` with a fresh user file in its own temporary directory.
func withUserDatabase<T>(
    durability: Durability = .normal, _ body: (UserDatabase) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        let path = directory.appendingPathComponent("users/ab/user.sqlite").path
        return try await body(UserDatabase(path: path, durability: durability))
    }
}

/// A plain GRDB connection to a file, for looking under the storage layer.
func rawDatabase(at path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    return try DatabaseQueue(path: path, configuration: configuration)
}

/// Every row of every table of a user file, as text: equal dumps mean equal files.
func dump(ofDatabaseAt path: String) throws -> [String: [String]] {
    let database = try rawDatabase(at: path)
    defer { try? database.close() }
    return try database.read { db in
        var tables: [String: [String]] = [:]
        for table in ["profile", "setting", "area", "habit", "reward", "ledger"] {
            tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map(\.description)
        }
        return tables
    }
}

/// Waits for `condition`, polling, and fails after `seconds`.
func waitUntil(
    seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        guard Date() < deadline else {
            Issue.record("condition not met within \(seconds) s", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

extension UserDatabase {
    /// `add habit ...`.
    @discardableResult
    func add(_ draft: HabitDraft, at now: Date = Fixture.now) async throws -> (outcome: Outcome, state: GameState) {
        try await apply(.addHabit(draft), at: now)
    }

    /// `did <habit>` (or `slipped <habit>`).
    @discardableResult
    func did(
        _ habit: String, times: Int = 1, when: Recording.When = .today, at now: Date = Fixture.now
    ) async throws -> (outcome: Outcome, state: GameState) {
        try await apply(.record(Recording(habit: habit, times: times, when: when)), at: now)
    }

    /// `buy <quantity> <item>`.
    @discardableResult
    func buy(_ item: String, quantity: Int = 1, at now: Date = Fixture.now) async throws -> (
        outcome: Outcome, state: GameState
    ) {
        try await apply(.buy(item: item, quantity: quantity), at: now)
    }

    /// `undo`.
    @discardableResult
    func undo() async throws -> (outcome: Outcome, state: GameState) {
        try await undo(at: Fixture.now)
    }

    /// The state as a new handle on the same file loads it: what a restarted server would see.
    func reloaded() async throws -> GameState {
        let fresh = UserDatabase(path: path, durability: .normal)
        defer { fresh.close() }
        return try await fresh.state()
    }

    /// Every ledger entry, oldest first.
    func entries() async throws -> [LedgerEntry] {
        try await read { ledger in try ledger.all() }
    }

    /// An integer `PRAGMA` as this handle's own connection sees it.
    func pragma(_ name: String) async throws -> Int? {
        try await read { ledger in try Int.fetchOne(ledger.db, sql: "PRAGMA \(name)") }
    }
}

/// Expects `body` to throw a ``HabitatError`` with `code`, and returns it.
@discardableResult
func expectRefusal<T>(
    _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> HabitatError? {
    let error = await #expect(throws: HabitatError.self, sourceLocation: sourceLocation) {
        _ = try await body()
    }
    #expect(error?.code == code, sourceLocation: sourceLocation)
    return error
}

extension LedgerAccess {
    /// The SQLite connection of a user's file, for a test that looks at the file itself.
    var db: Database { (self as! Ledger).db }
}
