import HabitatBridgeKit
import HabitatIRC
import NIOConcurrencyHelpers

/// A clock that never really sleeps: `sleep(until:)` records the deadline and moves time there at once.
final class TestClock: BridgeClock {
    let start = ContinuousClock.now
    private let state: NIOLockedValueBox<(now: ContinuousClock.Instant, sleeps: [ContinuousClock.Instant])>

    init() {
        state = NIOLockedValueBox((start, []))
    }

    var now: ContinuousClock.Instant { state.withLockedValue { $0.now } }

    /// The deadlines slept until, as offsets from `start`.
    var sleeps: [Duration] { state.withLockedValue { $0.sleeps.map { $0 - start } } }

    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        state.withLockedValue { state in
            state.sleeps.append(deadline)
            state.now = max(state.now, deadline)
        }
    }
}

/// A message as the server relays it: `said("alice", "#smiths", "habitat: did dishes", account: "al")`.
func said(_ nick: String, _ target: String, _ text: String, account: String? = nil) -> IRCMessage {
    IRCMessage(
        tags: account.map { ["account": $0] } ?? [:], prefix: "\(nick)!\(nick)@example.org", command: "PRIVMSG",
        parameters: [target, text])
}

/// The lines a list of messages would put on the wire.
func lines(_ messages: [IRCMessage]) -> [String] {
    messages.map(\.line)
}

/// A reply of one success toast to request `id`.
func success(_ id: Int, _ text: String) -> BridgeReply {
    BridgeReply(id: id, ok: true, text: text, toasts: [BridgeToast(type: "success", text: text)])
}
