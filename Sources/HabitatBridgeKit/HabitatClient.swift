import Logging
import NIOCore
import NIOPosix

/// A client of Habitat's bridge protocol (`protocols/bridge-protocol.md`): it connects, reads the greeting,
/// sends `bridge <name> <token>`, then sends ``BridgeRequest``s and reports replies and events. It reconnects
/// with ``Backoff`` until the task running ``run()`` is cancelled.
public actor HabitatClient: ReportingClient {
    /// Why a connection was given up.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    public nonisolated let configuration: Configuration
    private nonisolated let loop: ConnectionLoop<Event>
    private let group: any EventLoopGroup
    private var outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>?

    public init(
        configuration: Configuration, clock: any BridgeClock = ContinuousClock(),
        logger: Logger = Logger(label: "habitat.bridge"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        loop = ConnectionLoop(clock: clock, logger: logger)
        group = eventLoopGroup
    }

    /// Replies and events, in order; finishes when ``run()`` returns. Meant for one reader.
    public nonisolated var events: AsyncStream<Event> { loop.events }

    /// Connects, and reconnects after every disconnection, until the task is cancelled.
    public func run() async {
        await loop.run("Habitat \(configuration.host):\(configuration.port)", backoff: configuration.backoff) {
            try await self.connectOnce()
        }
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
            loop.logger.info("bridge session open", metadata: ["bridge": "\(configuration.bridge)"])
            self.outbound = outbound
            loop.report(.connected)
            defer {
                self.outbound = nil
                loop.report(.disconnected)
            }
            do {
                while let line = try await lines.next() {
                    switch BridgeIncoming(jsonLine: line) {
                    case .reply(let reply): loop.report(.reply(reply))
                    case .event(let event): loop.report(.event(event))
                    case nil: loop.logger.warning("unreadable line from Habitat", metadata: ["line": "\(line)"])
                    }
                }
            } catch {
                if !Task.isCancelled { loop.logger.info("Habitat connection failed", metadata: ["error": "\(error)"]) }
            }
            return true
        }
    }
}
