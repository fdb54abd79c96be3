import Foundation
import NIOConcurrencyHelpers

/// Counts failed logins per key (an account name, a connection) and refuses more than `limit` within `window`.
///
/// Its memory is bounded whatever is tried. Keys whose failures are all older than `window` are swept out once
/// a window, by the failure that finds the last sweep a window old. Within one window a flood of distinct keys
/// (names that may not exist, a new connection for every guess) stops at `capacity` keys: past it, the keys
/// that hold nothing back give way first (fewer than `limit` failures), least recently failed first, and only
/// then the keys at the limit, the same way; the key just counted always stays. So a name being guessed stays
/// held back until the table holds `capacity` other keys that are each at the limit, which takes
/// `capacity × limit` failures within one window (each a password check, for a login); a key short of the
/// limit may lose its count sooner, which gives back fewer than `limit` guesses for a quarter of the table's
/// worth of failures.
public final class LoginThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    /// The most keys kept at once.
    public let capacity: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var failures: [String: [Date]] = [:]
        /// When the keys with no recent failure were last swept out.
        var swept: Date?
    }

    public init(limit: Int = 5, window: TimeInterval = 60, capacity: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Seconds until `key` may try again, or `nil` if it may try now.
    public func wait(for key: String, now: Date) -> TimeInterval? {
        state.withLockedValue { state in
            let recent = self.recent(state.failures[key], now: now)
            state.failures[key] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, window - now.timeIntervalSince(oldest))
        }
    }

    public func recordFailure(for key: String, now: Date) {
        state.withLockedValue { state in
            var recent = self.recent(state.failures[key], now: now)
            recent.append(now)
            state.failures[key] = recent
            let swept = state.swept ?? now
            if now.timeIntervalSince(swept) >= window || state.failures.count > capacity {
                sweep(&state, now: now, keeping: key)
            } else if state.swept == nil {
                state.swept = now
            }
        }
    }

    public func reset(_ key: String) {
        _ = state.withLockedValue { $0.failures.removeValue(forKey: key) }
    }

    /// How many keys are kept now.
    var count: Int { state.withLockedValue { $0.failures.count } }

    private func recent(_ failures: [Date]?, now: Date) -> [Date] {
        (failures ?? []).filter { now.timeIntervalSince($0) < window }
    }

    /// Drops the keys with no failure within the window; then, if more than `capacity` are left, makes room
    /// for a quarter of it (see the type's documentation for which go), never dropping `kept`.
    private func sweep(_ state: inout State, now: Date, keeping kept: String) {
        state.swept = now
        state.failures = state.failures.filter { _, failures in
            failures.last.map { now.timeIntervalSince($0) < window } ?? false
        }
        guard state.failures.count > capacity else { return }
        let target = capacity - capacity / 4
        let byValue = state.failures.filter { $0.key != kept }.sorted { a, b in
            let (aHolds, bHolds) = (a.value.count >= limit, b.value.count >= limit)
            if aHolds != bHolds { return !aHolds }
            return (a.value.last ?? now) < (b.value.last ?? now)
        }
        for (key, _) in byValue.prefix(max(0, state.failures.count - target)) { state.failures[key] = nil }
    }
}
