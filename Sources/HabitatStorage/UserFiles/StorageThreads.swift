import Foundation
import NIOConcurrencyHelpers

/// A small fixed set of threads that do the users' SQLite work.
///
/// Each open user file has a mailbox (`StorageMailbox`): its work runs in order, on one thread at a
/// time, and a thread takes all the work waiting in a mailbox at once and runs it back to back. Threads
/// sleep only when no mailbox has work (after yielding their core a few times: `spins`), so under load a
/// write is handed over without waking a thread.
/// A slow piece of work (opening a file, a checkpoint's sync) holds up only its own user while other
/// threads are free.
/// Unchecked `Sendable`: its mutable state (`ready`, `head`, `sleeping`) is touched only while `condition` is locked.
final class StorageThreads: @unchecked Sendable {
    /// Twice the cores, at least four: the work is mostly CPU (SQLite, the game), but a commit now and
    /// then waits for the disk, and the others should not wait with it.
    static let shared = StorageThreads(count: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// How many times a thread that finds no work yields its core before it sleeps. Under load the next
    /// write usually arrives within that time: the thread takes it without a sleep, and the event loop
    /// that queued it need not wake anyone. Idle, a thread gives up about as many turns as it would take
    /// to wake up once.
    static let spins = 32

    // Guarded by `condition`: mailboxes with work, oldest first (`head` is the next to run).
    private var ready: [StorageMailbox] = []
    private var head = 0
    private var sleeping = 0
    private let condition = NSCondition()

    init(count: Int) {
        for number in 0..<max(1, count) {
            // The threads live as long as the process: `shared` is never released.
            let thread = Thread {
                // Named from inside: a thread made from an event loop would otherwise show that loop's name
                // in `top -H` and profiles. (Linux keeps 15 bytes of it.)
                Thread.current.name = "storage-\(number)"
                self.work()
            }
            thread.start()
        }
    }

    /// A mailbox for a newly opened file; with `metrics`, its work is counted while it waits and timed.
    func mailbox(metrics: StorageMetrics? = nil) -> StorageMailbox { StorageMailbox(threads: self, metrics: metrics) }

    /// `mailbox` has work and is not queued or running: queue it.
    fileprivate func schedule(_ mailbox: StorageMailbox) {
        condition.lock()
        ready.append(mailbox)
        let wake = sleeping > 0
        condition.unlock()
        if wake { condition.signal() }
    }

    private func work() -> Never {
        while true {
            condition.lock()
            var spins = 0
            while head == ready.count, spins < Self.spins {
                condition.unlock()
                sched_yield()
                spins += 1
                condition.lock()
            }
            while head == ready.count {
                sleeping += 1
                condition.wait()
                sleeping -= 1
            }
            var next: StorageMailbox? = ready[head]
            head += 1
            if head == ready.count {
                ready.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024 {
                ready.removeFirst(head)
                head = 0
            }
            condition.unlock()
            while let mailbox = next {
                next = nil
                guard mailbox.run() else { continue }
                // More work came for it meanwhile: go on with it here if no other mailbox waits, else queue it
                // behind them (this thread takes the next one; no other thread needs waking for it).
                condition.lock()
                if head == ready.count { next = mailbox } else { ready.append(mailbox) }
                condition.unlock()
            }
        }
    }
}

/// One user file's work, in order: run by `StorageThreads`, one thread at a time.
final class StorageMailbox: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        /// Queued to run, or running.
        var scheduled = false
    }

    private let state = NIOLockedValueBox(State())
    private let threads: StorageThreads
    private let metrics: StorageMetrics?

    fileprivate init(threads: StorageThreads, metrics: StorageMetrics?) {
        self.threads = threads
        self.metrics = metrics
    }

    /// Runs `job` on a storage thread after the work already in this mailbox.
    func submit(_ job: @escaping Job) {
        guard let metrics else { return enqueue(job) }
        let handed = ContinuousClock.now
        metrics.waiting.increment()
        enqueue {
            metrics.waiting.decrement()
            metrics.wait.recordSince(handed)
            job()
        }
    }

    private func enqueue(_ job: @escaping Job) {
        let schedule = state.withLockedValue { state in
            state.jobs.append(job)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        if schedule { threads.schedule(self) }
    }

    /// Runs the work waiting now. Returns whether more came meanwhile: then the mailbox stays scheduled,
    /// and the thread that ran it runs it again or queues it.
    fileprivate func run() -> Bool {
        let jobs = state.withLockedValue { state in
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in jobs { job() }
        return state.withLockedValue { state in
            state.scheduled = !state.jobs.isEmpty
            return state.scheduled
        }
    }
}
