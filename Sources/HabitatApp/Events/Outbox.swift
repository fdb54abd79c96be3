import HabitatCommands
import NIOConcurrencyHelpers

/// One connection's way to receive events, from any thread.
///
/// The connection's ``Conversation`` writes them: right after the reply of the job in hand when one is, otherwise at
/// once (``wakeWith(_:)`` tells it they wait), each rendered in the mode the connection is in as it is written.
final class Outbox: Sendable {
    private struct State {
        var queue: [Event] = []
        var limit = Outbox.limit
        var wake: (@Sendable () -> Void)?
    }

    /// A client that stops reading loses the oldest events, never the server's memory.
    static let limit = 256
    private let state = NIOLockedValueBox(State())

    /// `wake` is called when an event arrives with none waiting before it.
    func wakeWith(_ wake: @escaping @Sendable () -> Void) {
        state.withLockedValue { $0.wake = wake }
    }

    /// Nothing is woken any more: the connection ended.
    func stopWaking() {
        state.withLockedValue { $0.wake = nil }
    }

    func send(_ event: Event) {
        let wake = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.queue.append(event)
            if state.queue.count > state.limit { state.queue.removeFirst(state.queue.count - state.limit) }
            return state.queue.count == 1 ? state.wake : nil
        }
        wake?()
    }

    /// The connection speaks for many people (a bridge): it may have one event waiting for each chat user the server
    /// keeps (all their reminders of one minute, say) before the oldest are lost.
    func carriesForMany(_ people: Int) {
        state.withLockedValue { $0.limit = max(Self.limit, people) }
    }

    /// The events waiting, oldest first; none wait afterwards.
    func take() -> [Event] {
        state.withLockedValue { state in
            defer { state.queue.removeAll(keepingCapacity: false) }
            return state.queue
        }
    }
}
