import Foundation
import HabitatStorage
import NIOConcurrencyHelpers
import Testing
import TestSupport

@testable import HabitatPostgres

/// Servers on one database hand each other's events on, in order and once, and know who can be told something on
/// which server still running.
@Suite("Events between servers", .enabled(if: TestPostgres.isAvailable))
struct ServerRelayTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    /// What one server received from the others, in order.
    final class Received: Sendable {
        let bodies = NIOLockedValueBox<[String]>([])
        var all: [String] { bodies.withLockedValue { $0 } }
    }

    /// Two servers' stores on one new database, each carrying events, `listening` being whom each can tell here.
    static func withTwoServers(
        listening: (first: [Int64], second: [Int64]) = ([], []),
        _ body: @Sendable (PostgresStore, PostgresStore, Received, Received, DatabaseAddress) async throws -> Void
    ) async throws {
        try await TestPostgres.withDatabase { address in
            let first = try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger)
            let second = try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger)
            let received = (Received(), Received())
            for (store, got, here) in [(first, received.0, listening.first), (second, received.1, listening.second)] {
                store.relay(
                    receive: { body in got.bodies.withLockedValue { $0.append(body) } }, listeningHere: { here.contains($0) },
                    listenersHere: { here })
            }
            try await TestPostgres.closing([first, second]) {
                try await eventually("both servers joined") {
                    first.relayed.state.withLockedValue { $0.node } != nil && second.relayed.state.withLockedValue { $0.node } != nil
                }
                try await body(first, second, received.0, received.1, address)
            }
        }
    }

    static func listenerPID(of store: PostgresStore, in address: DatabaseAddress) async throws -> Int {
        let node = try #require(store.relayed.state.withLockedValue { $0.node })
        return try await TestPostgres.count("SELECT backend_pid FROM server_node WHERE id = \(node)", in: address)
    }

    @Test func eventsReachTheOtherServerOnceInOrderLargeOnesToo() async throws {
        try await Self.withTwoServers { first, second, fromSecond, fromFirst, _ in
            // Past what a notification carries (8000 bytes): read from the table.
            let large = String(repeating: "🏠 ann did Dishes. ", count: 600)
            let sent = (1...20).map { "event \($0)" } + [large, "after the large one"]
            for body in sent { first.send(body) }
            try await eventually("the second server received all") { fromFirst.all.count == sent.count }
            #expect(fromFirst.all == sent)
            second.send("from the second")
            try await eventually("the first server received it") { fromSecond.all == ["from the second"] }
            // A server does not hand on its own events again.
            #expect(fromFirst.all.count == sent.count)
        }
    }

    @Test func aServerThatLostItsConnectionCatchesUpOnWhatWasSentMeanwhile() async throws {
        try await Self.withTwoServers { first, second, _, fromFirst, address in
            first.send("before")
            try await eventually("heard before") { fromFirst.all == ["before"] }
            // The second server's listening connection drops, and no connection can be made for a while.
            let server = try #require(TestPostgres.server)
            let pid = try await Self.listenerPID(of: second, in: address)
            try await TestPostgres.execute("ALTER DATABASE \(address.database) WITH ALLOW_CONNECTIONS false", in: server)
            try await TestPostgres.execute("SELECT pg_terminate_backend(\(pid))", in: server)
            try await eventually("the second server is not listening") { second.relayed.state.withLockedValue { $0.node } == nil }
            first.send("while away 1")
            first.send("while away 2")
            try await eventually("both kept") { try await Self.kept(by: first) == 3 }
            try await TestPostgres.execute("ALTER DATABASE \(address.database) WITH ALLOW_CONNECTIONS true", in: server)
            // Sent while it was not listening (no notification reached it): it reads them when it joins again.
            try await eventually("the second server caught up") { fromFirst.all.count == 3 }
            #expect(fromFirst.all == ["before", "while away 1", "while away 2"])
            first.send("after")
            try await eventually("and hears what comes next") { fromFirst.all.count == 4 }
            #expect(fromFirst.all.last == "after")
        }
    }

    /// How many events the database keeps, asked on a connection `store` has open (no new one can be made meanwhile).
    static func kept(by store: PostgresStore) async throws -> Int {
        for try await count in try await store.client.query("SELECT count(*) FROM relayed_event", logger: TestPostgres.logger).decode(Int.self) {
            return count
        }
        return 0
    }

    @Test func whoCanBeToldIsKnownToTheOthersUntilTheirServerIsGone() async throws {
        try await TestPostgres.withDatabase { address in
            let setUp = try await PostgresStore.open(address, logger: TestPostgres.logger)
            let ann = try await setUp.createAccount(name: "ann", passwordHash: nil, at: Self.now).id
            let ben = try await setUp.createAccount(name: "ben", passwordHash: nil, at: Self.now).id
            await setUp.close()
            let first = try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger)
            let second = try await PostgresStore.open(address, hearingOtherServers: true, logger: TestPostgres.logger)
            let annHere = NIOLockedValueBox(true)
            first.relay(receive: { _ in }, listeningHere: { $0 == ann && annHere.withLockedValue { $0 } }, listenersHere: { annHere.withLockedValue { $0 } ? [ann] : [] })
            second.relay(receive: { _ in }, listeningHere: { _ in false }, listenersHere: { [] })
            try await TestPostgres.closing([first, second]) {
                try await eventually("the second server knows ann is the first's") { try await second.listeningElsewhere([ann, ben]) == [ann] }
                // Not elsewhere for the first: it is there.
                #expect(try await first.listeningElsewhere([ann, ben]) == [])
                // Ann leaves the first server.
                annHere.withLockedValue { $0 = false }
                first.listenersChanged([ann])
                try await eventually("ann left") { try await second.listeningElsewhere([ann]) == [] }
                annHere.withLockedValue { $0 = true }
                first.listenersChanged([ann])
                try await eventually("ann is back") { try await second.listeningElsewhere([ann]) == [ann] }
                // The first server's connection ends as it would with the server killed: at once, ann is no one's.
                let server = try #require(TestPostgres.server)
                let pid = try await Self.listenerPID(of: first, in: address)
                try await TestPostgres.execute("ALTER DATABASE \(address.database) WITH ALLOW_CONNECTIONS false", in: server)
                try await TestPostgres.execute("SELECT pg_terminate_backend(\(pid))", in: server)
                try await eventually("its connection is gone") {
                    try await TestPostgres.count("SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid)", in: server) == 0
                }
                #expect(try await second.listeningElsewhere([ann]) == [])
                // Back, it says again whom it can tell.
                try await TestPostgres.execute("ALTER DATABASE \(address.database) WITH ALLOW_CONNECTIONS true", in: server)
                try await eventually("the first server is back with ann") { try await second.listeningElsewhere([ann]) == [ann] }
            }
        }
    }
}
