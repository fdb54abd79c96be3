/// A client that stays connected until its task is cancelled and reports what happens, in order: Habitat's, and
/// each chat system's. A ``BridgeService`` runs one of each.
public protocol ReportingClient: Sendable {
    associatedtype Event: Sendable
    /// Everything that happens, in order; finishes when ``run()`` returns. Meant for one reader.
    var events: AsyncStream<Event> { get }
    /// Connects, and reconnects after every disconnection, until the task is cancelled.
    func run() async
}
