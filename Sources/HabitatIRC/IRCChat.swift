import HabitatBridgeKit
import Logging
import NIOCore

/// The IRC side of ``IRCBridgeService``: the ``IRCClient``, and the ``IRCBridge`` deciding about each input.
public struct IRCChat: ChatSide {
    public static let label = "habitat.irc-bridge"

    public let connection: IRCClient
    private var bridge: IRCBridge
    private let clock: any BridgeClock
    /// The channels that hear when Habitat is back after a notable absence.
    private let channels: [String]
    private var absence: Absence

    public init(
        configuration: Configuration, logger: Logger, clock: any BridgeClock, eventLoopGroup: any EventLoopGroup
    ) {
        connection = IRCClient(
            configuration: configuration.irc, clock: clock, logger: logger, eventLoopGroup: eventLoopGroup)
        bridge = IRCBridge(
            nick: configuration.irc.nick, commandPrefix: configuration.commandPrefix,
            pendingLimit: configuration.pendingLimit)
        self.clock = clock
        channels = configuration.irc.channels.map(IRCSession.name(of:))
        absence = Absence(notable: configuration.notableAbsence)
    }

    public mutating func handle(_ input: BridgeInput<IRCClient.Event>, habitat: HabitatClient) async {
        switch input {
        case .chat(.registered(let nick)), .chat(.renamed(let nick)):
            bridge.nick = nick
        case .chat(.message(let message)):
            guard let request = bridge.request(for: message) else { return }
            await connection.send(bridge.submit(request) { await habitat.send($0) })
        case .chat(.disconnected):
            bridge.forgetNickChanges()
        case .habitat(.connected):
            guard absence.returned(at: clock.now) else { return }
            await connection.send(channels.map { IRCMessage.privmsg($0, Absence.back.text) })
        case .habitat(.reply(let reply)):
            await connection.send(bridge.messages(for: reply))
        case .habitat(.event(let event)):
            await connection.send(bridge.messages(for: event))
        case .habitat(.disconnected):
            absence.left(at: clock.now)
            await connection.send(bridge.abandonPending())
        }
    }
}
