import HabitatBridgeKit
import Logging
import NIOCore
import NIOPosix

/// The IRC bridge process (`habitat irc-bridge`): an ``IRCClient`` and a ``HabitatClient``, with an ``IRCBridge``
/// deciding what goes between them (its documentation says how lines, replies and events are routed).
/// ``run()`` keeps both connections up, reconnecting with ``Backoff``, until its task is cancelled; then it sends
/// QUIT. It has the shape of a swift-service-lifecycle `Service`: `extension IRCBridgeService: Service {}`.
///
/// ```swift
/// let service = IRCBridgeService(configuration: .init(
///     habitatHost: "127.0.0.1", habitatPort: 7878, bridge: "irc", token: token,
///     ircHost: "127.0.0.1", ircPort: 6667, nick: "habitat", channels: ["#smiths"]), logger: logger)
/// try await service.run()
/// ```
///
/// The parts are public too: ``IRCMessage`` (parse with `init?(line:)`, serialize with `line`), ``IRCSession``
/// (registration as a state machine), ``IRCLineSplitter``, ``FloodControl``, ``BridgeRequest`` and ``BridgeIncoming``.
public struct IRCBridgeService: Sendable {
    private enum Input: Sendable {
        case irc(IRCClient.Event)
        case habitat(HabitatClient.Event)
    }

    public let configuration: Configuration
    let logger: Logger
    let clock: any BridgeClock
    let eventLoopGroup: any EventLoopGroup

    public init(
        configuration: Configuration, logger: Logger = Logger(label: "habitat.irc-bridge"),
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
        let irc = IRCClient(
            configuration: configuration.irc, clock: clock, logger: logger, eventLoopGroup: eventLoopGroup)
        let habitat = HabitatClient(
            configuration: configuration.habitat, clock: clock, logger: logger, eventLoopGroup: eventLoopGroup)
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        await withDiscardingTaskGroup { group in
            group.addTask { await irc.run() }
            group.addTask { await habitat.run() }
            group.addTask { for await event in irc.events { input.yield(.irc(event)) } }
            group.addTask { for await event in habitat.events { input.yield(.habitat(event)) } }
            var bridge = IRCBridge(
                nick: configuration.irc.nick, commandPrefix: configuration.commandPrefix,
                pendingLimit: configuration.pendingLimit)
            for await next in inputs {
                await handle(next, bridge: &bridge, irc: irc, habitat: habitat)
            }
        }
    }

    private func handle(_ input: Input, bridge: inout IRCBridge, irc: IRCClient, habitat: HabitatClient) async {
        switch input {
        case .irc(.registered(let nick)), .irc(.renamed(let nick)):
            bridge.nick = nick
        case .irc(.message(let message)):
            guard let request = bridge.request(for: message) else { return }
            await irc.send(bridge.submit(request) { await habitat.send($0) })
        case .irc(.disconnected):
            bridge.forgetNickChanges()
        case .habitat(.connected):
            break
        case .habitat(.reply(let reply)):
            await irc.send(bridge.messages(for: reply))
        case .habitat(.event(let event)):
            await irc.send(bridge.messages(for: event))
        case .habitat(.disconnected):
            await irc.send(bridge.abandonPending())
        }
    }
}
