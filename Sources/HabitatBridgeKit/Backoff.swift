/// Delays between reconnect attempts: `initial`, doubling up to `maximum`; ``reset()`` after a good connection.
public struct Backoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration
    private var current: Duration?

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before the next attempt.
    public mutating func next() -> Duration {
        let delay = current.map { min($0 * 2, maximum) } ?? min(initial, maximum)
        current = delay
        return delay
    }

    public mutating func reset() {
        current = nil
    }
}
