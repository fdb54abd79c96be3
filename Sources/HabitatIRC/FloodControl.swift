/// When the next line may go to the IRC server: a burst of `burst` lines at once, then one per `interval`
/// (a token bucket, as servers count it). Pure: the caller says what time it is.
public struct FloodControl: Sendable, Equatable {
    public var burst: Int
    public var interval: Duration
    /// The time by which every line sent so far is "paid for" at one per `interval`.
    private var paidUntil: ContinuousClock.Instant?

    public init(burst: Int = 5, interval: Duration = .seconds(1)) {
        self.burst = max(1, burst)
        self.interval = interval
    }

    /// The earliest time, not before `now`, at which one more line may be sent.
    public func earliestSend(now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard let paidUntil else { return now }
        return max(now, paidUntil - interval * (burst - 1))
    }

    /// Records a line sent at `time`.
    public mutating func sent(at time: ContinuousClock.Instant) {
        paidUntil = max(paidUntil ?? time, time) + interval
    }
}
