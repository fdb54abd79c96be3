import CoreMetrics

/// What storage tells an operator: how much work waits for a storage thread and for how long, how long the
/// checkpoints of users' files take, and how often users' files are opened and closed. Made from the server's own
/// metrics factory; a server without metrics has none, and its storage measures nothing.
public struct StorageMetrics: Sendable {
    /// Work handed to users' files that no storage thread has started yet.
    let waiting: Meter
    /// From handing work to a user's file to a storage thread starting it.
    let wait: CoreMetrics.Timer
    /// Each checkpoint of a user's file: its write-ahead log copied into it, inside the commit that filled the log.
    let checkpoints: CoreMetrics.Timer
    /// Each opening of a user's file (its schema and log read, its statements prepared anew).
    let opened: Counter
    /// Files closed to make room for another under `--open-files`, and files closed for having been idle.
    let closedForRoom: Counter
    let closedIdle: Counter

    public init(factory: any MetricsFactory) {
        waiting = Meter(label: "habitat_storage_queue_depth", factory: factory)
        wait = Timer(label: "habitat_storage_wait_seconds", factory: factory)
        checkpoints = Timer(label: "habitat_checkpoint_duration_seconds", factory: factory)
        opened = Counter(label: Self.openedName, factory: factory)
        closedForRoom = Counter(label: Self.closedName, dimensions: [("reason", "room")], factory: factory)
        closedIdle = Counter(label: Self.closedName, dimensions: [("reason", "idle")], factory: factory)
    }

    public static let openedName = "habitat_user_files_opened_total"
    public static let closedName = "habitat_user_files_closed_total"
}

extension CoreMetrics.Timer {
    /// Records the time from `start` to now.
    public func recordSince(_ start: ContinuousClock.Instant) {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
