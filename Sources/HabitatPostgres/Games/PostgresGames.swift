import Foundation
import HabitatEngine
import HabitatStorage

/// Every user's game in PostgreSQL, found by the key the application knows it by (the account's `file_id`): the
/// PostgreSQL side of ``UserGames``. Nothing is opened or closed: a game is its account's rows, and what is held in memory
/// is each game's last committed state.
extension PostgresStore: UserGames {
    public func with<T>(_ fileID: String, _ body: (any UserGame) async throws -> T) async throws -> T {
        try await body(try await game(ofFile: fileID))
    }

    /// The game kept under `fileID`.
    func game(ofFile fileID: String) async throws -> PostgresGame {
        if let accountID = accountsByFile.withLockedValue({ $0[fileID] }) { return game(of: accountID, fileID: fileID) }
        guard let accountID = try await rows("SELECT id FROM account WHERE file_id = \(fileID)").first?.int64("id") else {
            throw StorageError.invalidFileID
        }
        accountsByFile.withLockedValue { $0[fileID] = accountID }
        return game(of: accountID, fileID: fileID)
    }

    public func apply(
        _ action: Action, to fileID: String, at now: Date,
        completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        Task {
            do {
                completion(.success(try await game(ofFile: fileID).apply(action, at: now)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// A game is its account's rows: there is nothing to make before the account.
    public func make(_ fileID: String) async throws {}

    /// An account that could not be made has no rows to remove.
    public func discard(_ fileID: String) async throws {
        guard let accountID = accountsByFile.withLockedValue({ $0.removeValue(forKey: fileID) }) else { return }
        games.withLockedValue { _ = $0.removeValue(forKey: accountID) }
        keptGames.drop(accountID)
    }

    public func cachedState(of fileID: String, now: ContinuousClock.Instant) -> GameState? {
        guard let accountID = accountsByFile.withLockedValue({ $0[fileID] }) else { return nil }
        return games.withLockedValue { $0[accountID] }?.cachedState
    }

    public func closeIdle(unusedFor idle: Duration, now: ContinuousClock.Instant) -> Int { 0 }

    public func closeAll() async -> Int { 0 }

    public var openCount: Int { 0 }
}
