import Foundation
import HabitatEngine
import NIOConcurrencyHelpers
import Synchronization

/// The open user files, bounded: the least recently used idle file is closed when the bound is passed,
/// so 100,000 users do not mean 100,000 open files.
///
/// A file in use is never closed, so there is only ever one handle per user file and its in-memory
/// state is the only one.
///
/// The game of a file closed to make room is kept (up to `keptGames` small ones, a large game weighing more; the least
/// recently used give way), so
/// that `status` and the other views of a user whose file is closed need no file: with more users active at once than
/// files can be open, each of their views would otherwise open and close a file. It is the only copy: it moves into
/// the handle that opens the file next. Only this server writes users' files while it runs, and every write goes
/// through their open handle, so a kept game stays the file's.
public final class UserDatabases: UserGames {
    public let directory: URL
    public let capacity: Int
    /// How many games of closed files are kept in memory (small ones: see ``LRU/weight(of:)``).
    public let keptGames: Int
    private let durability: Durability
    /// Whether each open file's connection is its only one (the server's): see ``Durability/configuration(label:pageSize:exclusive:)``.
    private let exclusive: Bool
    /// Kept for as long as the files may be open here.
    private let directoryLock: DataDirectoryLock?
    private let fullFiles: FullFiles?
    private let metrics: StorageMetrics?
    private let entries: NIOLockedValueBox<LRU>
    /// Whether more files are open than `capacity` (all of them in use at the last check-out): then a
    /// check-in closes the idle ones over it.
    private let overCapacity = Synchronization.Atomic<Bool>(false)
    /// Which files changed since a reader marked them.
    public let changes = CommitMarks()

    /// `fullFiles` hears of each write a full disk refuses, and of the first that goes through after. With `metrics`,
    /// the files' work is counted and timed. Holding `directoryLock` (exclusive, on `directory`): nothing else reads
    /// the files while they are open here (a running server's files, which the data tools read through it), so each
    /// open file's connection is its only one, and the files share the process's descriptors.
    /// `keptGames` defaults to ten times the files open at once (a game in memory is a few KiB; an open file, with
    /// SQLite's cache and statements, tens).
    public init(
        directory: URL, capacity: Int = 1024, keptGames: Int? = nil, durability: Durability, holding directoryLock: DataDirectoryLock? = nil,
        fullFiles: FullFiles? = nil, metrics: StorageMetrics? = nil
    ) {
        self.exclusive = directoryLock != nil
        self.directoryLock = directoryLock
        self.directory = directory
        self.capacity = max(1, capacity)
        self.keptGames = max(0, keptGames ?? 10 * self.capacity)
        self.durability = durability
        self.fullFiles = fullFiles
        self.metrics = metrics
        self.entries = NIOLockedValueBox(LRU(keeping: self.keptGames))
    }

    /// Runs `body` with the user's file held open.
    public func with<T>(_ fileID: String, _ body: (any UserGame) async throws -> T) async throws -> T {
        try await withFile(fileID, body)
    }

    /// Runs `body` with the user's file held open, as the file it is.
    public func withFile<T>(_ fileID: String, _ body: (UserDatabase) async throws -> T) async throws -> T {
        let entry = try checkOut(fileID)
        defer { checkIn(entry) }
        return try await body(entry.database)
    }

    /// Applies `action` to the user's game, holding their file open until `completion` has the outcome
    /// (on a storage thread, after the commit) or the error.
    public func apply(
        _ action: Action, to fileID: String, at now: Date,
        completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        let entry: LRU.Entry
        do {
            entry = try checkOut(fileID)
        } catch {
            return completion(.failure(error))
        }
        entry.database.apply(action, at: now) { result in
            self.checkIn(entry)
            completion(result)
        }
    }

    /// Makes the user's file, opening it once.
    public func make(_ fileID: String) async throws {
        try await withFile(fileID) { _ = try await $0.state() }
    }

    /// Closes the user's file and deletes it: for a file made for an account that could not be made after all.
    /// The file must not be in use (nobody else knows of it yet).
    public func discard(_ fileID: String) async throws {
        let path = try path(for: fileID)
        let database = entries.withLockedValue { $0.remove(fileID) } ?? UserDatabase(path: path, durability: durability)
        await database.discard()
    }

    /// The user's game as last committed, if it is in memory: their file's, open, or kept since it was closed to make
    /// room. Counts as a use.
    public func cachedState(of fileID: String, now: ContinuousClock.Instant) -> GameState? {
        entries.withLockedValue { lru in
            guard let open = lru.touch(fileID, at: now) else { return lru.keptGame(of: fileID) }
            return open.cachedState
        }
    }

    /// Closes the files nobody has used for `idle` (as of `now`), so a user who stays logged in but quiet
    /// does not keep a file's memory and descriptors; their next command opens it again. Returns how many.
    @discardableResult
    public func closeIdle(unusedFor idle: Duration, now: ContinuousClock.Instant) -> Int {
        let closed = entries.withLockedValue { $0.evict(unusedSince: now - idle) }
        closed.forEach { $0.close() }
        if !closed.isEmpty { metrics?.closedIdle.increment(by: closed.count) }
        return closed.count
    }

