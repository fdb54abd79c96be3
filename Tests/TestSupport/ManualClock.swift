import Foundation
import NIOConcurrencyHelpers

/// A clock the test moves by hand.
public final class ManualClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = ManualClock.defaultStart) { current = NIOLockedValueBox(start) }

    /// 2026-11-20 12:00:00 UTC, a Friday.
    public static let defaultStart = Date(timeIntervalSince1970: 1_795_176_000)

    public var now: Date { current.withLockedValue { $0 } }
    public func set(_ date: Date) { current.withLockedValue { $0 = date } }
    public func advance(by seconds: TimeInterval) { current.withLockedValue { $0 += seconds } }
}
