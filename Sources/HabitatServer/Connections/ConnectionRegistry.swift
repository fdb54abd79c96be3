import NIOCore
import NIOConcurrencyHelpers

/// The open connections, counted against the server's limit and each address's (``AddressLimits``), and closed for
/// input at shutdown.
final class ConnectionRegistry: Sendable {
    private struct State {
        var next = 0
        var open: [Int: Entry] = [:]
        /// What each address holds, by ``AddressLimits/key(of:)``; an address holding nothing is not kept.
        var held: [String: AddressLimits.Usage] = [:]
        var draining = false
        var refused = 0
        var refusalLogged: ContinuousClock.Instant?
        /// Waiting for the last connection to close (``waitUntilEmpty()``).
        var emptied: [CheckedContinuation<Void, Never>] = []
    }

    private struct Entry {
        let channel: any Channel
        let address: String
        /// Logged in, or a bridge: no longer counted among its address's waiting connections.
        var identified = false
    }

    /// Why a connection was turned away.
    enum Refusal: Error, Equatable {
        /// The server holds `--max-connections`, or is stopping.
        case serverFull
        /// Its address holds all it may.
        case address(AddressLimits.Refusal)
    }

    let addressLimits: AddressLimits

    init(addressLimits: AddressLimits) {
        self.addressLimits = addressLimits
    }

    /// Counts a connection turned away; returns how many were since the last time this said to log (at
    /// most every 10 s), so a flood makes a line now and then, not one per connection.
    func noteRefusal(now: ContinuousClock.Instant) -> Int? {
        state.withLockedValue { state in
            state.refused += 1
            if let last = state.refusalLogged, now - last < .seconds(10) { return nil }
            state.refusalLogged = now
            defer { state.refused = 0 }
            return state.refused
        }
    }

    private let state = NIOLockedValueBox(State())

    /// Registers a connection from `address` (not logged in yet) and returns its number, or why it is turned away:
    /// `limit` are open already (or the server is stopping), or its address holds all it may.
    func add(_ channel: any Channel, limit: Int, address: String) -> Result<Int, Refusal> {
        state.withLockedValue { state in
            guard state.open.count < limit, !state.draining else { return .failure(.serverFull) }
            var held = state.held[address] ?? AddressLimits.Usage()
            if let refusal = addressLimits.refusal(holding: held) { return .failure(.address(refusal)) }
            held.connections += 1
            held.waiting += 1
            state.held[address] = held
            state.next += 1
            state.open[state.next] = Entry(channel: channel, address: address)
            return .success(state.next)
        }
    }

    /// Connection `id` logged in (or is a bridge): it no longer counts among its address's waiting connections.
    func identified(_ id: Int) {
        state.withLockedValue { state in
            guard let entry = state.open[id], !entry.identified else { return }
            state.open[id]?.identified = true
            state.held[entry.address]?.waiting -= 1
        }
    }

    func remove(_ id: Int) {
        let emptied = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            guard let entry = state.open.removeValue(forKey: id), var held = state.held[entry.address] else { return [] }
            held.connections -= 1
            if !entry.identified { held.waiting -= 1 }
            state.held[entry.address] = held.connections > 0 ? held : nil
            guard state.open.isEmpty else { return [] }
            defer { state.emptied.removeAll() }
            return state.emptied
        }
        for waiter in emptied { waiter.resume() }
    }

    /// Returns once no connection is open: at shutdown, after ``drainAll()``, when the last one has closed.
    func waitUntilEmpty() async {
        await withCheckedContinuation { waiter in
            let now = state.withLockedValue { state in
                guard !state.open.isEmpty else { return true }
                state.emptied.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// What `address` holds now.
    func held(by address: String) -> AddressLimits.Usage {
        state.withLockedValue { $0.held[address] ?? AddressLimits.Usage() }
    }

    /// Every connection takes no more lines: each answers the lines it has received, then closes.
    func drainAll() {
        let channels = state.withLockedValue { state in
            state.draining = true
            return state.open.values.map(\.channel)
        }
        for channel in channels {
            channel.pipeline.fireUserInboundEventTriggered(DrainConnection())
        }
    }

    /// Closes every connection still open, or with `stuckOnly` those whose client is not taking the
    /// replies written to it (no longer writable); returns how many it closed.
    func closeAll(stuckOnly: Bool = false) -> Int {
        let channels = state.withLockedValue { $0.open.values.map(\.channel) }.filter { !stuckOnly || !$0.isWritable }
        for channel in channels { channel.close(promise: nil) }
        return channels.count
    }

    var isEmpty: Bool { state.withLockedValue { $0.open.isEmpty } }
}
