import CSQLiteSetup
import CoreMetrics
import Dispatch
import Foundation
import GRDB
import HabitatEngine
import NIOConcurrencyHelpers

/// One user's own SQLite file, with their game state kept in memory so reads cost nothing.
///
/// All SQLite work runs on the handle's storage thread, in order, never on the caller's thread. A change runs the
/// engine on a copy of the state inside a transaction; the copy replaces the cached state only after
/// the commit, so a reply built from the result always describes committed data.
public final class UserDatabase: UserGame {
    public let path: String
    public var location: String { path }
    private let durability: Durability
    /// Whether this handle's connection is the file's only one while open (see ``Durability/configuration(label:pageSize:exclusive:)``).
    private let exclusive: Bool
    private let mailbox: StorageMailbox
    private let connection = NIOLockedValueBox<Connection?>(nil)
    private let cached: NIOLockedValueBox<GameState?>
    private let flusher: LogFlusher?
    private let fullFiles: FullFiles?
    /// Called after each commit, on the storage thread.
    private let committed: (@Sendable () -> Void)?
    /// Times each checkpoint, when the server measures them.
    private let checkpoints: CheckpointClock?
    /// Counts each opening of the file, with metrics.
    private let openings: Counter?

    /// The page size of a new user file. A recorded action changes about four pages (the ledger row,
    /// its entry in the index of days, the totals, the habit), and the write-ahead log holds each whole: at 1 KB
    /// that is 4 KB to write and later to sync instead of 16 KB at SQLite's default 4 KB. Rows are far
    /// smaller than a page either way.
    static let pageSize = 1024

    /// How large the write-ahead log grows before a commit copies it into the file.
    static let logBytes = 4 * 1024 * 1024

    /// The most memory, in KiB, the file's pages take in its connection's cache. A command touches a few dozen pages,
    /// but `habits`, `today` and each day's end read the whole ledger: with SQLite's default (2,000 KiB) a user with
    /// years of history kept most of their file in memory for as long as it stayed open, 2.2 MB for five years of ten
    /// recordings a day, and every open file could. Pages beyond it are read again from the system's cache.
    static let pageCacheKiB = 256

    /// How large a log an exclusive handle leaves beside the file when it closes it. Copying the log in at every
    /// close cost two syncs to disk, and removing the log and making it anew a file each time: with more users
    /// active than files open, that was most of a command's cost. A longer log is copied in first, so a closed
    /// file's log stays short (about fifty recorded actions) and quick to read for whoever opens it next.
    static let keptLogBytes = 256 * 1024

    /// `fullFiles` hears of each write a full disk refuses, and of the first that goes through after; `committed` is
    /// called after each commit. With `metrics` the file's work is counted and timed, and its checkpoints too.
    /// `state` is the game as last committed in this file, when it is known already (kept from a handle that closed
    /// it): then nothing needs the file to read it.
    public init(
        path: String, durability: Durability, exclusive: Bool = false, fullFiles: FullFiles? = nil,
        metrics: StorageMetrics? = nil, state: GameState? = nil, committed: (@Sendable () -> Void)? = nil
    ) {
        self.cached = NIOLockedValueBox(state)
        self.path = path
        self.durability = durability
        self.exclusive = exclusive
        self.fullFiles = fullFiles
        self.committed = committed
        self.mailbox = StorageThreads.shared.mailbox(metrics: metrics)
        self.checkpoints = metrics.map { CheckpointClock(timer: $0.checkpoints) }
        self.openings = metrics?.opened
        self.flusher = durability == .normal ? LogFlusher(databasePath: path) : nil
    }

    /// The current state, from memory when cached.
    public func state() async throws -> GameState {
        if let state = cachedState { return state }
        return try await run { db in try self.loadedState(db) }
    }

    /// The state when it is in memory (as last committed), without waiting for the file.
    public var cachedState: GameState? { cached.withLockedValue { $0 } }

    public func changing<T: Sendable>(
        _ body: @escaping @Sendable (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T
    ) async throws -> (result: T, state: GameState) {
        try await run { connection, db in try self.commit(connection, db, body) }
    }

    /// `commit` whose `body` may save the state part way (`saveNow`), when what it appends next needs the ids new rows
    /// are given (an import's history, of the habits it adds).
    private func commit<T>(
        _ connection: Connection, _ db: Database,
        _ body: (inout GameState, any LedgerAccess, _ saveNow: (inout GameState) throws -> Void) throws -> T
    ) throws -> (result: T, state: GameState) {
        var state = try loadedState(db)
        var saved = state
        let statements = connection.statements
        let result = try statements.inTransaction {
            let result = try body(&state, Ledger(db: db, statements: statements)) { current in
                try current.save(since: saved, with: statements)
                saved = current
            }
            try state.save(since: saved, with: statements)
            return result
        }
        flusher?.committed()
        fullFiles?.wrote(path)
        cached.withLockedValue { $0 = state }
        committed?()
        return (result, state)
    }

    /// `apply(_:at:)` for a caller that is not a task: `completion` gets the outcome on a storage thread,
    /// after the commit (or the error, with nothing changed).
    public func apply(
        _ action: Action, at now: Date,
        completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        run({ connection, db in
            let (outcome, state) = try self.commit(connection, db) { state, ledger, _ in
                try Self.apply(action, to: &state, ledger: ledger, at: now)
            }
            return (outcome, state)
        }, completion: completion)
    }

    /// Reads from the ledger (history, export) on this handle's storage thread.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any LedgerAccess) throws -> T) async throws -> T {
        try await run { connection, db in try body(Ledger(db: db, statements: connection.statements)) }
    }

