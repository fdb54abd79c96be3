@testable import HabitatBridgeKit

/// A client without a socket: once run, it reports its script, then stays until its task is cancelled.
final class ScriptedClient<Event: Sendable>: ReportingClient {
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let script: [Event]

    init(_ script: [Event]) {
        (events, sink) = AsyncStream.makeStream()
        self.script = script
    }

    func run() async {
        for event in script { sink.yield(event) }
        // Ends when the task is cancelled.
        for await _ in AsyncStream<Never>.makeStream().stream {}
        sink.finish()
    }
}
