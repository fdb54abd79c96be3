import HabitatCommands
import NIOConcurrencyHelpers

/// One connection's way to receive events, rendered in whatever mode it is in when they arrive.
///
/// Order is defined: an event raised while the connection's own request is being handled is written
/// right after that request's reply; otherwise at once.
final class Outbox: Sendable {
    private struct State {
        var queue: [Event] = []
        var busy = false
        var mode = OutputMode.text
        var plain = false
        var limit = Outbox.limit
    }

    /// A client that stops reading loses the oldest events, never the server's memory.
    static let limit = 256
    private let state = NIOLockedValueBox(State())
    /// Wakes the writer when events wait and no request is being handled.
    let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init() {
        (wakes, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func send(_ event: Event) {
        let idle = state.withLockedValue { state in
            state.queue.append(event)
            if state.queue.count > state.limit { state.queue.removeFirst(state.queue.count - state.limit) }
            return !state.busy
        }
        if idle { wake.yield() }
    }

    func finish() { wake.finish() }

    /// The connection speaks for many people (a bridge): it may have one event waiting for each chat user the server
    /// keeps (all their reminders of one minute, say) before the oldest are lost.
    func carriesForMany(_ people: Int) {
        state.withLockedValue { $0.limit = max(Self.limit, people) }
    }

    /// A request is being handled: hold events until its reply is written.
    func hold() { state.withLockedValue { $0.busy = true } }

    /// The reply is written: the held events, rendered in the connection's current mode.
    func release(mode: OutputMode, plain: Bool) -> [String] {
        state.withLockedValue { state in
            state.busy = false
            (state.mode, state.plain) = (mode, plain)
            defer { state.queue.removeAll() }
            return state.queue.map { $0.rendered(mode: mode, plain: plain) }
        }
    }

    /// Events waiting while no request is being handled.
    func takeIfIdle() -> [String] {
        state.withLockedValue { state in
            guard !state.busy else { return [] }
            defer { state.queue.removeAll() }
            return state.queue.map { $0.rendered(mode: state.mode, plain: state.plain) }
        }
    }
}
