#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Writes a user's write-ahead log to disk a little at a time, in the background.
///
/// With `synchronous = NORMAL` a commit only hands its pages to the operating system; the checkpoint
/// that later copies the log into the file first syncs the whole log, inside the commit that
/// triggered it. Syncing the log every so many commits from a background queue leaves that checkpoint
/// only the last few commits to sync, so it no longer holds up a reply for tens of milliseconds.
/// It changes nothing about what survives a crash: a commit is as safe as before, or safer.
final class LogFlusher: Sendable {
    /// Disk-bound work, one file at a time.
    private static let queue = DispatchQueue(label: "habitat.log-flush")

    let path: String
    let every: Int
    private let flush: @Sendable (String) -> Void
    private let commits = Atomic<Int>(0)
    private let pending = Atomic<Bool>(false)

    /// Flushes `databasePath`'s log after every `every` commits (`flush` stands in for the disk in tests).
    init(databasePath: String, every: Int = 64, flush: @escaping @Sendable (String) -> Void = LogFlusher.sync) {
        self.path = databasePath + "-wal"
        self.every = every
        self.flush = flush
    }

    /// Counts a commit; every `every`th asks for a flush unless one is waiting already.
    func committed() {
        let count = commits.add(1, ordering: .relaxed).newValue
        guard count % every == 0, !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Self.queue.async {
            self.pending.store(false, ordering: .releasing)
            self.flush(self.path)
        }
    }

    /// Waits until the flushes asked for so far are done.
    func drain() {
        Self.queue.sync {}
    }

    /// Syncs the file at `path` to disk. The log may be gone (its database was closed and
    /// checkpointed): then there is nothing to do.
    static func sync(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        #if canImport(Glibc)
        _ = fdatasync(descriptor)
        #else
        _ = fsync(descriptor)
        #endif
        close(descriptor)
    }
}
