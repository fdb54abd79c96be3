import Logging

/// What every client that stays connected shares: the events it reports, in order, and the loop that connects
/// again after each disconnection, with ``Backoff``, until the task is cancelled.
public struct ConnectionLoop<Event: Sendable>: Sendable {
    /// Everything reported, in order; finishes when ``run(_:backoff:session:)`` returns. Meant for one reader.
    public let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    public let clock: any BridgeClock
    public let logger: Logger

    public init(clock: any BridgeClock, logger: Logger) {
        (events, sink) = AsyncStream.makeStream()
        self.clock = clock
        self.logger = logger
    }

    public func report(_ event: Event) {
        sink.yield(event)
    }

    /// Runs `session` again and again (see ``Reconnector``) until the task is cancelled, then ends ``events``.
    /// `server` names the other end in the log.
    public func run(_ server: String, backoff: Backoff, session: @Sendable () async throws -> Bool) async {
        var reconnector = Reconnector(backoff: backoff, clock: clock, logger: logger)
        await reconnector.run(server, session: session)
        sink.finish()
    }
}