    /// A copy of the file at `destination` (a new file), made with SQLite's backup API on this handle's connection:
    /// exactly what was committed when it began.
    public func backup(to destination: String) async throws {
        try await run { db in try DataBackup.copy(db, to: destination) }
    }

    /// SQLite's integrity check of the file, on this handle's connection: `["ok"]` when it is sound.
    public func integrityCheck() async throws -> [String] {
        try await run { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Closes the file once queued work is done; a later call opens it again.
    public func close() {
        mailbox.submit { self.closeNow() }
    }

    /// Closes the file once queued work is done, and returns once it is closed.
    public func closeAndWait() async {
        await afterQueuedWork { self.closeNow() }
    }

    /// Closes the file once queued work is done, then deletes it and its log: for a file made for an account
    /// that could not be made after all, so that no file is left that no account names.
    func discard() async {
        await afterQueuedWork {
            self.closeNow()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: self.path + suffix) }
        }
    }

    /// Runs `body` on the storage thread once queued work is done, and returns when it has run.
    private func afterQueuedWork(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mailbox.submit {
                body()
                continuation.resume()
            }
        }
    }

    private func closeNow() {
        let open = connection.withLockedValue { connection in
            defer { connection = nil }
            return connection
        }
        guard let open else { return cached.withLockedValue { $0 = nil } }
        open.statements.finalize()
        if exclusive, let size = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber,
            size.intValue > Self.keptLogBytes
        {
            // A failed checkpoint leaves the log whole: the next opening reads it as it is.
            try? open.queue.inDatabase { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        try? open.queue.close()
        cached.withLockedValue { $0 = nil }
    }

    /// An open file: GRDB's connection, and the statements a change writes with.
    /// Unchecked `Sendable`: `statements` is used only inside `queue`, on this handle's storage thread.
    private struct Connection: @unchecked Sendable {
        let queue: DatabaseQueue
        /// Used only inside `queue`, on this handle's storage thread.
        let statements: RawStatements
    }

    /// Runs blocking SQLite work on this handle's storage thread, opening the file first if needed.
    private func run<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await run { _, db in try work(db) }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable (Connection, Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            run(work) { continuation.resume(with: $0) }
        }
    }

    private func run<T: Sendable>(
        _ work: @escaping @Sendable (Connection, Database) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        mailbox.submit {
            completion(Result {
                do {
                    let connection = try self.open()
                    return try connection.queue.inDatabase { db in try work(connection, db) }
                } catch {
                    throw self.refusedIfFull(error)
                }
            })
        }
    }

    /// `error` as a ``StorageFullError`` when SQLite says this file's disk is full (which `fullFiles` hears of),
    /// else as it is (a refusal of the directory's, in a change written to both, is the directory's).
    private func refusedIfFull(_ error: any Error) -> any Error {
        guard let full = StorageFullError(error, path: path) else { return error }
        fullFiles?.refused(path)
        return full
    }

    private func open() throws -> Connection {
        if let open = connection.withLockedValue({ $0 }) { return open }
        do {
            return try opened()
        } catch {
            // A full disk is said as such by `run`: the file is fine, and opens once there is space.
            if StorageFullError(error, path: path) != nil { throw error }
            throw UserFileError(path: path, underlying: error)
        }
    }

    private func opened() throws -> Connection {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // An exclusive handle's file shares the process's descriptor pool: it gives its descriptors up between
        // commands when others need them, and keeps everything else (descriptor_pool.c).
        if exclusive { habitat_sqlite_pool_next_open(1) }
        defer { if exclusive { habitat_sqlite_pool_next_open(0) } }
        let database = try DatabaseQueue(
            path: path, configuration: durability.configuration(label: "user", pageSize: Self.pageSize, exclusive: exclusive))
        try UserSchema.migrate(database)
        // A checkpoint syncs the whole log to disk inside the commit that triggers it: keep the log
        // at about 4 MB whatever the file's page size, and give the disk back after each checkpoint. The pages kept in
        // memory are bounded too (`pageCacheKiB`).
        let statements = try database.inDatabase { db in
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            try db.execute(
                sql: """
                    PRAGMA wal_autocheckpoint = \(Self.logBytes / pageSize); PRAGMA journal_size_limit = \(Self.logBytes);
                    PRAGMA cache_size = -\(Self.pageCacheKiB)
                    """)
            checkpoints?.install(on: db, everyPages: Self.logBytes / pageSize)
            return RawStatements(db)
        }
        let open = Connection(queue: database, statements: statements)
        connection.withLockedValue { $0 = open }
        openings?.increment()
        return open
    }

    private func loadedState(_ db: Database) throws -> GameState {
        if let state = cached.withLockedValue({ $0 }) { return state }
        let state = try GameState.fetch(db)
        cached.withLockedValue { $0 = state }
        return state
    }
}

/// A user's file that could not be opened: damaged, unreadable, or on a disk that is full or failing.
public struct UserFileError: Error, CustomStringConvertible {
    public let path: String
    public let underlying: any Error

    public init(path: String, underlying: any Error) {
        self.path = path
        self.underlying = underlying
    }

    /// SQLite finds the file is not a database, or a damaged one: trying again will not help.
    public var damaged: Bool {
        guard let error = underlying as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    public var description: String { "\(path): \(underlying)" }
}
