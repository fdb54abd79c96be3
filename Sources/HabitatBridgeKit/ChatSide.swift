import Logging
import NIOCore

/// A chat system's own part of a ``BridgeService``: its client, and the decisions about each input. The service
/// owns everything else (the Habitat client, running both, handing inputs over in order).
public protocol ChatSide {
    /// Both ends of the bridge, as its command line gives them.
    associatedtype Configuration: BridgeConfiguration
    associatedtype Connection: ReportingClient
    /// The logger's label when the service is given none.
    static var label: String { get }
    /// `true` when the chat is read only once the Habitat session has opened: what was said while the bridge was
    /// away is then answered, not refused because the session was still opening.
    static var readsChatOnceHabitatIsOpen: Bool { get }

    /// One run's client and decisions.
    init(configuration: Configuration, logger: Logger, clock: any BridgeClock, eventLoopGroup: any EventLoopGroup) throws
    /// The chat system's client, run by the service.
    var connection: Connection { get }
    /// Decides about one input, and says on either side what it decided.
    mutating func handle(_ input: BridgeInput<Connection.Event>, habitat: HabitatClient) async
}

extension ChatSide {
    public static var readsChatOnceHabitatIsOpen: Bool { false }
}
