import NIOCore
import Synchronization

/// The open connections, counted against the limit and closed for input at shutdown.
final class ConnectionRegistry: Sendable {
    private struct State {
        var next = 0
        var open: [Int: any Channel] = [:]
        var draining = false
        var refused = 0
        var refusalLogged: ContinuousClock.Instant?
    }

    /// Counts a connection turned away; returns how many were since the last time this said to log (at
    /// most every 10 s), so a flood makes a line now and then, not one per connection.
    func noteRefusal(now: ContinuousClock.Instant) -> Int? {
        state.withLock { state in
            state.refused += 1
            if let last = state.refusalLogged, now - last < .seconds(10) { return nil }
            state.refusalLogged = now
            defer { state.refused = 0 }
            return state.refused
        }
    }

    private let state = Mutex(State())

    /// Registers a connection, or returns `nil` when `limit` are already open (or the server is stopping).
    func add(_ channel: any Channel, limit: Int) -> Int? {
        state.withLock { state in
            guard state.open.count < limit, !state.draining else { return nil }
            state.next += 1
            state.open[state.next] = channel
            return state.next
        }
    }

    func remove(_ id: Int) {
        _ = state.withLock { $0.open.removeValue(forKey: id) }
    }

    /// Every connection takes no more lines: each answers the lines it has received, then closes.
    func drainAll() {
        let channels = state.withLock { state in
            state.draining = true
            return Array(state.open.values)
        }
        for channel in channels {
            channel.pipeline.fireUserInboundEventTriggered(DrainConnection())
        }
    }

    /// Closes every connection still open, or with `stuckOnly` those whose client is not taking the
    /// replies written to it (no longer writable); returns how many it closed.
    func closeAll(stuckOnly: Bool = false) -> Int {
        let channels = state.withLock { Array($0.open.values) }.filter { !stuckOnly || !$0.isWritable }
        for channel in channels { channel.close(promise: nil) }
        return channels.count
    }

    var isEmpty: Bool { state.withLock { $0.open.isEmpty } }
}