    /// Closes every file not in use, and returns once they are closed. For a server that is stopping. Returns how many.
    @discardableResult
    public func closeAll() async -> Int {
        let closing = entries.withLockedValue { lru in
            defer { overCapacity.store(false, ordering: .relaxed) }
            return lru.evictIdle()
        }
        await withDiscardingTaskGroup { group in
            for database in closing { group.addTask { await database.closeAndWait() } }
        }
        return closing.count
    }

    /// How many files are open now.
    public var openCount: Int { entries.withLockedValue { $0.count } }

    /// The file of a user: `users/ab/ab12….sqlite`, from the server-assigned id alone.
    public func path(for fileID: String) throws -> String {
        try Self.path(for: fileID, in: directory)
    }

    /// The file of a user in the data directory `directory`.
    static func path(for fileID: String, in directory: URL) throws -> String {
        guard Self.isFileID(fileID) else { throw StorageError.invalidFileID }
        return directory.appendingPathComponent("users").path + "/" + fileID.prefix(2) + "/" + fileID + ".sqlite"
    }

    /// A server-assigned file id: 32 lowercase hex digits, nothing else.
    static func isFileID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }


    /// Marks the user's file in use (opening it if needed) until the entry is checked in. Closes the least
    /// recently used idle files above the capacity.
    private func checkOut(_ fileID: String) throws -> LRU.Entry {
        // The path is worked out only when the file is not open already.
        let (entry, evicted) = try entries.withLockedValue { lru in
            let entry = try lru.checkOut(fileID, at: .now) { kept in
                UserDatabase(
                    path: try path(for: fileID), durability: durability, exclusive: exclusive, fullFiles: fullFiles, metrics: metrics,
                    state: kept
                ) { [changes] in
                    changes.committed(fileID)
                }
            }
            return (entry, evictAboveCapacity(&lru))
        }
        closeToMakeSpace(evicted)
        return entry
    }

    /// Ends a use begun by `checkOut`. Takes the lock only when files over the capacity wait to close.
    private func checkIn(_ entry: LRU.Entry) {
        entry.checkIn()
        guard overCapacity.load(ordering: .relaxed) else { return }
        closeToMakeSpace(entries.withLockedValue { evictAboveCapacity(&$0) })
    }

    /// Closes the files taken out to make room (with the lock released).
    private func closeToMakeSpace(_ evicted: [UserDatabase]) {
        guard !evicted.isEmpty else { return }
        evicted.forEach { $0.close() }
        metrics?.closedForRoom.increment(by: evicted.count)
    }

    /// Removes the idle files over the capacity from `lru` (for the caller to close once the lock is
    /// released) and notes whether files in use still keep it over.
    private func evictAboveCapacity(_ lru: inout LRU) -> [UserDatabase] {
        defer { overCapacity.store(lru.count > capacity, ordering: .relaxed) }
        return lru.evict(above: capacity)
    }
}

public enum StorageError: Error {
    case invalidFileID
}

/// A least-recently-used list of handles with use counts, linked through its entries.
///
/// A check-out finds its entry with one look-up and moves it to the newest end; a check-in is the
/// entry's own (`Entry.checkIn`), with no look-up and no lock, so a storage thread finishing a write
/// does not wait for the event loops' check-outs.
/// A class so that a lock can hold it (and its list be unlinked when it goes); unchecked `Sendable` because
/// it is only ever used inside that lock.
final class LRU: @unchecked Sendable {
    /// One open handle: its place in the list (guarded by the lock around the `LRU`) and its use count
    /// and last use (atomic, so a check-in needs no lock).
    /// Unchecked `Sendable`: `newer` and `older` are touched only inside the lock around the `LRU`; the rest is atomic.
    final class Entry: @unchecked Sendable {
        let key: String
        let database: UserDatabase
        private let uses = Synchronization.Atomic<Int>(0)
        private let used: Synchronization.Atomic<Int64>
        fileprivate var newer: Entry?
        fileprivate var older: Entry?

        fileprivate init(key: String, database: UserDatabase, at now: ContinuousClock.Instant) {
            self.key = key
            self.database = database
            self.used = Synchronization.Atomic(LRU.nanoseconds(now))
        }

        /// Ends a use begun by `LRU.checkOut`; the handle may be closed once no use is left.
        func checkIn(at now: ContinuousClock.Instant = .now) {
            used.store(LRU.nanoseconds(now), ordering: .relaxed)
            uses.subtract(1, ordering: .releasing)
        }

        fileprivate func checkOut(at now: ContinuousClock.Instant) {
            uses.add(1, ordering: .acquiring)
            touch(at: now)
        }

        fileprivate func touch(at now: ContinuousClock.Instant) {
            used.store(LRU.nanoseconds(now), ordering: .relaxed)
        }

        fileprivate var inUse: Bool { uses.load(ordering: .acquiring) > 0 }
        fileprivate var lastUsed: Int64 { used.load(ordering: .relaxed) }
    }

