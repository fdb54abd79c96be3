import Foundation
import HabitatApp
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging
import NIOCore
import NIOPosix
import NIOConcurrencyHelpers
import NIOSSL
import Prometheus
import ServiceLifecycle
import Synchronization

/// The Habitat line-protocol server: a `Service` that listens, serves each connection in its own task,
/// and on graceful shutdown stops accepting, lets every connection finish the command in hand, and returns.
///
/// It is the transport: sockets, TLS, framing, connection limits, back-pressure and draining. What is said on a
/// connection is the ``Application``'s.
public final class HabitatServer: Service, Sendable {
    public let configuration: ServerConfiguration
    let logger: Logger
    /// The server's application: what its connections' lines do.
    public let application: Application
    /// What new connections are served with, when the server serves TLS: replaced by ``reloadTLS(_:)``.
    let tls: NIOLockedValueBox<NIOSSLContext>?
    let eventLoopGroup: MultiThreadedEventLoopGroup
    let onServerRunning: @Sendable (Int) async -> Void
    let connections: ConnectionRegistry
    /// Where the metrics are kept, when the server serves them (`configuration.metrics`).
    let registry: PrometheusCollectorRegistry?
    let metricsEndpoint = NIOLockedValueBox<MetricsEndpoint?>(nil)
    /// Where the data tools ask, once the server runs.
    let controlSocket = NIOLockedValueBox<ControlSocket?>(nil)
    /// Opens once the line protocol is listened on: the metrics' endpoint listens after it.
    let listening = StartGate()
    /// The line protocol's listening channel, once it listens: `/readyz` asks whether it still takes connections.
    let listener = NIOLockedValueBox<(any Channel)?>(nil)
    /// Opens once the metrics' endpoint listens (when there is one): the server is said to run only then.
    let metricsListening = StartGate()

    /// Connections the kernel may hold for the server to accept (as many as `net.core.somaxconn` allows), and that
    /// accepted ones may wait for their task to start before the server stops accepting for a while.
    static let acceptQueue = 4096
    /// Connections accepted each time the listening socket is ready: NIO's default of 4 let a storm of them
    /// outrun the accepting while the event loop started the tasks of those already in.
    static let acceptsAtOnce = 256

    /// Opens the data directory (blocking: call at start-up). `onServerRunning` receives the bound port. Passwords are
    /// hashed on `threadPool`.
    public init(
        configuration: ServerConfiguration, logger: Logger, eventLoopGroup: MultiThreadedEventLoopGroup = .singleton,
        threadPool: NIOThreadPool = .singleton, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
        self.onServerRunning = onServerRunning
        self.tls = try configuration.tls.map { NIOLockedValueBox(try Self.tlsContext($0).context) }
        self.connections = ConnectionRegistry(addressLimits: AddressLimits(configuration))
        // A registry of this server's own: never the process-wide metrics system, so servers in one process keep apart.
        self.registry = configuration.metrics.map { _ in PrometheusCollectorRegistry() }
        self.application = try Application(
            configuration: configuration, logger: logger, slowWork: ThreadPoolWork(pool: threadPool),
            metrics: registry.map { Metrics(factory: Self.metricsFactory($0)) })
    }

    /// Another server runs on the data directory: its data tools' socket answers.
    public typealias DataDirectoryInUse = HabitatStorage.DataDirectoryInUse

