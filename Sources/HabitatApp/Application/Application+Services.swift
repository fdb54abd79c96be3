import Logging
import ServiceLifecycle

/// The application's part of `serve`'s `ServiceGroup`: itself (its start before anything is served, its files closed
/// after everything stopped), the scheduler and the closing of idle files. A group starts its services together and
/// stops them in the reverse of their order, so the transport goes after these, and stops first.
extension Application: Service {
    /// The application's services, in the order they are to stand in the group.
    public var services: [any Service] {
        [
            self,
            BackgroundWork(name: "scheduler", after: started) { [scheduler] in await scheduler.run() },
            BackgroundWork(name: "idle files", after: started) { [self] in await closeIdleFiles() },
        ]
    }

    /// Starts the application (``start()``), opens ``started`` for the other services, and once the group shuts down
    /// (after every service standing after it has stopped) closes every file (``stop()``).
    public func run() async throws {
        do {
            try await start()
            started.open()
        } catch {
            started.open(.failure(error))
            throw error
        }
        // Until the group shuts down, or is cancelled because another service failed: the files close either way.
        try? await gracefulShutdown()
        let closed = await stop()
        logger.info("stopped", metadata: ["files": "\(closed)"])
    }
}

/// Work the application does on its own (the scheduler, the idle-file sweep): it begins once the application has
/// started, and is cancelled when the group shuts down. Work with nothing to do waits for the shutdown all the same:
/// a group takes a service that returns early for one that failed.
struct BackgroundWork: Service, CustomStringConvertible {
    let name: String
    let started: StartGate
    let work: @Sendable () async -> Void

    init(name: String, after started: StartGate, _ work: @escaping @Sendable () async -> Void) {
        (self.name, self.started, self.work) = (name, started, work)
    }

    var description: String { name }

    func run() async throws {
        try await started.wait()
        await cancelWhenGracefulShutdown { await work() }
        try? await gracefulShutdown()
    }
}

extension Application: CustomStringConvertible {
    /// As the service group's log names it.
    public var description: String { "application" }
}
