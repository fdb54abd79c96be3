import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import ServiceLifecycle
import Synchronization

/// The Habitat line-protocol server: a `Service` that listens, serves each connection in its own task,
/// and on graceful shutdown stops accepting, lets every connection finish the command in hand, and returns.
public final class HabitatServer: Service, Sendable {
    public let configuration: ServerConfiguration
    let logger: Logger
    let responder: Responder
    let timers: TimerService
    let hub: Hub
    let household: Household
    let users: UserDatabases
    let tls: NIOSSLContext?
    let eventLoopGroup: MultiThreadedEventLoopGroup
    let onServerRunning: @Sendable (Int) async -> Void
    private let connections = ConnectionRegistry()

    /// Opens the data directory (blocking: call at start-up). `onServerRunning` receives the bound port.
    public init(
        configuration: ServerConfiguration, logger: Logger, eventLoopGroup: MultiThreadedEventLoopGroup = .singleton,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
        self.onServerRunning = onServerRunning
        self.tls = try configuration.tls.map(Self.tlsContext)
        let fullFiles = FullFiles { news in Self.log(news, to: logger) }
        let directory = try DirectoryDatabase(
            directory: configuration.dataDirectory, durability: configuration.durability, limits: configuration.roomLimits,
            fullFiles: fullFiles)
        let users = UserDatabases(
            directory: configuration.dataDirectory, capacity: configuration.openUserFiles, durability: configuration.durability,
            fullFiles: fullFiles)
        self.users = users
        let accounts = Accounts(
            directory: directory, hasher: configuration.passwordHasher, throttle: LoginThrottle(), threadPool: .singleton)
        let hub = Hub(directory: directory)
        self.hub = hub
        let household = Household(directory: directory, users: users, hub: hub, logger: logger, crashPoint: configuration.crashPoint)
        self.household = household
        self.responder = Responder(
            accounts: accounts, users: users, directory: directory, household: household, hub: hub, configuration: configuration,
            logger: logger)
        self.timers = TimerService(
            directory: directory, users: users, hub: hub, clock: configuration.clock, tick: configuration.timerTick, logger: logger)
    }

    /// A full disk is said once per file, not once per refused command, and once more when space is back.
    static func log(_ news: FullFiles.News, to logger: Logger) {
        switch news {
        case .full(let path):
            logger.error("the disk is full: changes to this file are refused until space is freed", metadata: ["file": "\(path)"])
        case .writable(let path):
            logger.notice("the disk has space again: changes to this file are written", metadata: ["file": "\(path)"])
        }
    }

