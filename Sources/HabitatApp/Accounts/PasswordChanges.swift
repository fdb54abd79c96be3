import NIOConcurrencyHelpers
import Synchronization

/// Which accounts' logins ended since the server started (a password changed or reset, the account locked or
/// deleted), so that their connections' logins lapse. A session keeps the count of changes (`epoch`) it last saw;
/// while nothing changed anywhere since, checking it is one atomic read.
final class PasswordChanges: Sendable {
    /// Why an account's logins ended, as the connections it logs out are told.
    enum Reason: Sendable, Equatable {
        /// Its password was changed on another connection.
        case changed
        /// Whoever runs the server reset it (`habitat admin reset-password`).
        case reset
        /// Whoever runs the server locked it (`habitat admin lock`).
        case locked
        /// The account is gone (`delete my account`, `habitat admin delete`).
        case deleted
    }

    private let count = Synchronization.Atomic(0)
    /// The count at each account's latest change, and why.
    private let latest = NIOLockedValueBox<[Int64: (epoch: Int, reason: Reason)]>([:])

    /// The number of changes so far: a login remembers it before checking the password.
    var epoch: Int { count.load(ordering: .acquiring) }

    func record(_ accountID: Int64, _ reason: Reason = .changed) {
        latest.withLockedValue { latest in
            let epoch = count.add(1, ordering: .acquiringAndReleasing).newValue
            latest[accountID] = (epoch, reason)
        }
    }

    /// Whether a login of `accountID` made at `epoch` still holds; if so `epoch` moves on to now.
    func holds(since epoch: inout Int, for accountID: Int64) -> Bool {
        let now = self.epoch
        if now == epoch { return true }
        guard (latest.withLockedValue { $0[accountID]?.epoch } ?? 0) <= epoch else { return false }
        epoch = now
        return true
    }

    /// Why `accountID`'s logins last ended.
    func reason(for accountID: Int64) -> Reason {
        latest.withLockedValue { $0[accountID]?.reason } ?? .changed
    }
}
