import Foundation
import Synchronization

/// Counts failed logins per key (an account name, a connection) and refuses more than `limit` within `window`.
public final class LoginThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    private let failures = Mutex<[String: [Date]]>([:])

    public init(limit: Int = 5, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Seconds until `key` may try again, or `nil` if it may try now.
    public func wait(for key: String, now: Date) -> TimeInterval? {
        failures.withLock { table in
            let recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            table[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, window - now.timeIntervalSince(oldest))
        }
    }

    public func recordFailure(for key: String, now: Date) {
        failures.withLock { table in
            var recent = (table[key] ?? []).filter { now.timeIntervalSince($0) < window }
            recent.append(now)
            table[key] = recent
        }
    }

    public func reset(_ key: String) {
        _ = failures.withLock { $0.removeValue(forKey: key) }
    }
}
