import Foundation
import HabitatBridgeKit
import Logging
import NIOCore

/// The Matrix side of ``MatrixBridgeService``: the ``MatrixConnection`` syncing, and the ``MatrixBridge`` deciding
/// about each input, its state saved in the state directory whenever an input changed it.
public struct MatrixChat: ChatSide {
    public static let label = "habitat.matrix-bridge"
    public static let readsChatOnceHabitatIsOpen = true

    public let connection: MatrixConnection
    private let client: MatrixClient
    private let file: MatrixStateFile?
    private let logger: Logger
    private var bridge: MatrixBridge
    private let clock: any BridgeClock
    private var absence: Absence

    public init(
        configuration: Configuration, logger: Logger, clock: any BridgeClock, eventLoopGroup: any EventLoopGroup
    ) throws {
        file = configuration.stateDirectory.map(MatrixStateFile.init(directory:))
        var saved = try file?.load() ?? MatrixBridgeState()
        if saved.userID.map({ $0 != configuration.userID }) == true {
            logger.notice(
                "the state directory was another bot's; starting afresh", metadata: ["was": "\(saved.userID!)"])
            saved = MatrixBridgeState()
        }
        client = MatrixClient(homeserver: configuration.homeserver, logger: logger)
        connection = MatrixConnection(
            client: client, configuration: configuration, saved: saved, clock: clock, logger: logger)
        bridge = MatrixBridge(
            userID: configuration.userID, bridgeName: configuration.habitat.bridge,
            commandPrefix: configuration.commandPrefix, state: saved, pendingLimit: configuration.pendingLimit)
        self.logger = logger
        self.clock = clock
        absence = Absence(notable: configuration.notableAbsence)
    }

    public mutating func handle(_ input: BridgeInput<MatrixConnection.Report>, habitat: HabitatClient) async {
        let before = bridge.state
        await decide(input, habitat: habitat)
        if bridge.state != before, let file {
            do { try file.save(bridge.state) } catch {
                logger.error("could not save the bridge's state", metadata: ["error": "\(error)"])
            }
        }
    }

    private mutating func decide(_ input: BridgeInput<MatrixConnection.Report>, habitat: HabitatClient) async {
        switch input {
        case .chat(.loggedIn(let login, let displayName)):
            bridge.loggedIn(deviceID: login.deviceID, accessToken: login.accessToken)
            bridge.displayName = displayName
        case .chat(.synced(let sync)):
            for action in bridge.actions(for: sync) {
                switch action {
                case .join(let room):
                    do { try await client.join(room) } catch {
                        logger.warning(
                            "could not join a room it was invited to",
                            metadata: ["room": "\(room)", "error": "\(error)"])
                    }
                case .say(let message, let room):
                    await say(MatrixBridge.Outgoing(place: .room(room), message: message))
                case .request(let request):
                    let refusal = await bridge.submit(request) { await habitat.send($0) }
                    await say(refusal)
                case .fetch(let file):
                    await send(file, habitat: habitat)
                }
            }
        case .habitat(.connected):
            guard absence.returned(at: clock.now) else { return }
            // Every household room hears it, in a steady order.
            for room in Set(bridge.state.channels.values).sorted() {
                await say(MatrixBridge.Outgoing(place: .room(room), message: MatrixMessage([Absence.back])))
            }
        case .habitat(.reply(let reply)):
            for outgoing in bridge.outgoing(for: reply) { await say(outgoing) }
        case .habitat(.event(let event)):
            await say(bridge.outgoing(for: event))
        case .habitat(.disconnected):
            absence.left(at: clock.now)
            for outgoing in bridge.abandonPending() { await say(outgoing) }
        }
    }

    /// Fetches a file sent to the bot and sends it to Habitat as its sender's import (its preview comes back to them),
    /// or says why not.
    private mutating func send(_ file: MatrixBridge.SentFile, habitat: HabitatClient) async {
        let tooBig = "\(file.name) is more than \(MatrixBridge.mostFile >> 20) MB, more than an import takes: is it the right file?"
        if let size = file.size, size > MatrixBridge.mostFile { return await tell(file, "❌ " + tooBig) }
        let bytes: [UInt8]
        do {
            bytes = try await client.download(file.address)
        } catch {
            logger.warning("could not fetch a file sent to the bot", metadata: ["file": "\(file.address)", "error": "\(error)"])
            return await tell(file, "❌ I couldn't fetch \(file.name) from the homeserver. Please send it again.")
        }
        guard bytes.count <= MatrixBridge.mostFile else { return await tell(file, "❌ " + tooBig) }
        for request in bridge.importRequests(for: file, bytes: Data(bytes)) {
            if let refusal = await bridge.submit(request, send: { await habitat.send($0) }) { return await say(refusal) }
        }
    }

    private mutating func tell(_ file: MatrixBridge.SentFile, _ text: String) async {
        await say(MatrixBridge.Outgoing(place: .room(file.room), message: MatrixMessage(body: text)))
    }

    /// Sends a message, first opening the direct chat it needs.
    private mutating func say(_ outgoing: MatrixBridge.Outgoing?) async {
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
            if let picture = outgoing.picture {
                do {
                    try await client.show(picture.image, named: picture.filename, caption: outgoing.message, in: room)
                    return
                } catch {
                    // The text says it all the same.
                    logger.warning("could not send a picture to Matrix", metadata: ["to": "\(room)", "error": "\(error)"])
                }
            }
            try await client.say(outgoing.message, in: room)
        } catch {
            logger.warning(
                "could not send a message to Matrix", metadata: ["to": "\(outgoing.place)", "error": "\(error)"])
        }
    }
}
