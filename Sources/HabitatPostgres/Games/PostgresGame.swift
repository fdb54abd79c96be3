import Foundation
import HabitatEngine
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import PostgresNIO

/// One user's game and ledger in PostgreSQL: their account's rows of each table. The PostgreSQL side of
/// ``UserGame``; what a change does is written once, in HabitatStorage, on `changing` and `read`.
///
/// A change takes a connection from the pool and runs on a thread of NIO's pool (never an event loop's, never one of
/// Swift's tasks' threads), because the engine reads the ledger as it runs: each statement waits for PostgreSQL there.
/// It locks the account's profile row first (`FOR UPDATE`), so two changes of one user, from anywhere, take turns.
public final class PostgresGame: UserGame {
    public let accountID: Int64
    let store: PostgresStore
    /// The key the application knows the game by (the account's `file_id`), whose mark each commit takes away
    /// (``PostgresStore/changes``).
    let fileID: String?
    private let cached = NIOLockedValueBox<GameState?>(nil)
    /// Held by a change from before it reads the state to after it is cached, and by a first reading of the state: the
    /// state in memory is always the one last committed, and a change never starts from an older one.
    private let turn = NIOLock()

    init(accountID: Int64, fileID: String? = nil, store: PostgresStore) {
        self.accountID = accountID
        self.fileID = fileID
        self.store = store
    }

    public var cachedState: GameState? { cached.withLockedValue { $0 } }

    /// Lets the state in memory go: the next use reads it from PostgreSQL. Always safe: what is cached is the state last
    /// committed, or nothing.
    func forget() { cached.withLockedValue { $0 = nil } }

    public var location: String { "account \(accountID) in \(store.address)" }

    public func state() async throws -> GameState {
        if let state = cachedState { return state }
        return try await onConnection { rows in
            try self.turn.withLock {
                if let state = self.cachedState { return state }
                let state = try GameState.fetch(from: rows)
                self.cached.withLockedValue { $0 = state }
                self.store.kept(self.accountID)
                return state
            }
        }
    }

    public func changing<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T
    ) async throws -> (result: T, state: GameState) {
        try await onConnection { rows in
            self.turn.lock()
            defer { self.turn.unlock() }
            // Held back, sent with the first statement waited for: a change refused before it wrote anything costs
            // no round trip.
            rows.hold("BEGIN")
            do {
                // The account's turn: a change elsewhere of the same user waits here until this one is over.
                rows.hold("SELECT 1 FROM account WHERE id = $1 FOR UPDATE") { _ in }
                var state = try self.cachedState ?? GameState.fetch(from: rows)
                var saved = state
                let result = try body(&state, PostgresLedger(rows: rows)) { current in
                    try current.save(since: saved, with: rows)
                    saved = current
                }
                try state.save(since: saved, with: rows)
                try rows.query("COMMIT")
                self.cached.withLockedValue { $0 = state }
                self.store.kept(self.accountID)
                if let fileID = self.fileID { self.store.changes.committed(fileID) }
                return (result, state)
            } catch where error.isUnreachableStore {
                // The connection went under the change, perhaps during its COMMIT (PostgreSQL rolls back what it had
                // not committed): what it kept is read again by the next change, never guessed.
                self.forget()
                throw error
            } catch {
                let began = !rows.nothingSent
                rows.dropHeld()
                if began { _ = try? rows.query("ROLLBACK") }
                throw error
            }
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerAccess) throws -> T) async throws -> T {
        try await onConnection { rows in
            // One snapshot for everything `body` reads.
            rows.hold("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { if !rows.nothingSent { _ = try? rows.query("COMMIT") } }
            return try body(PostgresLedger(rows: rows))
        }
    }

    /// Runs `work` with the account's rows on a pooled connection, on a thread of NIO's pool.
    private func onConnection<T: Sendable>(_ work: @escaping @Sendable (AccountRows) throws -> T) async throws -> T {
        try await store.said {
            try await store.client.withConnection { connection in
                let rows = AccountRows(connection: connection, accountID: self.accountID, logger: self.store.logger)
                return try await self.store.threads.runIfActive { try work(rows) }
            }
        }
    }
}

extension PostgresStore {
    /// Notes that `accountID`'s game keeps its state in memory; past ``keptGames``' limit, the least recently used forget
    /// theirs.
    func kept(_ accountID: Int64) {
        let forgetting = keptGames.keep(accountID)
        guard !forgetting.isEmpty else { return }
        let games = games.withLockedValue { games in forgetting.compactMap { games[$0] } }
        for game in games { game.forget() }
    }

    /// The game of the account `accountID`: one for each account for as long as the store is open, so its state in
    /// memory is the one every change of the account goes through here.
    public func game(of accountID: Int64, fileID: String? = nil) -> PostgresGame {
        games.withLockedValue { games in
            if let game = games[accountID] { return game }
            let game = PostgresGame(accountID: accountID, fileID: fileID, store: self)
            games[accountID] = game
            return game
        }
    }
}
