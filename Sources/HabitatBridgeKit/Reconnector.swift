import Logging

/// Runs a connection again and again until the task is cancelled, waiting a ``Backoff`` delay in between.
public struct Reconnector: Sendable {
    public var backoff: Backoff
    public let clock: any BridgeClock
    public let logger: Logger

    public init(backoff: Backoff, clock: any BridgeClock, logger: Logger) {
        self.backoff = backoff
        self.clock = clock
        self.logger = logger
    }

    /// `session` connects and serves one connection; it returns `true` when the connection got ready
    /// (registered, logged in), which makes the next delay start from the beginning again.
    public mutating func run(_ what: String, session: @Sendable () async throws -> Bool) async {
        while !Task.isCancelled {
            do {
                if try await session() { backoff.reset() }
                logger.info("disconnected", metadata: ["server": "\(what)"])
            } catch {
                // Being stopped is no failure.
                guard !Task.isCancelled else { return }
                logger.warning("connection failed", metadata: ["server": "\(what)", "error": "\(error)"])
            }
            guard !Task.isCancelled else { return }
            let delay = backoff.next()
            logger.info("reconnecting", metadata: ["server": "\(what)", "delay": "\(delay)"])
            do { try await clock.sleep(until: clock.now + delay) } catch { return }
        }
    }
}
