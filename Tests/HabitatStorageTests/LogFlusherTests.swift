import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import HabitatStorage

/// The log is synced in the background once per so many commits, never more often. One test at a time: the
/// flushes of the whole process share one queue, which one test holds while another waits for it to drain.
@Suite(.serialized) struct LogFlusherTests {
    final class Flushes: Sendable {
        let paths = NIOLockedValueBox<[String]>([])
        func record(_ path: String) { paths.withLockedValue { $0.append(path) } }
        var count: Int { paths.withLockedValue { $0.count } }
    }

    @Test func theLogIsSyncedOncePerRunOfCommits() {
        let flushes = Flushes()
        let flusher = LogFlusher(databasePath: "/data/users/ab/ab.sqlite", every: 64, flush: flushes.record)
        for _ in 0..<63 { flusher.committed() }
        flusher.drain()
        #expect(flushes.count == 0)
        flusher.committed()
        flusher.drain()
        #expect(flushes.paths.withLockedValue { $0 } == ["/data/users/ab/ab.sqlite-wal"])
        for _ in 0..<64 { flusher.committed() }
        flusher.drain()
        #expect(flushes.count == 2)
    }

    @Test func aFlushAlreadyWaitingIsNotAskedForTwice() async throws {
        let flushes = Flushes()
        let gate = DispatchSemaphore(value: 0)
        let flusher = LogFlusher(databasePath: "/data/users/ab/ab.sqlite", every: 64) { path in
            flushes.record(path)
            gate.wait()
        }
        for _ in 0..<64 { flusher.committed() }
        // The first flush is running (and held): commits go on meanwhile.
        let deadline = Date().addingTimeInterval(10)
        while flushes.count == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(1)) }
        for _ in 0..<128 { flusher.committed() }  // asks at 128; at 192 one is already waiting
        gate.signal()
        gate.signal()
        flusher.drain()
        #expect(flushes.count == 2)
    }

    @Test func aUserFileInNormalDurabilityKeepsItsDataThroughFlushes() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            for _ in 0..<200 { try await db.did("exercise") }
            #expect(try await db.reloaded().profile.coins == 1000)
            #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
        }
    }
}
