import NIOConcurrencyHelpers
import Synchronization

/// Which accounts' passwords changed since the server started, so that their other connections' logins
/// lapse. A session keeps the count of changes (`epoch`) it last saw; while no password changed anywhere
/// since, checking it is one atomic read.
final class PasswordChanges: Sendable {
    private let count = Synchronization.Atomic(0)
    /// The count at each account's latest change.
    private let latest = NIOLockedValueBox<[Int64: Int]>([:])

    /// The number of changes so far: a login remembers it before checking the password.
    var epoch: Int { count.load(ordering: .acquiring) }

    func record(_ accountID: Int64) {
        latest.withLockedValue { latest in
            let epoch = count.add(1, ordering: .acquiringAndReleasing).newValue
            latest[accountID] = epoch
        }
    }

    /// Whether a login of `accountID` made at `epoch` still holds; if so `epoch` moves on to now.
    func holds(since epoch: inout Int, for accountID: Int64) -> Bool {
        let now = self.epoch
        if now == epoch { return true }
        guard (latest.withLockedValue { $0[accountID] } ?? 0) <= epoch else { return false }
        epoch = now
        return true
    }
}
