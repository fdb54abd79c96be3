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
    /// The state last committed, and the account's `version` then (``Migrations``' `0002`: its count of changes).
    private let cached = NIOLockedValueBox<(state: GameState, version: Int64)?>(nil)
    /// Held by a change from before it reads the state to after it is cached, and by a first reading of the state: the
    /// state in memory is always the one last committed, and a change never starts from an older one.
    private let turn = NIOLock()

    init(accountID: Int64, fileID: String? = nil, store: PostgresStore) {
        self.accountID = accountID
        self.fileID = fileID
        self.store = store
    }

    public var cachedState: GameState? { cached.withLockedValue { $0?.state } }

    /// Lets the state in memory go: the next use reads it from PostgreSQL. Always safe: what is cached is the state last
    /// committed, or nothing.
    func forget() { cached.withLockedValue { $0 = nil } }

    /// Lets the state in memory go if it is older than `version` (another server changed the game since).
    func forget(olderThan version: Int64) {
        cached.withLockedValue { if let kept = $0, kept.version < version { $0 = nil } }
    }

    public var location: String { "account \(accountID) in \(store.address)" }

    public func state() async throws -> GameState {
        if let state = cachedState { return state }
        return try await onConnection { rows in
            try self.turn.withLock {
                if let state = self.cachedState { return state }
                // One snapshot for the version and the state read with it.
                rows.hold("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                defer { _ = try? rows.query("COMMIT") }
                let version = try rows.query("SELECT version FROM account WHERE id = $1") { _ in }.first?.decode(Int64.self) ?? 0
                let state = try GameState.fetch(from: rows)
                self.cached.withLockedValue { $0 = (state, version) }
                self.store.kept(self.accountID)
                return state
            }
        }
    }

    public func changing<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T
    ) async throws -> (result: T, state: GameState) {
        do {
            return try await change(body, trustingMemory: true)
        } catch is ChangedElsewhere {
            // Another server changed the game since this one last saw it: nothing was kept; the change runs again on the
            // game as the database has it.
            return try await change(body, trustingMemory: false)
        }
    }

    /// Runs `body` on the game, from the state in memory when `trustingMemory` and it is there: ``ChangedElsewhere``
    /// when another server has changed the game since (nothing is kept).
    private func change<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T,
        trustingMemory: Bool
    ) async throws -> (result: T, state: GameState) {
        try await onConnection { rows in
            self.turn.lock()
            defer { self.turn.unlock() }
            // Held back, sent with the first statement waited for.
            rows.hold("BEGIN")
            do {
                // The account's turn (`habitat_turn`): a change elsewhere of the same user, on any server, waits here
                // until this one is over. With the state in memory, the turn is held back too and fails if another
                // server changed the game since; without, the game is read after it, under the lock.
                var state: GameState
                let version: Int64
                if trustingMemory, let (memory, known) = self.cached.withLockedValue({ $0 }) {
                    rows.hold("SELECT habitat_turn($2, $1)") { $0.bind(known) }
                    (state, version) = (memory, known + 1)
                } else {
                    version = try rows.query("SELECT habitat_turn($1, NULL)") { _ in }.first?.decode(Int64.self) ?? 0
                    state = try GameState.fetch(from: rows)
                }
                var saved = state
                let result = try body(&state, PostgresLedger(rows: rows)) { current in
                    try current.save(since: saved, with: rows)
                    saved = current
                }
                try state.save(since: saved, with: rows)
                try rows.query("COMMIT")
                self.cached.withLockedValue { $0 = (state, version) }
                self.store.kept(self.accountID)
                if let fileID = self.fileID { self.store.changes.committed(fileID) }
                return (result, state)
            } catch where error.isUnreachableStore {
                // The connection went under the change, perhaps during its COMMIT (PostgreSQL rolls back what it had
                // not committed): what it kept is read again by the next change, never guessed.
                self.forget()
                throw error
            } catch {
                // Sent with what is still held back: a change refused before it wrote anything, on the state in
                // memory, still learns from its turn whether another server had changed the game, and is run again on
                // the game as it is if so (the refusal may have been the old copy's).
                _ = try? rows.query("ROLLBACK")
                if rows.changedElsewhere {
                    self.forget()
                    throw ChangedElsewhere()
                }
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

/// A change found that another server changed the game since this one last saw it (SQLSTATE HB409, `habitat_turn`'s).
struct ChangedElsewhere: Error {
    static let sqlState = "HB409"
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
