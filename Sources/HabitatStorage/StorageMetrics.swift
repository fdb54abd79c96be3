import CoreMetrics

/// What storage tells an operator: how much work waits for a storage thread and for how long, and how long the
/// checkpoints of users' files take. Made from the server's own metrics factory; a server without metrics has none,
/// and its storage measures nothing.
public struct StorageMetrics: Sendable {
    /// Work handed to users' files that no storage thread has started yet.
    let waiting: Meter
    /// From handing work to a user's file to a storage thread starting it.
    let wait: CoreMetrics.Timer
    /// Each checkpoint of a user's file: its write-ahead log copied into it, inside the commit that filled the log.
    let checkpoints: CoreMetrics.Timer

    public init(factory: any MetricsFactory) {
        waiting = Meter(label: "habitat_storage_queue_depth", factory: factory)
        wait = Timer(label: "habitat_storage_wait_seconds", factory: factory)
        checkpoints = Timer(label: "habitat_checkpoint_duration_seconds", factory: factory)
    }
}

extension CoreMetrics.Timer {
    /// Records the time from `start` to now.
    public func recordSince(_ start: ContinuousClock.Instant) {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