    private var entries: [String: Entry] = [:]
    private var newest: Entry?
    private var oldest: Entry?
    /// The games of handles removed to make room (``evict(above:)``), by key, until their key is checked out again.
    private var kept: RecentTable<String, GameState>?

    /// Keeps the games of up to `keeping` handles removed to make room.
    init(keeping: Int = 0) {
        kept = keeping > 0 ? RecentTable(capacity: keeping) : nil
    }

    var count: Int { entries.count }

    /// The game kept for `key`, whose handle was removed to make room; counts as a use.
    func keptGame(of key: String) -> GameState? {
        kept?.use(key)
    }

    deinit {
        // The list links both ways: undo it so the entries can go.
        var cursor = oldest
        while let entry = cursor {
            cursor = entry.newer
            entry.newer = nil
            entry.older = nil
        }
    }

    /// The entry of `key`, in use from now until it is checked in, made with `make` if `key` has none: `make` is given
    /// the game kept for `key`, which then is no longer kept here.
    func checkOut(
        _ key: String, at now: ContinuousClock.Instant = .now, make: (_ kept: GameState?) throws -> UserDatabase
    ) rethrows -> Entry {
        if let entry = entries[key] {
            entry.checkOut(at: now)
            moveToNewest(entry)
            return entry
        }
        let entry = Entry(key: key, database: try make(kept?[key]), at: now)
        kept?.remove(key)
        entry.checkOut(at: now)
        entries[key] = entry
        pushNewest(entry)
        return entry
    }

    /// The handle of `key` if it is open, marked as used now (a use that is over at once).
    func touch(_ key: String, at now: ContinuousClock.Instant = .now) -> UserDatabase? {
        guard let entry = entries[key] else { return nil }
        entry.touch(at: now)
        moveToNewest(entry)
        return entry.database
    }

    /// Removes the handle of `key`, in use or not, and returns it; forgets its kept game.
    func remove(_ key: String) -> UserDatabase? {
        kept?.remove(key)
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        unlink(entry)
        return entry.database
    }

    /// Ends a use of `key` (as `Entry.checkIn` does).
    func checkIn(_ key: String, at now: ContinuousClock.Instant = .now) {
        entries[key]?.checkIn(at: now)
    }

    /// Removes idle handles last used before `cutoff`, oldest first. The list is in check-out order, so the
    /// walk stops at the first handle used since; one checked in late is left for a later sweep.
    func evict(unusedSince cutoff: ContinuousClock.Instant) -> [UserDatabase] {
        let cutoff = Self.nanoseconds(cutoff)
        return evictOldest { _, used in used < cutoff }.map(\.database)
    }

    /// Removes idle handles, oldest first, until at most `capacity` remain (handles in use stay), keeping their games.
    /// An idle handle has no work left to do, so its game is the file's as last committed.
    func evict(above capacity: Int) -> [UserDatabase] {
        let evicted = evictOldest { count, _ in count > capacity }
        if kept != nil {
            for entry in evicted {
                if let game = entry.database.cachedState { kept?.set(game, for: entry.key, weight: Self.weight(of: game)) }
            }
        }
        return evicted.map(\.database)
    }

    /// Removes every idle handle, keeping no game: for a server that is stopping.
    func evictIdle() -> [UserDatabase] {
        evictOldest { _, _ in true }.map(\.database)
    }

    /// What a kept game weighs against the capacity: one, and one more for each ten habits, areas, rewards and
    /// routines, so that a few games with hundreds of habits take the room of many small ones.
    static func weight(of game: GameState) -> Int {
        1 + (game.habits.count + game.areas.count + game.rewards.count + game.routines.count) / 10
    }

    /// Walks from the oldest handle while `goOn(count, lastUsed)` holds, removing the idle ones.
    private func evictOldest(while goOn: (_ count: Int, _ used: Int64) -> Bool) -> [Entry] {
        var evicted: [Entry] = []
        var cursor = oldest
        while let entry = cursor, goOn(entries.count, entry.lastUsed) {
            cursor = entry.newer
            if !entry.inUse {
                unlink(entry)
                entries[entry.key] = nil
                evicted.append(entry)
            }
        }
        return evicted
    }

    private func moveToNewest(_ entry: Entry) {
        guard newest !== entry else { return }
        unlink(entry)
        pushNewest(entry)
    }

    private func unlink(_ entry: Entry) {
        if let newer = entry.newer { newer.older = entry.older } else { newest = entry.older }
        if let older = entry.older { older.newer = entry.newer } else { oldest = entry.newer }
        entry.newer = nil
        entry.older = nil
    }

    private func pushNewest(_ entry: Entry) {
        entry.older = newest
        entry.newer = nil
        if let newest { newest.newer = entry }
        newest = entry
        if oldest == nil { oldest = entry }
    }

    /// Instants as nanoseconds from a fixed origin, so an entry can keep its last use in an atomic.
    fileprivate static func nanoseconds(_ instant: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - origin).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private static let origin = ContinuousClock.now
}
