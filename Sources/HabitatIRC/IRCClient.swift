import HabitatBridgeKit
import Logging
import NIOCore
import NIOPosix

/// An IRC client that stays connected: it negotiates `account-tag` and `message-tags`, registers (PASS, NICK,
/// USER), answers PING, tries `nick_`, `nick__`, … on collisions, joins its channels (again after KICK and
/// reconnects), reconnects with ``Backoff`` and paces what it sends with ``FloodControl``.
///
/// ```swift
/// let client = IRCClient(configuration: .init(host: "127.0.0.1", nick: "habitat", channels: ["#smiths"]))
/// async let running: Void = client.run()          // until the task is cancelled; then QUIT
/// for await event in client.events { ... }        // .registered, .message(IRCMessage), ...
/// await client.send([.privmsg("#smiths", "hello")])  // queued, flood-controlled
/// ```
public actor IRCClient {
    public nonisolated let configuration: Configuration
    /// Everything that happens, in order; finishes when ``run()`` returns. Meant for one reader.
    public nonisolated let events: AsyncStream<Event>
    private let eventSink: AsyncStream<Event>.Continuation
    private let clock: any BridgeClock
    private let logger: Logger
    private let group: any EventLoopGroup
    private var queue: OutgoingQueue
    private var wake: AsyncStream<Void>.Continuation?

    public init(
        configuration: Configuration, clock: any BridgeClock = ContinuousClock(),
        logger: Logger = Logger(label: "habitat.irc"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        (events, eventSink) = AsyncStream.makeStream()
        self.clock = clock
        self.logger = logger
        self.group = eventLoopGroup
        self.queue = OutgoingQueue(flood: configuration.flood)
    }

    /// Connects, and reconnects after every disconnection, until the task is cancelled; then sends QUIT.
    public func run() async {
        var reconnector = Reconnector(backoff: configuration.backoff, clock: clock, logger: logger)
        await reconnector.run("IRC \(configuration.host):\(configuration.port)") { try await self.connectOnce() }
        eventSink.finish()
    }

    /// Queues chat lines. They go out once registered, at the flood-control pace, each target's in order and the
    /// targets in turn; lines queued while disconnected wait for the next connection.
    public func send(_ messages: [IRCMessage]) {
        for message in messages { queue.push(message.line, target: message.parameters.first ?? "") }
        wake?.yield()
    }

    /// One connection, from connect to close. Returns whether it got registered.
    private func connectOnce() async throws -> Bool {
        let keepAlive = TimeAmount.seconds(max(1, configuration.keepAlive.components.seconds))
        let connection = try await LineConnection.connect(
            host: configuration.host, port: configuration.port, maximumLineLength: configuration.maximumLineLength,
            group: group, tls: configuration.tls
        ) { pipeline in
            try pipeline.addHandler(IdleStateHandler(readTimeout: keepAlive), position: .first)
            try pipeline.addHandler(IRCKeepAlive())
        }
        var session = IRCSession(
            nick: configuration.nick, user: configuration.user, realName: configuration.realName,
            password: configuration.password, channels: configuration.channels, sasl: configuration.sasl)
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        queue.reset()
        self.wake = wake
        defer {
            self.wake = nil
            eventSink.yield(.disconnected)
        }
        try await connection.executeThenClose { inbound, outbound in
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await self.drain(outbound, wakeups: wakeups) }
                perform(session.start())
                do {
                    for try await line in inbound {
                        guard let message = IRCMessage(line: line) else { continue }
                        perform(session.receive(message))
                        eventSink.yield(.message(message))
                    }
                } catch {
                    if !Task.isCancelled { logger.info("IRC connection failed", metadata: ["error": "\(error)"]) }
                }
                if Task.isCancelled {
                    let quit = IRCMessage(command: "QUIT", parameters: ["Habitat bridge stopping"])
                    try? await connection.channel.writeAndFlush(ByteBuffer(string: quit.line + "\r\n")).get()
                }
                group.cancelAll()
            }
        }
        return session.isRegistered
    }

    private func perform(_ actions: [IRCSession.Action]) {
        for action in actions {
            switch action {
            case .send(let message):
                queue.push(message.line, isProtocol: true)
            case .registered(let nick):
                logger.info("registered on IRC", metadata: ["nick": "\(nick)"])
                queue.chatOpen = true
                eventSink.yield(.registered(nick: nick))
            case .renamed(let nick):
                eventSink.yield(.renamed(nick: nick))
            case .saslFailed(let reason):
                logger.warning("not logged in to the IRC account; going on without it", metadata: ["reason": "\(reason)"])
            case .nickRefused(let nick, let reason):
                logger.error(
                    "the IRC server refused the nick; choose another with --nick (shorter, or other characters)",
                    metadata: ["nick": "\(nick)", "reason": "\(reason)"])
            case .joinFailed(let channel, let reason):
                logger.warning("could not join the channel", metadata: ["channel": "\(channel)", "reason": "\(reason)"])
            }
        }
        wake?.yield()
    }

    /// Writes queued lines when flood control lets them go, until the connection ends.
    private func drain(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, wakeups: AsyncStream<Void>) async throws {
        var wakeups = wakeups.makeAsyncIterator()
        while !Task.isCancelled {
            switch queue.next(now: clock.now) {
            case .send(let line):
                try await outbound.write(ByteBuffer(string: line + "\r\n"))
            case .wait(let deadline):
                try await clock.sleep(until: deadline)
            case .idle:
                guard await wakeups.next(isolation: self) != nil else { return }
            }
        }
    }
}