    /// Listens for the data tools (``ControlSocket``). A server that can't still serves its users: the tools then
    /// say they can't reach it.
    func serveDataTools() async {
        let path = configuration.dataDirectory.appendingPathComponent(DataTools.socketName).path
        do {
            // A server on a database keeps nothing in its data directory but this socket (`habitat admin`, `import` and
            // `export` ask it there): made as the data directory is, the server's user's alone.
            if !application.keepsFiles {
                try FileManager.default.createDirectory(
                    at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                // Nothing else keeps two servers on a database from sharing a `--data`: the one there first keeps it.
                if let descriptor = DataTools.connect(to: path) {
                    close(descriptor)
                    logger.warning(
                        "another server answers habitat admin, import and export in this data directory; give this one a --data of its own to reach it",
                        metadata: ["path": "\(path)"])
                    return
                }
            }
            let socket = try await ControlSocket.bind(at: path, group: eventLoopGroup, logger: logger) { [application] asked in
                await application.runDataTool(asked.request, dataText: asked.data)
            }
            controlSocket.withLockedValue { $0 = socket }
        } catch {
            logger.warning(
                "habitat admin, import, export, backup and check can't reach this server while it runs: its socket could not be made",
                metadata: ["path": "\(path)", "error": "\(error)"])
        }
    }

    /// The port the metrics are served on, once the server runs with them.
    public var metricsPort: Int? { metricsEndpoint.withLockedValue { $0?.port } }

    /// Everything `serve` runs, in the order its `ServiceGroup` is to hold them: the application's services, the
    /// metrics' endpoint when asked for, and the transport last, so that it stops first (its connections drain while
    /// the scheduler still runs and every file is open) and the application's files close last.
    public var services: [any Service] {
        application.services + (configuration.metrics == nil ? [] : [MetricsService(server: self)]) + [self]
    }

    public func run() async throws {
        do {
            try await listen()
        } catch {
            listening.open(.failure(error))
            throw error
        }
    }

    private func listen() async throws {
        try await application.started.wait()
        defer { controlSocket.withLockedValue { $0 }?.close() }
        let maxLine = configuration.maxLineLength
        let unreadTimeout = TimeAmount.milliseconds(Int64(configuration.unreadRepliesTimeout * 1000))
        let (proxyBalancers, loginTimeout) = (configuration.proxyProtocol, TimeAmount.milliseconds(Int64(configuration.unauthenticatedTimeout * 1000)))
        // A storm of connections at once (every client of a server that restarted) must not overflow the kernel's
        // queue of connections waiting to be accepted: past it, Linux answers with SYN cookies, and a connection whose
        // last handshake packet then finds the queue full is gone on the server's side while its client, waiting for
        // the greeting, sees it open. So the queue is as long as the system allows (`net.core.somaxconn` caps it,
        // 4096 by default), the server takes up to `acceptsAtOnce` connections each time the socket is ready, and
        // keeps taking them while the loop below takes them in.
        let server = try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.backlog, value: Int32(Self.acceptQueue))
            .serverChannelOption(.maxMessagesPerRead, value: UInt(Self.acceptsAtOnce))
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
            .bind(
                host: configuration.host, port: configuration.port,
                serverBackPressureStrategy: .init(lowWatermark: Self.acceptsAtOnce, highWatermark: Self.acceptQueue)
            ) { [self, tls, application] channel in
                channel.eventLoop.makeCompletedFuture {
                    if !proxyBalancers.isEmpty {
                        try channel.pipeline.syncOperations.addHandler(
                            ProxyProtocolHandler(balancers: proxyBalancers, timeout: loginTimeout, refused: self.refusedProxy))
                    }
                    if let tls {
                        let context = tls.withLockedValue { $0 }
                        try channel.pipeline.syncOperations.addHandlers(PlainTextOnTLSPort(), NIOSSLServerHandler(context: context))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: maxLine)))
                    let conversation = application.conversation(on: channel.eventLoop)
                    try channel.pipeline.syncOperations.addHandler(
                        ConnectionHandler(server: self, conversation: conversation, maxLine: maxLine))
                    try channel.pipeline.syncOperations.addHandler(UnreadRepliesHandler(timeout: unreadTimeout))
                }
            }
        let port = server.channel.localAddress?.port ?? configuration.port
        logger.info(
            "listening",
            metadata: [
                "host": "\(configuration.host)", "port": "\(port)", "tls": "\(tls == nil ? "off" : "on")",
                "data": "\(configuration.dataDirectory.path)",
            ])
        if tls == nil, !ListenAddress(host: configuration.host, port: port).isLoopback {
            logger.warning(
                "listening beyond this machine without TLS: passwords cross the network in clear (use --tls-cert and --tls-key)",
                metadata: ["host": "\(configuration.host)"])
        }
        listener.withLockedValue { $0 = server.channel }
        listening.open()
        do {
            if configuration.metrics != nil { try await metricsListening.wait() }
            await serveDataTools()
        } catch {
            try? await server.channel.close()
            throw error
        }
        await onServerRunning(port)

        try await withGracefulShutdownHandler {
            // Each connection runs on its own, on its channel's event loop; this takes them in, and then waits for the
            // last to close.
            try await server.executeThenClose { inbound in
                for try await _ in inbound {}
            }
            await connections.waitUntilEmpty()
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
        logger.info("connections closed")
    }
}

extension HabitatServer: CustomStringConvertible {
    /// As the service group's log names it.
    public var description: String { "server" }
}
