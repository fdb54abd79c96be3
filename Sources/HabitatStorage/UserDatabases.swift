import Foundation
import HabitatEngine
import Synchronization

/// The open user files, bounded: the least recently used idle file is closed when the bound is passed,
/// so 100,000 users do not mean 100,000 open files.
///
/// A file in use is never closed, so there is only ever one handle per user file and its in-memory
/// state is the only one.
public final class UserDatabases: Sendable {
    public let directory: URL
    public let capacity: Int
    private let durability: Durability
    private let entries: Mutex<LRU>

    public init(directory: URL, capacity: Int = 1024, durability: Durability) {
        self.directory = directory
        self.capacity = max(1, capacity)
        self.durability = durability
        self.entries = Mutex(LRU())
    }

    /// Runs `body` with the user's file held open.
    public func with<T>(
        _ fileID: String, _ body: (UserDatabase) async throws -> T
    ) async throws -> T {
        let database = try checkOut(fileID)
        defer { checkIn(fileID) }
        return try await body(database)
    }

    /// Applies `action` to the user's game, holding their file open until `completion` has the outcome
    /// (on a storage thread, after the commit) or the error.
    public func apply(
        _ action: Action, to fileID: String, at now: Date,
        completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        let database: UserDatabase
        do {
            database = try checkOut(fileID)
        } catch {
            return completion(.failure(error))
        }
        database.apply(action, at: now) { result in
            self.checkIn(fileID)
            completion(result)
        }
    }

    /// The user's game as last committed, if their file is open and its state in memory; counts as a use.
    public func cachedState(of fileID: String, now: ContinuousClock.Instant = .now) -> GameState? {
        entries.withLock { $0.touch(fileID, at: now) }?.cachedState
    }

    /// Closes the files nobody has used for `idle` (as of `now`), so a user who stays logged in but quiet
    /// does not keep a file's memory and descriptors; their next command opens it again. Returns how many.
    @discardableResult
    public func closeIdle(unusedFor idle: Duration, now: ContinuousClock.Instant = .now) -> Int {
        let closed = entries.withLock { $0.evict(unusedSince: now - idle) }
        closed.forEach { $0.close() }
        return closed.count
    }

    /// How many files are open now.
    public var openCount: Int { entries.withLock { $0.count } }

    /// The file of a user: `users/ab/ab12….sqlite`, from the server-assigned id alone.
    public func path(for fileID: String) throws -> String {
        guard Self.isFileID(fileID) else { throw StorageError.invalidFileID }
        return usersPath + "/" + fileID.prefix(2) + "/" + fileID + ".sqlite"
    }

    /// A server-assigned file id: 32 lowercase hex digits, nothing else.
    static func isFileID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private var usersPath: String { directory.appendingPathComponent("users").path }

    private func checkOut(_ fileID: String) throws -> UserDatabase {
        // The path is worked out only when the file is not open already.
        let (database, evicted) = try entries.withLock { lru in
            let database = try lru.checkOut(fileID, at: .now) {
                UserDatabase(path: try path(for: fileID), durability: durability)
            }
            return (database, lru.evict(above: capacity))
        }
        evicted.forEach { $0.close() }
        return database
    }

    private func checkIn(_ fileID: String) {
        let evicted = entries.withLock { lru in
            lru.checkIn(fileID, at: .now)
            return lru.evict(above: capacity)
        }
        evicted.forEach { $0.close() }
    }
}

public enum StorageError: Error {
    case invalidFileID
}

/// A least-recently-used list of handles with use counts: a doubly linked list by key.
struct LRU: ~Copyable {
    private struct Node {
        var database: UserDatabase
        var uses: Int
        /// When it was last checked out or in.
        var used: ContinuousClock.Instant
        var newer: String?
        var older: String?
    }

    private var nodes: [String: Node] = [:]
    private var newest: String?
    private var oldest: String?

    var count: Int { nodes.count }

    mutating func checkOut(_ key: String, at now: ContinuousClock.Instant = .now, make: () throws -> UserDatabase) rethrows -> UserDatabase {
        if nodes[key] != nil {
            unlink(key)
            nodes[key]!.uses += 1
            nodes[key]!.used = now
            pushNewest(key)
            return nodes[key]!.database
        }
        let database = try make()
        nodes[key] = Node(database: database, uses: 1, used: now)
        pushNewest(key)
        return database
    }

    /// The handle of `key` if it is open, marked as used now (a use that is over at once).
    mutating func touch(_ key: String, at now: ContinuousClock.Instant = .now) -> UserDatabase? {
        guard nodes[key] != nil else { return nil }
        unlink(key)
        nodes[key]!.used = now
        pushNewest(key)
        return nodes[key]!.database
    }

    mutating func checkIn(_ key: String, at now: ContinuousClock.Instant = .now) {
        nodes[key]?.uses -= 1
        nodes[key]?.used = now
    }

    /// Removes idle handles last used before `cutoff`, oldest first. The list is in check-out order, so the
    /// walk stops at the first handle used since; one checked in late is left for a later sweep.
    mutating func evict(unusedSince cutoff: ContinuousClock.Instant) -> [UserDatabase] {
        evictOldest { _, used in used < cutoff }
    }

    /// Removes idle handles, oldest first, until at most `capacity` remain (handles in use stay).
    mutating func evict(above capacity: Int) -> [UserDatabase] {
        evictOldest { count, _ in count > capacity }
    }

    /// Walks from the oldest handle while `goOn(count, lastUsed)` holds, removing the idle ones.
    private mutating func evictOldest(while goOn: (_ count: Int, _ used: ContinuousClock.Instant) -> Bool) -> [UserDatabase] {
        var evicted: [UserDatabase] = []
        var cursor = oldest
        while let key = cursor, let node = nodes[key], goOn(nodes.count, node.used) {
            cursor = node.newer
            if node.uses <= 0 {
                unlink(key)
                nodes[key] = nil
                evicted.append(node.database)
            }
        }
        return evicted
    }

    private mutating func unlink(_ key: String) {
        let node = nodes[key]!
        if let newer = node.newer { nodes[newer]!.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]!.newer = node.newer } else { oldest = node.newer }
        nodes[key]!.newer = nil
        nodes[key]!.older = nil
    }

    private mutating func pushNewest(_ key: String) {
        nodes[key]!.older = newest
        nodes[key]!.newer = nil
        if let newest { nodes[newest]!.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }
}
