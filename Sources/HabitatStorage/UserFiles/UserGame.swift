import Foundation
import HabitatEngine

/// A user's game and ledger, as the application reads and changes them, in either store: a user's SQLite file
/// (``UserDatabase``) or their rows in PostgreSQL. Each change runs the engine on a copy of the state inside one
/// transaction, and the copy becomes the state only once it is committed, so a reply built from the result always
/// describes committed data. What a change does is written once, here, on `changing` and `read`.
public protocol UserGame: AnyObject, Sendable {
    /// Where the game is kept, for an operator's log: a file's path, or an account's rows.
    var location: String { get }
    /// The state as last committed.
    func state() async throws -> GameState
    /// The state when it is in memory (as last committed), without waiting for the store.
    var cachedState: GameState? { get }
    /// Runs `body` on a copy of the state in one transaction: commits the result, or, if `body` throws, rolls back and
    /// leaves everything as it was. `body` may save the state part way (`saveNow`), when what it appends next needs
    /// the ids new rows are given (an import's history, of the habits it adds). Returns `body`'s result and the state
    /// as committed (new rows with their ids).
    func changing<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T
    ) async throws -> (result: T, state: GameState)
    /// Reads from the ledger (history, export).
    func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerAccess) throws -> T) async throws -> T
}

/// Every user's game, as the application finds one by its key (an account's `file_id`): the open SQLite files
/// (``UserDatabases``), or the accounts' rows in PostgreSQL.
public protocol UserGames: Sendable {
    /// Runs `body` with the user's game held ready (a file open) until it returns.
    func with<T>(_ fileID: String, _ body: (any UserGame) async throws -> T) async throws -> T
    /// Applies `action` to the user's game; `completion` gets the outcome after the commit, or the error with nothing
    /// changed: for a caller that is not a task.
    func apply(
        _ action: Action, to fileID: String, at now: Date,
        completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void)
    /// Makes a new user's game, before their account is made.
    func make(_ fileID: String) async throws
    /// Removes a game made for an account that could not be made after all.
    func discard(_ fileID: String) async throws
    /// The user's game as last committed, if it is in memory. Counts as a use.
    func cachedState(of fileID: String, now: ContinuousClock.Instant) -> GameState?
    /// Lets go of the games nobody has used for `idle`; how many.
    @discardableResult
    func closeIdle(unusedFor idle: Duration, now: ContinuousClock.Instant) -> Int
    /// Lets go of every game not in use, for a server that is stopping; how many.
    @discardableResult
    func closeAll() async -> Int
    /// How many games are held ready now (files open).
    var openCount: Int { get }
    /// Which games changed since a reader marked them.
    var changes: CommitMarks { get }
}

extension UserGames {
    public func cachedState(of fileID: String) -> GameState? { cachedState(of: fileID, now: .now) }

    @discardableResult
    public func closeIdle(unusedFor idle: Duration) -> Int { closeIdle(unusedFor: idle, now: .now) }
}