    public func run() async throws {
        try await household.recover()
        do {
            try await household.directory.deleteExpiredCodes(at: configuration.clock())
        } catch {
            // Housekeeping only: expired codes open nothing, and the next code made deletes them again.
            logger.warning("expired invite and link codes could not be deleted", metadata: ["error": "\(error)"])
        }
        let maxLine = configuration.maxLineLength
        let unreadTimeout = TimeAmount.milliseconds(Int64(configuration.unreadRepliesTimeout * 1000))
        let server = try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // The end of a connection's input (the client shut down its side, or the server is shutting down
            // and closed it) ends its requests, not the connection: the lines already received are answered,
            // then it closes. Without this NIO closes the whole connection at the end of input, and a
            // command in hand would lose its reply.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            // Each connection keeps its receive buffer between reads; requests are short lines, so it starts
            // at 512 bytes instead of NIO's 2 KiB and grows when reads fill it (pipelining clients).
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536))
            .bind(host: configuration.host, port: configuration.port) { [tls, responder, configuration] channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(UnreadRepliesHandler(timeout: unreadTimeout))
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: maxLine)))
                    // The connection's session is set when its task starts (it needs the connection's number).
                    let link = ConnectionLink(
                        session: Session(id: "", rateLimit: configuration.rateLimit, now: configuration.clock()),
                        eventLoop: channel.eventLoop)
                    try channel.pipeline.syncOperations.addHandler(ImmediateRepliesHandler(link: link, responder: responder))
                    let connection = try NIOAsyncChannel<IncomingLine, ByteBuffer>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(
                            backPressureStrategy: .init(lowWatermark: 4, highWatermark: 64),
                            isOutboundHalfClosureEnabled: true))
                    return Connection(link: link, channel: connection)
                }
            }
        let port = server.channel.localAddress?.port ?? configuration.port
        logger.info(
            "listening",
            metadata: [
                "host": "\(configuration.host)", "port": "\(port)", "tls": "\(tls == nil ? "off" : "on")",
                "data": "\(configuration.dataDirectory.path)",
            ])
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(configuration.host) || configuration.host.hasPrefix("127.")
        if tls == nil, !loopback {
            logger.warning(
                "listening beyond this machine without TLS: passwords cross the network in clear (use --tls-cert and --tls-key)",
                metadata: ["host": "\(configuration.host)"])
        }
        await onServerRunning(port)

        let timers = Task { await self.timers.run() }
        defer { timers.cancel() }
        let idleFiles = Task { await self.closeIdleFiles() }
        defer { idleFiles.cancel() }
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        // The connection's task runs on its channel's event loop: no thread hop between them, and
                        // the session it shares with the channel's handlers stays on that loop.
                        group.addTask(executorPreference: connection.link.executor) { await self.serve(connection) }
                    }
                }
            }
        } onGracefulShutdown: {
            self.logger.info("shutting down: finishing commands in progress")
            server.channel.close(promise: nil)
            self.connections.drainAll()
            // A client that does not take its replies does not hold up the shutdown for long. A connection
            // still answering (its storage slow, say) is not cut off in the middle of a change it commits,
            // unless it takes far longer than any command should.
            Task {
                let (grace, limit) = (self.configuration.shutdownGrace, self.configuration.shutdownLimit)
                try await Task.sleep(for: grace)
                var waited = grace
                while true {
                    let last = waited >= limit
                    let closed = self.connections.closeAll(stuckOnly: !last)
                    if closed > 0 {
                        self.logger.notice(
                            last ? "closed connections still open" : "closed connections whose clients had not taken their last replies",
                            metadata: ["connections": "\(closed)", "after": "\(waited)"])
                    }
                    if last || self.connections.isEmpty { return }
                    try await Task.sleep(for: .seconds(1))
                    waited += .seconds(1)
                }
            }
        }
        timers.cancel()
        idleFiles.cancel()
        await timers.value
        await idleFiles.value
        // Each file is left whole on its own, its log copied into it: a copy of the data directory's `.sqlite`
        // files made while the server is stopped is complete.
        let closed = await users.closeAll()
        do {
            try household.directory.close()
        } catch {
            logger.warning("the directory database could not be closed cleanly; it is recovered at the next start", metadata: ["error": "\(error)"])
        }
        logger.info("stopped", metadata: ["files": "\(closed + 1)"])
    }

    /// The TLS context for `files`: TLS 1.2 or later, the certificate chain and key read once, at start-up.
    static func tlsContext(_ files: TLSFiles) throws -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
        } catch {
            throw TLSSetupError("Could not read a PEM certificate chain from \(files.certificateChain): \(error)")
        }
        guard !chain.isEmpty else { throw TLSSetupError("\(files.certificateChain) holds no certificate.") }
        do {
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch {
            throw TLSSetupError("Could not read a PEM private key from \(files.privateKey): \(error)")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError("The certificate in \(files.certificateChain) and the key in \(files.privateKey) don't work together: \(error)")
        }
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

    /// Runs `body` in a task of its own on the connection's event loop, and waits for it. A task keeps the memory
    /// its deepest call ever needed (Swift's task allocator holds on to it) until the task ends: a connection's
    /// task that once logged in, or ran any other line that takes the long way, would hold that for as long as
    /// the connection stays open. This task gives it back when the line is done.
    static func inTaskOfItsOwn<T: Sendable>(
        _ link: ConnectionLink, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await Task(executorPreference: link.executor) { try await body() }.value
    }

    /// A client's channel, and the session its task shares with `ImmediateRepliesHandler`.
    struct Connection: Sendable {
        let link: ConnectionLink
        let channel: NIOAsyncChannel<IncomingLine, ByteBuffer>
    }

    /// Serves one client until it quits or goes away. Never throws: one client's trouble stays its own.
    ///
    /// Runs on the connection's event loop. Lines that need only the game in memory are answered by
    /// `ImmediateRepliesHandler` before they get here; this task answers the rest, one at a time.
    func serve(_ connection: Connection) async {
        let link = connection.link
        let connection = connection.channel
        let channel = connection.channel
        guard let id = connections.add(channel, limit: configuration.maxConnections) else {
            if let refused = connections.noteRefusal(now: ContinuousClock.now) {
                logger.warning(
                    "turning connections away: the server is full (--max-connections) or stopping",
                    metadata: ["refused": "\(refused)", "limit": "\(configuration.maxConnections)"])
            }
            let full = Reply(error: HabitatError(.busy, "The server is full right now. Please try again in a minute."))
            try? await connection.executeThenClose { _, outbound in
                try await outbound.write(ByteBuffer(string: full.text(plain: false)))
            }
            return
        }
        defer { connections.remove(id) }
        let timeout = configuration.unauthenticatedTimeout
        let idle = channel.eventLoop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
            // Said in the connection's mode when no command is in hand (the session is then free to read).
            guard !link.taskBusy else { return channel.close(promise: nil) }
            let closing = Event(
                kind: "closing",
                toasts: [Toast(.error, "No login within \(Int(timeout)) seconds, so this connection is closing. Connect again when you're ready.")])
            channel.writeAndFlush(ByteBuffer(string: closing.rendered(mode: link.session.mode, plain: link.session.plain)))
                .whenComplete { _ in channel.close(promise: nil) }
        }
        let outbox = Outbox()
        do {
            try await connection.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(string: Responder.greeting.text(plain: false)))
                try await withThrowingDiscardingTaskGroup { group in
                    // Events are written between replies, never inside one.
                    group.addTask {
                        for await _ in outbox.wakes {
                            let events = outbox.takeIfIdle()
                            // (Taken only between lines, so the session is not in use.) Not for a login that lapsed
                            // when its password was changed on another connection.
                            guard !events.isEmpty, self.responder.loginHolds(&link.session) else { continue }
                            for event in events { try await outbound.write(ByteBuffer(string: event)) }
                        }
                    }
                    defer { outbox.finish() }
                    link.eventLoop.assertInEventLoop()
                    link.session = Session(id: "c\(id)", rateLimit: configuration.rateLimit, now: configuration.clock())
                    for try await line in inbound {
                        // The whole line is answered in a task of its own: while the connection waits for the next,
                        // its own task holds nothing but this loop.
                        let closing = try await Self.inTaskOfItsOwn(link) {
                            try await self.answer(line, link: link, connection: id, outbound: outbound, outbox: outbox, idle: idle)
                        }
                        if closing { break }
                    }
                }
                if link.draining {
                    // Shutting down: the replies go out, then the end of output, and the connection stays
                    // (dropping whatever arrives) until the client closes its side, briefly. Closing at once
                    // with lines still unread would reset the connection, and a client can lose replies it
                    // had not read yet: changes made, their replies gone.
                    outbound.finish()
                    try await link.eventLoop.flatSubmit {
                        link.waitForPeerToClose(atMost: .seconds(1), channel: channel)
                    }.get()
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["connection": "c\(id)", "error": "\(error)"])
        }
        if let attached = link.attached { hub.detach(connection: id, from: attached) }
        if let bridge = link.bridge { hub.detachBridge(connection: id, name: bridge) }
        idle.cancel()
    }

    /// Answers a line the connection's handler passed on: its reply, then the events held while it ran, then (when
    /// it logged in) what waited for the account. Returns whether the connection is to close.
    private func answer(
        _ line: IncomingLine, link: ConnectionLink, connection id: Int, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        outbox: Outbox, idle: Scheduled<Void>
    ) async throws -> Bool {
        outbox.hold()
        if let reply = await responder.respond(to: line.frame, prepared: line.prepared, session: &link.session) {
            try await outbound.write(ByteBuffer(string: reply))
        }
        let events = outbox.release(mode: link.session.mode, plain: link.session.plain)
        // The events of an account this line logged out of (or whose login lapsed) are not its.
        let loggedOut = link.attached != nil && link.session.account == nil
        if !loggedOut {
            for event in events { try await outbound.write(ByteBuffer(string: event)) }
        }
        if link.bridge == nil, let name = link.session.bridge {
            link.bridge = name
            idle.cancel()
            hub.attachBridge(outbox, connection: id, name: name)
        }
        if link.session.account?.id != link.attached {
            if let old = link.attached { hub.detach(connection: id, from: old) }
            link.attached = link.session.account?.id
            if let new = link.attached {
                idle.cancel()
                hub.attach(outbox, connection: id, to: new)
                // What waited while they were away comes right after the login reply.
                if let kept = try? await hub.offlineDelivery(for: new) {
                    try await outbound.write(ByteBuffer(string: kept.rendered(mode: link.session.mode, plain: link.session.plain)))
                }
            }
        }
        link.taskFinishedLine()
        return link.session.closing
    }
}

