import Foundation
import HabitatBridgeKit
import Logging
import NIOCore
import NIOPosix

/// The Matrix bridge process (`habitat matrix-bridge`): a ``MatrixClient`` long-polling the homeserver and a
/// ``HabitatClient``, with a ``MatrixBridge`` deciding what goes between them (its documentation says how messages,
/// replies and events are routed). ``run()`` keeps both sides up, reconnecting with ``Backoff``, until its task is
/// cancelled; what it must remember across restarts is saved in the state directory after each sync.
///
/// It reads Matrix only once its Habitat session has opened: the first sync after a restart brings what was said
/// while the bridge was away, and those lines are to be answered, not refused because the session to Habitat was
/// still opening. While Habitat cannot be reached at the start, nothing is read, so nothing said meanwhile is lost.
///
/// ```swift
/// let service = MatrixBridgeService(configuration: .init(
///     habitat: .init(host: "127.0.0.1", port: 7878, bridge: "matrix", token: token),
///     homeserver: "http://127.0.0.1:8008", userID: "@habitat:example.org", credential: .password(password),
///     stateDirectory: URL(fileURLWithPath: "matrix-state")), logger: logger)
/// try await service.run()
/// ```
public struct MatrixBridgeService: Sendable {
    private enum Input: Sendable {
        case matrix(MatrixConnection.Report)
        case habitat(HabitatClient.Event)
    }

    public let configuration: Configuration
    let logger: Logger
    let clock: any BridgeClock
    let eventLoopGroup: any EventLoopGroup

    public init(
        configuration: Configuration, logger: Logger = Logger(label: "habitat.matrix-bridge"),
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
        let file = configuration.stateDirectory.map(MatrixStateFile.init(directory:))
        var saved = try file?.load() ?? MatrixBridgeState()
        if saved.userID.map({ $0 != configuration.userID }) == true {
            logger.notice(
                "the state directory was another bot's; starting afresh", metadata: ["was": "\(saved.userID!)"])
            saved = MatrixBridgeState()
        }
        let client = MatrixClient(homeserver: configuration.homeserver, logger: logger)
        let habitat = HabitatClient(
            configuration: configuration.habitat, clock: clock, logger: logger, eventLoopGroup: eventLoopGroup)
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let matrix = MatrixConnection(client: client, configuration: configuration, saved: saved, logger: logger) {
            input.yield(.matrix($0))
        }
        await withDiscardingTaskGroup { group in
            group.addTask { await habitat.run() }
            group.addTask { for await event in habitat.events { input.yield(.habitat(event)) } }
            var bridge = MatrixBridge(
                userID: configuration.userID, bridgeName: configuration.habitat.bridge,
                commandPrefix: configuration.commandPrefix, state: saved,
                pendingLimit: configuration.pendingLimit)
            var readingMatrix = false
            for await next in inputs {
                if case .habitat(.connected) = next, !readingMatrix {
                    readingMatrix = true
                    group.addTask { await matrix.run(clock: clock) }
                }
                let before = bridge.state
                await handle(next, bridge: &bridge, client: client, habitat: habitat)
                if bridge.state != before, let file {
                    do { try file.save(bridge.state) } catch {
                        logger.error("could not save the bridge's state", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }

    private func handle(
        _ input: Input, bridge: inout MatrixBridge, client: MatrixClient, habitat: HabitatClient
    ) async {
        switch input {
        case .matrix(.loggedIn(let login, let displayName)):
            bridge.loggedIn(deviceID: login.deviceID, accessToken: login.accessToken)
            bridge.displayName = displayName
        case .matrix(.synced(let sync)):
            for action in bridge.actions(for: sync) {
                switch action {
                case .join(let room):
                    do { try await client.join(room) } catch {
                        logger.warning(
                            "could not join a room it was invited to",
                            metadata: ["room": "\(room)", "error": "\(error)"])
                    }
                case .say(let message, let room):
                    await say(
                        MatrixBridge.Outgoing(place: .room(room), message: message), bridge: &bridge, client: client)
                case .request(let request):
                    let refusal = await bridge.submit(request) { await habitat.send($0) }
                    await say(refusal, bridge: &bridge, client: client)
                }
            }
        case .habitat(.connected):
            break
        case .habitat(.reply(let reply)):
            await say(bridge.outgoing(for: reply), bridge: &bridge, client: client)
        case .habitat(.event(let event)):
            await say(bridge.outgoing(for: event), bridge: &bridge, client: client)
        case .habitat(.disconnected):
            for outgoing in bridge.abandonPending() { await say(outgoing, bridge: &bridge, client: client) }
        }
    }

    /// Sends a message, first opening the direct chat it needs.
    private func say(_ outgoing: MatrixBridge.Outgoing?, bridge: inout MatrixBridge, client: MatrixClient) async {
        guard let outgoing else { return }
        do {
            let room: String
            switch outgoing.place {
            case .room(let id):
                room = id
            case .newDirectChat(let user):
                room = try await client.openDirectChat(with: user)
                bridge.opened(directChat: room, with: user)
            }
            try await client.say(outgoing.message, in: room)
        } catch {
            logger.warning(
                "could not send a message to Matrix", metadata: ["to": "\(outgoing.place)", "error": "\(error)"])
        }
    }
}
