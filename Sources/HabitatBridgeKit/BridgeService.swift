import Logging
import NIOCore
import NIOPosix

/// A bridge process: a chat system's client and a ``HabitatClient``, with the chat side's decisions between them.
/// ``run()`` keeps both connections up, reconnecting with ``Backoff``, until its task is cancelled. It has the shape
/// of a swift-service-lifecycle `Service`. Each bridge names its own: `IRCBridgeService`, `MatrixBridgeService`.
public struct BridgeService<Chat: ChatSide>: Sendable {
    public typealias Configuration = Chat.Configuration

    public let configuration: Configuration
    let logger: Logger
    let clock: any BridgeClock
    let eventLoopGroup: any EventLoopGroup

    public init(
        configuration: Configuration, logger: Logger = Logger(label: Chat.label),
        clock: any BridgeClock = ContinuousClock(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        self.eventLoopGroup = eventLoopGroup
    }

    /// Runs the bridge until the task is cancelled.
    public func run() async throws {
        var chat = try Chat(configuration: configuration, logger: logger, clock: clock, eventLoopGroup: eventLoopGroup)
        let habitat = HabitatClient(
            configuration: configuration.habitat, clock: clock, logger: logger, eventLoopGroup: eventLoopGroup)
        let loop = BridgeLoop(
            chat: chat.connection, habitat: habitat, waitsForHabitat: Chat.readsChatOnceHabitatIsOpen)
        await loop.run { await chat.handle($0, habitat: habitat) }
    }
}
