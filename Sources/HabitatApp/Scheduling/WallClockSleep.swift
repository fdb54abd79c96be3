import Dispatch
import NIOConcurrencyHelpers

/// Waits `duration` by the wall clock, or until the task is cancelled (then throws `CancellationError`).
///
/// The server's own ticks (timers, day ends) wait this way rather than with `Task.sleep`: a server started at a
/// chosen instant under `faketime`, as the tests of day ends start it, never wakes from `Task.sleep` (its deadline is
/// on a clock `faketime` moves out of step), while a wall-clock deadline follows the time the server sees.
func sleepByTheWallClock(_ duration: Duration) async throws {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    // Resumed once, by whichever comes first: the deadline or the cancellation (seen before or after it waits).
    let waiting = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(nil)
    @Sendable func resume() {
        waiting.withLockedValue { value -> CheckedContinuation<Void, Never>? in
            defer { value = nil }
            return value
        }?.resume()
    }
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting.withLockedValue { $0 = continuation }
            if Task.isCancelled {
                resume()
                return
            }
            DispatchQueue.global().asyncAfter(wallDeadline: .now() + .nanoseconds(nanoseconds)) { resume() }
        }
    } onCancel: {
        resume()
    }
    try Task.checkCancellation()
}
