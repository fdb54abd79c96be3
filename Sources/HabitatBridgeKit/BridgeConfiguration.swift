/// What a bridge's configuration says whatever its chat system: where Habitat is.
public protocol BridgeConfiguration: Sendable {
    /// The Habitat server, and the bridge's credentials there.
    var habitat: HabitatClient.Configuration { get }
}
