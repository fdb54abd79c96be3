import HabitatBridgeKit

/// The IRC bridge process (`habitat irc-bridge`): an ``IRCClient`` and a ``HabitatClient``, with an ``IRCBridge``
/// deciding what goes between them (its documentation says how lines, replies and events are routed).
/// ``BridgeService/run()`` keeps both connections up, reconnecting with ``Backoff``, until its task is cancelled;
/// then it sends QUIT. It has the shape of a swift-service-lifecycle `Service`.
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
public typealias IRCBridgeService = BridgeService<IRCChat>
