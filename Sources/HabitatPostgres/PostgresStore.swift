import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import PostgresNIO

/// Habitat's state in one PostgreSQL database: the PostgreSQL side of the storage contract (``AccountStore`` and the
/// rest, as they come), over PostgresNIO's connection pool.
public final class PostgresStore: Sendable {
    public let address: DatabaseAddress
    /// How large rooms may grow, as the SQLite directory's.
    public let limits: RoomLimits
    let client: PostgresClient
    let logger: Logger
    private let pool: Task<Void, Never>
    /// Hears other servers' changes (``listenForChanges()``), and its connection while it has one.
    let listening = NIOLockedValueBox<Task<Void, Never>?>(nil)
    let listener = NIOLockedValueBox<(closing: Bool, connection: PostgresConnection?)>((false, nil))
    /// Events carried between servers (``ServerRelay``), and the task that tells the others.
    let relayed = PostgresRelay()
    private let carrying = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// Each account's game, once asked for (``game(of:fileID:)``).
    let games = NIOLockedValueBox<[Int64: PostgresGame]>([:])
    /// Each game's account, by the key the application knows it by.
    let accountsByFile = NIOLockedValueBox<[String: Int64]>([:])
    /// Which games keep their state in memory (at most so many).
    let keptGames: KeptGames
    /// Which games changed since a reader marked them.
    public let changes = CommitMarks()
    /// The threads users' changes run on, each waiting on PostgreSQL statement by statement (``PostgresGame``): many, as
    /// they mostly wait, and apart from the threads that hash passwords.
    let threads: NIOThreadPool

    private init(
        address: DatabaseAddress, limits: RoomLimits, keptGames: Int, logger: Logger, client: PostgresClient, pool: Task<Void, Never>
    ) {
        (self.address, self.limits, self.logger, self.client, self.pool) = (address, limits, logger, client, pool)
        self.keptGames = KeptGames(limit: keptGames)
        threads = NIOThreadPool(numberOfThreads: Self.changeThreads)
        threads.start()
    }

    /// How many changes of users' games run at once.
    static let changeThreads = 16

    /// Connects to the database at `address` and brings its schema up to date (``Migrations``): ready to use.
    /// At most `keptGames` users' games keep their state in memory. A server's store hears other servers' changes
    /// (`hearingOtherServers`, ``listenForChanges()``); a tool's, which does one thing and stops, need not. PostgreSQL's
    /// errors are thrown as ``PostgresProblem``s.
    public static func open(
        _ address: DatabaseAddress, limits: RoomLimits = .standard, keptGames: Int = 100_000, hearingOtherServers: Bool = false,
        logger: Logger
    ) async throws -> PostgresStore {
        // One connection first, so that a database that can't be reached, or refuses the login, is said at once (the
        // pool would go on trying for a minute).
        do {
            let connection = try await PostgresConnection.connect(configuration: address.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw PostgresProblem(error, at: address) ?? error
        }
        var configuration = address.configuration
        // A change holds a connection while it writes beside the game on another (a room's log line): twice as many as
        // changes run at once, so the pool never runs dry of the second.
        configuration.options.maximumConnections = 2 * changeThreads
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        // The pool runs from here on; its first connection is asked for once it has begun.
        let (begun, beginning) = AsyncStream<Void>.makeStream()
        let pool = Task {
            beginning.finish()
            await client.run()
        }
        for await _ in begun {}
        let store = PostgresStore(address: address, limits: limits, keptGames: keptGames, logger: logger, client: client, pool: pool)
        do {
            try await store.said { try await Migrations.apply(client, logger: logger) }
            if hearingOtherServers {
                store.listening.withLockedValue { $0 = Task { await store.listenForChanges() } }
                store.carrying.withLockedValue { $0 = Task { await store.carry() } }
            }
            return store
        } catch {
            await store.close()
            throw error
        }
    }

    /// Runs `body` with the store at `address` (see ``open(_:limits:logger:)``), closed after; PostgreSQL's errors said as
    /// ``PostgresProblem``s. For a command that does one thing and stops.
    public static func with<T: Sendable>(
        _ address: DatabaseAddress, logger: Logger, _ body: @Sendable (PostgresStore) async throws -> T
    ) async throws -> T {
        let store = try await open(address, logger: logger)
        do {
            let result = try await store.said { try await body(store) }
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }

    /// Runs `body`, saying a PostgreSQL error in it as a ``PostgresProblem``.
    public func said<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            throw PostgresProblem(error.cause, at: address) ?? error.cause
        } catch {
            throw PostgresProblem(error, at: address) ?? error
        }
    }

