import Dispatch
import NIOConcurrencyHelpers

/// Runs `work` as a task and blocks the calling thread until it is done, for blocking code (the data tools) that
/// reaches the server's files, whose work is asynchronous. Call it only on a thread of its own: never on Swift's task
/// pool, which `work` needs, nor on an event loop or a storage thread.
func waiting<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = NIOLockedValueBox<Result<T, any Error>?>(nil)
    Task {
        let result: Result<T, any Error>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        outcome.withLockedValue { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLockedValue { $0! }.get()
}
