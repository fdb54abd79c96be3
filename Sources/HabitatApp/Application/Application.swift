import Foundation
import HabitatStorage
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// One Habitat server without its sockets: the data directory, accounts, households, timers, the events users are
/// told, and the request pipeline. The transport (`HabitatServer`) brings it connections and their lines; tests
/// drive it with ``Conversation``s directly.
public final class Application: Sendable {
    public let configuration: ServerConfiguration
    public let pipeline: Pipeline
    let logger: Logger
    let users: any UserGames
    let directory: any StorageContract
    /// The data directory's files, when the server keeps them (and not ``ServerConfiguration/stores``); their lock is
    /// held from start-up until ``stop()``: the users' files are this server's alone.
    let files: DataFiles?
    let presence: Presence
    let households: Households
    let scheduler: Scheduler
    /// Opens once ``start()`` is done: the services that must not begin before it wait here.
    public let started = StartGate()
    /// What the server tells its operator, when asked to (`--metrics`).
    public let metrics: Metrics?

    /// Opens the data directory (blocking: call at start-up). Password hashes are worked out on `slowWork`. With
    /// `metrics`, requests, connections, storage and the scheduler are measured.
    public init(
        configuration: ServerConfiguration, logger: Logger, slowWork: any SlowWork, metrics: Metrics? = nil
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.metrics = metrics
        let (directory, users): (any StorageContract, any UserGames)
        if let stores = configuration.stores {
            (directory, users, files) = (stores.directory, stores.users, nil)
        } else {
            let fullFiles = FullFiles { news in Self.log(news, to: logger) }
            // Before any file is opened: another server, or a data tool reading the files directly, would find them unlocked.
            let lock = try DataDirectoryLock(on: configuration.dataDirectory, exclusive: true)
            let files = DataFiles(
                directory: try DirectoryDatabase(
                    directory: configuration.dataDirectory, durability: configuration.durability, limits: configuration.roomLimits,
                    fullFiles: fullFiles),
                users: UserDatabases(
                    directory: configuration.dataDirectory, capacity: configuration.openUserFiles, durability: configuration.durability,
                    holding: lock, fullFiles: fullFiles, metrics: metrics?.storage),
                lock: lock)
            (directory, users, self.files) = (files.directory, files.users, files)
        }
        let accounts = Accounts(directory: directory, hasher: configuration.passwordHasher, throttle: LoginThrottle(), slowWork: slowWork)
        let presence = Presence(directory: directory)
        let households = Households(
            directory: directory, users: users, presence: presence, logger: logger, stage: configuration.stageReached)
        (self.directory, self.users, self.presence, self.households) = (directory, users, presence, households)
        self.pipeline = Pipeline(
            accounts: accounts, users: users, directory: directory, households: households, presence: presence, configuration: configuration,
            logger: logger, metrics: metrics)
        self.scheduler = Scheduler(
            directory: directory, timers: TimerService(directory: directory, users: users, presence: presence, clock: configuration.clock, logger: logger),
            dayEnds: DayEndService(directory: directory, users: users, presence: presence, clock: configuration.clock, logger: logger),
            reminders: ReminderService(directory: directory, users: users, presence: presence, logger: logger),
            roomPosts: RoomPostService(
                directory: directory, households: households, presence: presence, logger: logger, stage: configuration.stageReached), clock: configuration.clock,
            tick: configuration.timerTick, lag: metrics?.schedulerLag, logger: logger)
    }

    /// Sets the gauges that are read off the application when the metrics are read, rather than kept up to date on
    /// every request: the open user files and the descriptors they hold, and the process's own figures.
    public func refreshGauges() {
        metrics?.openFiles.set(users.openCount)
        metrics?.refreshDescriptors(SQLiteSetup.pooledFiles)
        metrics?.process.refresh()
    }

