import Foundation

/// Allows `rate` commands a second on average, with a burst of one second's worth; rate 0 allows all.
struct TokenBucket: Sendable {
    let rate: Int
    private var tokens: Double
    private var last: Date

    init(rate: Int, now: Date) {
        self.rate = rate
        self.tokens = Double(rate)
        self.last = now
    }

    mutating func take(now: Date) -> Bool {
        guard rate > 0 else { return true }
        let elapsed = max(0, now.timeIntervalSince(last))
        last = now
        tokens = min(Double(rate), tokens + elapsed * Double(rate))
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