    /// Runs `work` and waits for it, for a caller on a thread that may wait (never an event loop's, never one of Swift's
    /// tasks' threads): what a member's change writes elsewhere before it commits.
    func waiting<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result = NIOLockedValueBox<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let value = try await work()
                result.withLockedValue { $0 = .success(value) }
            } catch {
                result.withLockedValue { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        return try result.withLockedValue { $0! }.get()
    }

    /// Closes every connection. Nothing can be read or written after.
    public func close() async {
        if let listening = listening.withLockedValue({ $0 }) {
            // Said before the connection is closed: one made after this closes itself at once (``listenForChanges()``).
            let connection = listener.withLockedValue { listener in
                listener.closing = true
                return listener.connection
            }
            relayed.work.finish()
            listening.cancel()
            try? await connection?.close()
            let carrying = carrying.withLockedValue { $0 }
            // Their ends are waited for a few seconds at most: closing never hangs on them.
            let ended = NIOLockedValueBox(false)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                @Sendable func end() {
                    let first = ended.withLockedValue { ended -> Bool in
                        defer { ended = true }
                        return !ended
                    }
                    if first { done.resume() }
                }
                Task {
                    await listening.value
                    await carrying?.value
                    end()
                }
                Task {
                    try? await Task.sleep(for: .seconds(5))
                    end()
                }
            }
        }
        try? await threads.shutdownGracefully()
        pool.cancel()
        await pool.value
    }
}

// MARK: - Accounts

extension PostgresStore: AccountStore {
    public func createAccount(name: String, passwordHash: String?, fileID: String, at now: Date) async throws -> Account {
        let name = name.lowercased()
        let rows = try await client.checkedQuery(
            """
            INSERT INTO account (name, password_hash, file_id, created_at) VALUES (\(name), \(passwordHash), \(fileID), \(now.timeIntervalSince1970))
            ON CONFLICT (name) DO NOTHING RETURNING id
            """, logger: logger)
        for try await id in rows.decode(Int64.self) {
            return Account(id: id, name: name, passwordHash: passwordHash, fileID: fileID, created: now)
        }
        throw HabitatError.nameTaken(name)
    }

    public func account(named name: String) async throws -> Account? {
        try await account(where: "name = \(name.lowercased())")
    }

    public func account(id: Int64) async throws -> Account? {
        try await account(where: "id = \(id)")
    }

    private func account(where condition: PostgresQuery) async throws -> Account? {
        var query: PostgresQuery = "SELECT id, name, password_hash, file_id, created_at FROM account WHERE "
        query.sql += condition.sql
        query.binds = condition.binds
        for try await (id, name, hash, fileID, created) in try await client.checkedQuery(query, logger: logger)
            .decode((Int64, String, String?, String, Double).self)
        {
            return Account(id: id, name: name, passwordHash: hash, fileID: fileID, created: Date(timeIntervalSince1970: created))
        }
        return nil
    }

    public func setPasswordHash(_ hash: String?, forAccount id: Int64) async throws {
        _ = try await client.checkedQuery("UPDATE account SET password_hash = \(hash) WHERE id = \(id)", logger: logger)
    }

    public func accountCount() async throws -> Int {
        for try await count in try await client.checkedQuery("SELECT count(*) FROM account", logger: logger).decode(Int.self) {
            return count
        }
        return 0
    }

    public func answers() async throws {
        _ = try await client.checkedQuery("SELECT 1", logger: logger)
    }
}
