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
public actor IRCClient: ReportingClient {
    public nonisolated let configuration: Configuration
    private nonisolated let loop: ConnectionLoop<Event>
    private let group: any EventLoopGroup
    private var queue: OutgoingQueue
    private var wake: AsyncStream<Void>.Continuation?

    public init(
        configuration: Configuration, clock: any BridgeClock = ContinuousClock(),
        logger: Logger = Logger(label: "habitat.irc"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        loop = ConnectionLoop(clock: clock, logger: logger)
        group = eventLoopGroup
        queue = OutgoingQueue(flood: configuration.flood)
    }

    /// Everything that happens, in order; finishes when ``run()`` returns. Meant for one reader.
    public nonisolated var events: AsyncStream<Event> { loop.events }

    /// Connects, and reconnects after every disconnection, until the task is cancelled; then sends QUIT.
    public func run() async {
        await loop.run("IRC \(configuration.host):\(configuration.port)", backoff: configuration.backoff) {
            try await self.connectOnce()
        }
    }

    /// Queues the chat lines of one answer (or of several, each to a target of its own). They go out once
    /// registered, at the flood-control pace, each target's in order and the targets in turn, short answers before
    /// long ones (``OutgoingQueue``); lines queued while disconnected wait for the next connection.
    public func send(_ messages: [IRCMessage]) {
        var targets: [String] = []
        var lines: [String: [String]] = [:]
        for message in messages {
            let target = message.parameters.first?.lowercased() ?? ""
            if lines[target] == nil { targets.append(target) }
            lines[target, default: []].append(message.line)
        }
        for target in targets { queue.push(lines[target] ?? [], target: target) }
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
            loop.report(.disconnected)
        }
        try await connection.executeThenClose { inbound, outbound in
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await self.drain(outbound, wakeups: wakeups) }
                perform(session.start())
                do {
                    for try await line in inbound {
                        guard let message = IRCMessage(line: line) else { continue }
                        perform(session.receive(message))
                        loop.report(.message(message))
                    }
                } catch {
                    if !Task.isCancelled { loop.logger.info("IRC connection failed", metadata: ["error": "\(error)"]) }
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
                loop.logger.info("registered on IRC", metadata: ["nick": "\(nick)"])
                queue.chatOpen = true
                loop.report(.registered(nick: nick))
            case .renamed(let nick):
                loop.report(.renamed(nick: nick))
            case .saslFailed(let reason):
                loop.logger.warning(
                    "not logged in to the IRC account; going on without it", metadata: ["reason": "\(reason)"])
            case .nickRefused(let nick, let reason):
                loop.logger.error(
                    "the IRC server refused the nick; choose another with --nick (shorter, or other characters)",
                    metadata: ["nick": "\(nick)", "reason": "\(reason)"])
            case .joinFailed(let channel, let reason):
                loop.logger.warning(
                    "could not join the channel", metadata: ["channel": "\(channel)", "reason": "\(reason)"])
            }
        }
        wake?.yield()
    }

    /// Writes queued lines when flood control lets them go, until the connection ends.
    private func drain(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, wakeups: AsyncStream<Void>) async throws {
        var wakeups = wakeups.makeAsyncIterator()
        while !Task.isCancelled {
            switch queue.next(now: loop.clock.now) {
            case .send(let line):
                try await outbound.write(ByteBuffer(string: line + "\r\n"))
            case .wait(let deadline):
                try await loop.clock.sleep(until: deadline)
            case .idle:
                guard await wakeups.next(isolation: self) != nil else { return }
            }
        }
    }
}
