import Logging
import NIOCore
import NIOPosix

/// A client of Habitat's bridge protocol (`protocols/bridge-protocol.md`): it connects, reads the greeting,
/// sends `bridge <name> <token>`, then sends ``BridgeRequest``s and reports replies and events. It reconnects
/// with ``Backoff`` until the task running ``run()`` is cancelled.
public actor HabitatClient {
    /// Why a connection was given up.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    public nonisolated let configuration: Configuration
    /// Replies and events, in order; finishes when ``run()`` returns. Meant for one reader.
    public nonisolated let events: AsyncStream<Event>
    private let eventSink: AsyncStream<Event>.Continuation
    private let clock: any BridgeClock
    private let logger: Logger
    private let group: any EventLoopGroup
    private var outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>?

    public init(
        configuration: Configuration, clock: any BridgeClock = ContinuousClock(),
        logger: Logger = Logger(label: "habitat.bridge"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        (events, eventSink) = AsyncStream.makeStream()
        self.clock = clock
        self.logger = logger
        self.group = eventLoopGroup
    }

    /// Connects, and reconnects after every disconnection, until the task is cancelled.
    public func run() async {
        var reconnector = Reconnector(backoff: configuration.backoff, clock: clock, logger: logger)
        await reconnector.run("Habitat \(configuration.host):\(configuration.port)") { try await self.connectOnce() }
        eventSink.finish()
    }

    /// Sends a request; `false` when there is no bridge session to send it on.
    public func send(_ request: BridgeRequest) async -> Bool {
        guard let outbound else { return false }
        do {
            try await outbound.write(ByteBuffer(string: request.jsonLine + "\n"))
            return true
        } catch {
            return false
        }
    }

    /// One connection: greeting, `bridge` handshake, then lines until it closes. Returns whether the handshake passed.
    private func connectOnce() async throws -> Bool {
        let connection = try await LineConnection.connect(
            host: configuration.host, port: configuration.port, maximumLineLength: configuration.maximumLineLength,
            group: group, tls: configuration.tls)
        return try await connection.executeThenClose { inbound, outbound in
            var lines = inbound.makeAsyncIterator()
            while let line = try await lines.next() {
                if line.isEmpty { break }
            }
            try await outbound.write(ByteBuffer(string: "bridge \(configuration.bridge) \(configuration.token)\n"))
            guard let answer = try await lines.next() else { throw Refused(description: "closed before the handshake") }
            guard case .reply(let reply)? = BridgeIncoming(jsonLine: answer), reply.ok else {
                throw Refused(description: "bridge handshake refused: \(answer)")
            }
            logger.info("bridge session open", metadata: ["bridge": "\(configuration.bridge)"])
            self.outbound = outbound
            eventSink.yield(.connected)
            defer {
                self.outbound = nil
                eventSink.yield(.disconnected)
            }
            do {
                while let line = try await lines.next() {
                    switch BridgeIncoming(jsonLine: line) {
                    case .reply(let reply): eventSink.yield(.reply(reply))
                    case .event(let event): eventSink.yield(.event(event))
                    case nil: logger.warning("unreadable line from Habitat", metadata: ["line": "\(line)"])
                    }
                }
            } catch {
                if !Task.isCancelled { logger.info("Habitat connection failed", metadata: ["error": "\(error)"]) }
            }
            return true
        }
    }
}
