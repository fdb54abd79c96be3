import NIOConcurrencyHelpers

/// Which games keep their last committed state in memory, by when each was last read or changed: at most `limit`; past
/// it, the least recently used tenth forget theirs (their next use reads it from PostgreSQL again). A game object stays,
/// so a change of an account always goes through its one turn (``PostgresGame``); what is bounded is the states, which
/// are what weigh.
struct KeptGames: Sendable {
    let limit: Int
    private struct Uses {
        var clock: UInt64 = 0
        var last: [Int64: UInt64] = [:]
    }
    private let uses = NIOLockedValueBox(Uses())

    init(limit: Int) { self.limit = max(1, limit) }

    /// Notes that `accountID`'s game keeps its state now; returns the accounts whose games should forget theirs.
    func keep(_ accountID: Int64) -> [Int64] {
        uses.withLockedValue { uses in
            uses.clock += 1
            uses.last[accountID] = uses.clock
            guard uses.last.count > limit else { return [] }
            let excess = uses.last.count - limit + limit / 10
            let oldest = uses.last.sorted { $0.value < $1.value }.prefix(excess).map(\.key)
            for accountID in oldest { uses.last[accountID] = nil }
            return oldest
        }
    }

    /// Forgets `accountID` (its account is gone).
    func drop(_ accountID: Int64) { uses.withLockedValue { _ = $0.last.removeValue(forKey: accountID) } }

    var count: Int { uses.withLockedValue { $0.last.count } }
}