/// The open connections, counted against the limit and closed for input at shutdown.
final class ConnectionRegistry: Sendable {
    private struct State {
        var next = 0
        var open: [Int: any Channel] = [:]
        var draining = false
        var refused = 0
        var refusalLogged: ContinuousClock.Instant?
    }

    /// Counts a connection turned away; returns how many were since the last time this said to log (at
    /// most every 10 s), so a flood makes a line now and then, not one per connection.
    func noteRefusal(now: ContinuousClock.Instant) -> Int? {
        state.withLock { state in
            state.refused += 1
            if let last = state.refusalLogged, now - last < .seconds(10) { return nil }
            state.refusalLogged = now
            defer { state.refused = 0 }
            return state.refused
        }
    }

    private let state = Mutex(State())

    /// Registers a connection, or returns `nil` when `limit` are already open (or the server is stopping).
    func add(_ channel: any Channel, limit: Int) -> Int? {
        state.withLock { state in
            guard state.open.count < limit, !state.draining else { return nil }
            state.next += 1
            state.open[state.next] = channel
            return state.next
        }
    }

    func remove(_ id: Int) {
        _ = state.withLock { $0.open.removeValue(forKey: id) }
    }

    /// Every connection takes no more lines: each answers the lines it has received, then closes.
    func drainAll() {
        let channels = state.withLock { state in
            state.draining = true
            return Array(state.open.values)
        }
        for channel in channels {
            channel.pipeline.fireUserInboundEventTriggered(DrainConnection())
        }
    }

    /// Closes every connection still open, or with `stuckOnly` those whose client is not taking the
    /// replies written to it (no longer writable); returns how many it closed.
    func closeAll(stuckOnly: Bool = false) -> Int {
        let channels = state.withLock { Array($0.open.values) }.filter { !stuckOnly || !$0.isWritable }
        for channel in channels { channel.close(promise: nil) }
        return channels.count
    }

    var isEmpty: Bool { state.withLock { $0.open.isEmpty } }
}

/// The TLS files could not be used; the message says which and why.
public struct TLSSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
