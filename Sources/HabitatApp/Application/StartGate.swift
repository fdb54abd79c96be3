import NIOConcurrencyHelpers

/// Opens once, when the application has started (or failed to): the services that must not begin before it (the
/// scheduler, the transport) wait here. A waiter whose task is cancelled stops waiting.
public final class StartGate: Sendable {
    private enum State {
        case waiting([Int: CheckedContinuation<Void, any Error>], cancelled: Set<Int>, next: Int)
        case done(Result<Void, any Error>)
    }

    private let state = NIOLockedValueBox(State.waiting([:], cancelled: [], next: 0))

    public init() {}

    /// Returns once the gate is open; throws the start's error if it failed, or `CancellationError`.
    public func wait() async throws {
        let id = state.withLockedValue { state -> Int in
            guard case .waiting(let waiters, let cancelled, let next) = state else { return -1 }
            state = .waiting(waiters, cancelled: cancelled, next: next + 1)
            return next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now = state.withLockedValue { state -> Result<Void, any Error>? in
                    switch state {
                    case .done(let result):
                        return result
                    case .waiting(var waiters, var cancelled, let next):
                        if cancelled.remove(id) != nil {
                            state = .waiting(waiters, cancelled: cancelled, next: next)
                            return .failure(CancellationError())
                        }
                        waiters[id] = continuation
                        state = .waiting(waiters, cancelled: cancelled, next: next)
                        return nil
                    }
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state -> CheckedContinuation<Void, any Error>? in
                guard case .waiting(var waiters, var cancelled, let next) = state else { return nil }
                let waiter = waiters.removeValue(forKey: id)
                if waiter == nil { cancelled.insert(id) }
                state = .waiting(waiters, cancelled: cancelled, next: next)
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Opens the gate with `result`: every waiter, and every later one, goes on (or throws its error).
    public func open(_ result: Result<Void, any Error> = .success(())) {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, any Error>] in
            guard case .waiting(let waiters, _, _) = state else { return [] }
            state = .done(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
