import Foundation
import Synchronization

/// A small fixed set of threads that do the users' SQLite work, one thread per user file.
///
/// Each file is served by one thread for as long as it is open, so its work runs in order. A thread
/// takes all the work waiting for it at once and runs it back to back, and sleeps only when there is
/// none: under load a write is handed over without waking a thread, and no thread is parked and
/// unparked between one user's commit and the next.
final class StorageThreads: Sendable {
    /// One per core, at least two: the work is mostly CPU (SQLite, the game) with short writes to the
    /// operating system's cache, so more threads than cores would only take turns.
    static let shared = StorageThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let threads: [StorageThread]
    private let next = Atomic<Int>(0)

    init(count: Int) {
        threads = (0..<max(1, count)).map { StorageThread(name: "habitat-storage-\($0)") }
    }

    /// A thread for a newly opened file, in turn.
    func assign() -> StorageThread {
        let turn = next.add(1, ordering: .relaxed).oldValue
        return threads[Int(turn.magnitude % UInt(threads.count))]
    }
}

/// One storage thread and the work waiting for it.
final class StorageThread: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    // Guarded by `condition`.
    private var waiting: [Job] = []
    private var asleep = false
    private let condition = NSCondition()

    init(name: String) {
        // The threads live as long as the process: `shared` is never released.
        let thread = Thread { self.loop() }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on this thread after the work already handed to it.
    func submit(_ job: @escaping Job) {
        condition.lock()
        waiting.append(job)
        let wake = asleep
        asleep = false
        condition.unlock()
        if wake { condition.signal() }
    }

    private func loop() -> Never {
        var batch: [Job] = []
        while true {
            condition.lock()
            while waiting.isEmpty {
                asleep = true
                condition.wait()
            }
            asleep = false
            swap(&batch, &waiting)
            condition.unlock()
            for job in batch { job() }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
