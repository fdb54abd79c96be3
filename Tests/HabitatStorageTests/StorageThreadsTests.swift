import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import HabitatStorage

/// A value several threads write, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let value: NIOLockedValueBox<Value>
    init(_ value: Value) { self.value = NIOLockedValueBox(value) }
    func update(_ body: @Sendable (inout Value) -> Void) { value.withLockedValue { body(&$0) } }
    var current: Value { value.withLockedValue { $0 } }
}

@Suite struct StorageThreadsTests {
    /// Runs `job` through `mailbox` and waits for it.
    static func run(_ mailbox: StorageMailbox, _ job: @escaping @Sendable () -> Void = {}) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            mailbox.submit {
                job()
                done.resume()
            }
        }
    }

    @Test func eachMailboxRunsItsWorkInOrderWhileOthersRunAlongside() async {
        let threads = StorageThreads(count: 3)
        let mailboxes = (0..<8).map { _ in threads.mailbox() }
        let seen = Shared<[[Int]]>(Array(repeating: [], count: mailboxes.count))
        // Submitted from many tasks at once, each mailbox's work in its own order.
        await withTaskGroup(of: Void.self) { group in
            for (index, mailbox) in mailboxes.enumerated() {
                group.addTask {
                    for step in 0..<500 { mailbox.submit { seen.update { $0[index].append(step) } } }
                    await Self.run(mailbox)
                }
            }
        }
        #expect(seen.current == Array(repeating: Array(0..<500), count: mailboxes.count))
    }

    @Test func aSlowFileHoldsUpOnlyItsOwnUser() async {
        let threads = StorageThreads(count: 2)
        let slow = threads.mailbox()
        let other = threads.mailbox()
        let release = DispatchSemaphore(value: 0)
        let finished = Shared<[String]>([])
        slow.submit {
            release.wait()
            finished.update { $0.append("slow") }
        }
        let afterSlow = Task { await Self.run(slow) { finished.update { $0.append("slow's next") } } }
        // The other user's work runs to the end while the slow one still waits.
        for _ in 0..<100 { await Self.run(other) }
        await Self.run(other) { finished.update { $0.append("other") } }
        #expect(finished.current == ["other"])
        release.signal()
        await afterSlow.value
        #expect(finished.current == ["other", "slow", "slow's next"])
    }

    @Test func aBusyFileTakesItsTurnWhenOthersWait() async {
        let threads = StorageThreads(count: 1)
        let busy = threads.mailbox()
        let other = threads.mailbox()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let order = Shared<[String]>([])
        busy.submit {
            started.signal()
            release.wait()
            order.update { $0.append("busy 1") }
            // More work for the busy file arrives while its first job runs.
            busy.submit { order.update { $0.append("busy 2") } }
        }
        started.wait()
        // The other file's work is queued before the busy file's first job ends.
        other.submit { order.update { $0.append("other") } }
        release.signal()
        await Self.run(other)
        await Self.run(busy)
        #expect(order.current == ["busy 1", "other", "busy 2"])
    }
}

