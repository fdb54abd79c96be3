import NIOCore

/// Runs a task's jobs on one event loop: given as the executor preference of a connection's awaited work, the work
/// and its socket share a thread, and work finished elsewhere (a database commit) resumes it there.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