extension UserGame {
    /// `changing` without saving part way.
    @discardableResult
    public func change<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess) throws -> T
    ) async throws -> (result: T, state: GameState) {
        try await changing { state, ledger, _ in try body(&state, ledger) }
    }

    /// Applies an engine action at `now` and appends its ledger entries, all in one commit.
    /// Returns the outcome and the state after it.
    ///
    /// `beforeCommit` gets the outcome and the state after it inside the transaction, before it commits: a change
    /// that must be written elsewhere too (a room's log) is written there, and if that fails nothing is committed
    /// here either.
    public func apply(
        _ action: Action, at now: Date, beforeCommit: (@Sendable (Outcome, GameState) throws -> Void)? = nil
    ) async throws -> (outcome: Outcome, state: GameState) {
        let (outcome, state) = try await change { state, ledger in
            let outcome = try Self.apply(action, to: &state, ledger: ledger, at: now)
            try beforeCommit?(outcome, state)
            return outcome
        }
        return (outcome, state)
    }

    /// `apply(_:at:)` that first runs `check` on the state inside the same transaction: if it throws, nothing is
    /// applied or changed. For a change that must find the state as a question left it (a confirmed delete).
    public func apply(
        _ action: Action, at now: Date, checking check: @escaping @Sendable (GameState) throws -> Void
    ) async throws -> (outcome: Outcome, state: GameState) {
        let (outcome, state) = try await change { state, ledger in
            try check(state)
            return try Self.apply(action, to: &state, ledger: ledger, at: now)
        }
        return (outcome, state)
    }

    /// Brings `plan` into the user's game in one transaction, all of it or nothing (``GameState/addImported(_:at:merging:)``,
    /// then its history as ``GameState/importedHistory(_:added:had:options:at:)`` counts it): where each of its habits
    /// went, in its order.
    public func importing(
        _ plan: ImportPlan, options: ImportOptions = ImportOptions(), at now: Date
    ) async throws -> (outcome: Outcome, state: GameState, into: [ImportedInto]) {
        let ((outcome, into), state) = try await changing { state, ledger, saveNow in
            let into = try state.addImported(plan, at: now, merging: options.merge)
            try saveNow(&state)
            let saved = state.habits
            let added = into.compactMap { place in saved.first { $0.name == place.name } }
            let had = options.merge ? try ledger.habitDays() : [:]
            try state.addImportedRoutinesAndPauses(plan, added: added)
            var outcome = state.importedHistory(plan, added: added, had: had, options: options, at: now)
            outcome.entry = try ledger.append(outcome)
            return (outcome, into)
        }
        return (outcome, state, into)
    }

    /// Ends the user's days through `last` (their bites), reading how many times each habit was recorded on each day in
    /// the same transaction: a recording made meanwhile is seen, and no day is ended twice.
    public func endDays(through last: Day, at now: Date) async throws -> (outcome: Outcome, state: GameState) {
        let (outcome, state) = try await change { state, ledger in
            try Self.apply(.endDays(through: last, days: try ledger.habitDays()), to: &state, ledger: ledger, at: now)
        }
        return (outcome, state)
    }

    /// Reverts the most recent recorded action that is not undone yet; `beforeCommit` as for `apply`.
    public func undo(
        at now: Date, beforeCommit: (@Sendable (Outcome, GameState) throws -> Void)? = nil
    ) async throws -> (outcome: Outcome, state: GameState) {
        let (outcome, state) = try await change { state, ledger in
            let outcome = try Self.apply(.undo(latest: try ledger.latestUndoable()), to: &state, ledger: ledger, at: now)
            try beforeCommit?(outcome, state)
            return outcome
        }
        return (outcome, state)
    }

    /// Reverts the most recent action in one transaction, unless it was a room's shared habit (whose
    /// undo must be announced to the room's log first): then nothing changes and the result is `nil`.
    public func undoUnlessShared(at now: Date) async throws -> (outcome: Outcome, state: GameState)? {
        do {
            let (outcome, state) = try await change { state, ledger in
                let latest = try ledger.latestUndoable()
                if latest?.roomToken != nil { throw SharedUndo() }
                return try Self.apply(.undo(latest: latest), to: &state, ledger: ledger, at: now)
            }
            return (outcome, state)
        } catch is SharedUndo {
            return nil
        }
    }

    /// The engine applies `action`, reading what it needs of the past from the ledger; the outcome's entry is appended.
    static func apply(_ action: Action, to state: inout GameState, ledger: some LedgerAccess, at now: Date) throws -> Outcome {
        var outcome = try state.apply(action, at: now, past: ledger)
        outcome.entry = try ledger.append(outcome)
        return outcome
    }
}

/// The latest action was a room's shared habit: `undoUnlessShared` changes nothing.
private struct SharedUndo: Error {}
