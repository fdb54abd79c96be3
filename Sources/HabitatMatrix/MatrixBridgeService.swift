import HabitatBridgeKit

/// The Matrix bridge process (`habitat matrix-bridge`): a ``MatrixClient`` long-polling the homeserver and a
/// ``HabitatClient``, with a ``MatrixBridge`` deciding what goes between them (its documentation says how messages,
/// replies and events are routed). ``BridgeService/run()`` keeps both sides up, reconnecting with ``Backoff``, until
/// its task is cancelled; what it must remember across restarts is saved in the state directory after each sync.
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
public typealias MatrixBridgeService = BridgeService<MatrixChat>

extension BridgeService where Chat == MatrixChat {
    public typealias Credential = MatrixChat.Credential
}
