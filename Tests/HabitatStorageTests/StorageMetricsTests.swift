import Foundation
import MetricsTestKit
import Testing

@testable import HabitatStorage

/// What storage tells an operator: the work waiting for a storage thread, how long it waited, and checkpoints.
@Suite struct StorageMetricsTests {
    @Test func workIsCountedWhileItWaitsAndTimedFromItsHandOver() async throws {
        let metrics = TestMetrics()
        let mailbox = StorageThreads(count: 1).mailbox(metrics: StorageMetrics(factory: metrics))
        let release = DispatchSemaphore(value: 0)
        mailbox.submit { release.wait() }
        for _ in 0..<3 { mailbox.submit {} }
        let waiting = try metrics.expectMeter("habitat_storage_queue_depth")
        // The first holds the only thread; the three after it wait.
        try await waitUntil { waiting.lastValue == 3 }
        release.signal()
        await StorageThreadsTests.run(mailbox)
        #expect(waiting.lastValue == 0)
        #expect(try metrics.expectTimer("habitat_storage_wait_seconds").values.count == 5)
    }

    @Test func aFileTimesTheCheckpointsThatKeepItsLogShort() async throws {
        let metrics = TestMetrics()
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/user.sqlite").path
            let database = UserDatabase(path: path, durability: .normal, metrics: StorageMetrics(factory: metrics))
            try await database.add(Fixture.exercise)
            // About five 1 KB pages a recording: a thousand fill the 4 MB log once.
            for _ in 0..<1000 { try await database.did("Exercise") }
            #expect(try metrics.expectTimer("habitat_checkpoint_duration_seconds").values.count == 1)
            let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
            #expect(log <= UserDatabase.logBytes)
            await database.closeAndWait()
        }
    }

    @Test func aFileOfAServerWithoutMetricsKeepsSQLitesOwnCheckpoints() async throws {
        try await withUserDatabase { database in
            try await database.add(Fixture.exercise)
            for _ in 0..<1000 { try await database.did("Exercise") }
            let log = try FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int ?? 0
            #expect(log <= UserDatabase.logBytes)
            await database.closeAndWait()
        }
    }
}
