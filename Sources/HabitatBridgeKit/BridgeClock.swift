/// The time source for flood control and reconnect delays; tests pass one that moves on without really sleeping.
public protocol BridgeClock: Sendable {
    var now: ContinuousClock.Instant { get }
    /// Returns at `deadline`, or throws `CancellationError` when the task is cancelled first.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

extension ContinuousClock: BridgeClock {
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await sleep(until: deadline, tolerance: nil)
    }
}