    /// What keeps the server from serving well (`GET /readyz`), said for an operator; none when it is ready: its data
    /// directory there, the disk holding it not full, its storage answering a read within `patience`, and its port
    /// taking connections (`accepting`, the transport's to say). Its checks run off the event loops.
    public func unreadiness(accepting: Bool, patience: Duration = .seconds(2)) async -> [String] {
        var problems: [String] = []
        if !accepting { problems.append("not taking connections (starting, or shutting down)") }
        if files != nil {
            let path = configuration.dataDirectory.path
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                problems.append("the data directory \(path) is gone")
            } else if StorageFullError.isNearlyFull(path) {
                problems.append("the disk holding \(path) is full")
            }
        }
        // A read stuck in storage is not waited for: whichever comes first, its answer or the end of `patience`.
        let directory = self.directory
        let answered: Bool? = await withCheckedContinuation { continuation in
            let said = NIOLockedValueBox(false)
            let say = { @Sendable (answer: Bool?) in
                if said.withLockedValue({ done in defer { done = true }; return !done }) { continuation.resume(returning: answer) }
            }
            Task { say((try? await directory.answers()) != nil) }
            Task {
                try? await Task.sleep(for: patience)
                say(nil)
            }
        }
        switch answered {
        case true?: break
        case false?: problems.append("storage refuses to read")
        case nil: problems.append("storage did not answer within \(patience.components.seconds) seconds")
        }
        return problems
    }

    /// A full disk is said once per file, not once per refused command, and once more when space is back.
    static func log(_ news: FullFiles.Notice, to logger: Logger) {
        switch news {
        case .full(let path):
            logger.error("the disk is full: changes to this file are refused until space is freed", metadata: ["file": "\(path)"])
        case .writable(let path):
            logger.notice("the disk has space again: changes to this file are written", metadata: ["file": "\(path)"])
        }
    }

    /// Before the first connection: refuses to start on a data directory another server answers for, finishes the
    /// shared completions a crash left, and deletes expired codes.
    public func start() async throws {
        // Another server on the same files would find each of them locked, or worse: refuse before touching any.
        let socket = configuration.dataDirectory.appendingPathComponent(DataTools.socketName).path
        if files != nil, let descriptor = DataTools.connect(to: socket) {
            close(descriptor)
            throw DataDirectoryInUse(path: configuration.dataDirectory.path)
        }
        try await households.recover()
        do {
            try await directory.deleteExpiredCodes(at: configuration.clock())
        } catch {
            // Housekeeping only: expired codes open nothing, and the next code made deletes them again.
            logger.warning("expired invite and link codes could not be deleted", metadata: ["error": "\(error)"])
        }
    }

    /// After the last connection: closes every file, each one's log copied into it, so a copy of the data
    /// directory's `.sqlite` files made while the server is stopped is complete. Returns how many files it closed.
    public func stop() async -> Int {
        let closed = await users.closeAll()
        guard let files else {
            await configuration.stores?.close()
            return closed
        }
        do {
            try files.directory.close()
        } catch {
            logger.warning("the directory database could not be closed cleanly; it is recovered at the next start", metadata: ["error": "\(error)"])
        }
        files.lock.release()
        return closed + 1
    }

    /// A new connection's conversation, run on the connection's event loop.
    public func conversation(on eventLoop: any EventLoop) -> Conversation {
        Conversation(pipeline: pipeline, eventLoop: eventLoop)
    }

    /// Closes users' files left unused for `idleFileTimeout`, looking a few times per timeout (at most once
    /// a minute): a user who stays logged in but quiet costs a connection, not an open file.
    func closeIdleFiles() async {
        let timeout = configuration.idleFileTimeout
        guard timeout > 0 else { return }
        let idle = Duration.milliseconds(Int64(timeout * 1000))
        let every = Duration.milliseconds(Int64(min(60, max(0.05, timeout / 5)) * 1000))
        var closedBefore = 0
        while (try? await Task.sleep(for: every)) != nil {
            // Files close on their own queues; by the next look the last sweep's are closed.
            if closedBefore > 0 { SystemMemory.returnFreePages() }
            closedBefore = users.closeIdle(unusedFor: idle)
            if closedBefore > 0 { logger.debug("closed idle user files", metadata: ["files": "\(closedBefore)"]) }
        }
    }
}

/// Runs CPU-heavy work (a password's hash) on threads of its own: off the threads that serve connections and Swift's
/// cooperative pool, which would otherwise wait behind it.
public protocol SlowWork: Sendable {
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
}
