import Foundation
import HabitatHousehold
import HabitatStorage
import Testing
import TestSupport

@testable import HabitatPostgres

/// The stores a test of the storage contract runs on: SQLite always, PostgreSQL when the tests have one (always in CI).
enum EitherStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgresql

    static var available: [EitherStore] { TestPostgres.isAvailable ? allCases : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this kind, removed afterwards.
    func with<T: Sendable>(limits: RoomLimits = .standard, _ body: @Sendable (any StorageContract) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-store-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let directory = try DirectoryDatabase(directory: folder, durability: .normal, limits: limits)
            defer { try? directory.close() }
            return try await body(directory)
        case .postgresql:
            return try await TestPostgres.withDatabase { address in
                let store = try await PostgresStore.open(address, limits: limits, logger: TestPostgres.logger)
                do {
                    let result = try await body(store)
                    await store.close()
                    return result
                } catch {
                    await store.close()
                    throw error
                }
            }
        }
    }
}

extension EitherStore {
    /// Runs `body` with a new user's game in a new, empty store of this kind, and `fresh`, which gives another handle on
    /// the same game that has read nothing yet (as after a restart).
    func withGame<T: Sendable>(
        _ body: @Sendable (_ game: any UserGame, _ fresh: @Sendable () -> any UserGame) async throws -> T
    ) async throws -> T {
        switch self {
        case .sqlite:
            SQLiteSetup.apply()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habitat-game-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("users/ab/user.sqlite").path
            let game = UserDatabase(path: path, durability: .normal)
            defer { game.close() }
            return try await body(game) { UserDatabase(path: path, durability: .normal) }
        case .postgresql:
            return try await with { accounts in
                let store = accounts as! PostgresStore
                let account = try await store.createAccount(name: "ann", passwordHash: nil, at: Date(timeIntervalSince1970: 0))
                return try await body(store.game(of: account.id)) { PostgresGame(accountID: account.id, store: store) }
            }
        }
    }
}

/// Runs `body` on a thread of its own, as a change of a user's game runs what it writes elsewhere: a thread that may
/// wait, never one of the tasks' pool.
func onAThreadThatMayWait<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
