import Foundation
import HabitatEngine
import HabitatStorage
import Testing
import TestSupport

@testable import HabitatPostgres

/// Two servers on one database, each keeping in memory the games it has used: a change never starts from a copy another
/// server has made old, and changes of one user from both at once are each kept once.
@Suite("Two servers on one database", .enabled(if: TestPostgres.isAvailable))
struct ManyServersGameTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    /// Two stores on one new database (two servers), and an account made through the first.
    func withTwoServers(_ body: @Sendable (PostgresStore, PostgresStore, Int64) async throws -> Void) async throws {
        try await withTwoStores { one, two, _ in
            try await body(one, two, try await one.createAccount(name: "ann", passwordHash: nil, at: Self.now).id)
        }
    }

    @Test func aChangeOnOneServerIsSeenByTheNextChangeOnTheOther() async throws {
        try await withTwoServers { one, two, account in
            let (ann1, ann2) = (one.game(of: account), two.game(of: account))
            _ = try await ann1.apply(.addHabit(HabitDraft(name: "Exercise")), at: Self.now)
            _ = try await ann1.apply(.record(Recording(habit: "Exercise")), at: Self.now)
            #expect(try await ann2.state().habits.map(\.name) == ["Exercise"])
            // The second server adds a habit; the first still has the game without it in memory.
            _ = try await ann2.apply(.addHabit(HabitDraft(name: "Read")), at: Self.now)
            #expect(ann1.cachedState?.habits.map(\.name) == ["Exercise"])
            // The first records it: its change runs on the game as the database has it, not on its old copy.
            let (outcome, state) = try await ann1.apply(.record(Recording(habit: "Read")), at: Self.now)
            #expect(state.habits.map(\.name) == ["Exercise", "Read"])
            #expect(state.habits.map(\.stats.total) == [1, 1])
            #expect(outcome.entry?.kind == .completion && outcome.entry?.habitID == state.habits[1].id)
            // Each completion paid once, whichever server recorded it.
            #expect(state.profile.coins == 10)
            let read = try await PostgresGame(accountID: account, store: one).state()
            #expect(read == state)
            // And the second server, whose copy is now old, records on top of the first's.
            let (_, after) = try await ann2.apply(.record(Recording(habit: "Exercise", when: .daysAgo(1))), at: Self.now)
            #expect(after.habits.map(\.stats.total) == [2, 1])
            #expect(after.profile.coins == 15)
            #expect(try await TestPostgres.count(
                "SELECT count(*) FROM ledger WHERE kind = 'completion'", in: one.address) == 3)
        }
    }

    @Test func changesOfOneUserFromBothServersAtOnceAreEachKeptOnce() async throws {
        try await withTwoServers { one, two, account in
            let (ann1, ann2) = (one.game(of: account), two.game(of: account))
            _ = try await ann1.apply(.addHabit(HabitDraft(name: "Pushups", amount: DailyAmount(100))), at: Self.now)
            _ = try await ann2.state()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    let game = index.isMultiple(of: 2) ? ann1 : ann2
                    group.addTask { _ = try await game.apply(.record(Recording(habit: "Pushups", times: 1)), at: Self.now) }
                }
                try await group.waitForAll()
            }
            let read = try await PostgresGame(accountID: account, store: two).state()
            let pushups = try #require(read.habits.first)
            let amount = try await ann1.read { try $0.amount(of: pushups.id!, on: Day(Self.now, timeZone: .gmt)) }
            #expect(amount.amount == 40)
            #expect(try await TestPostgres.count("SELECT count(*) FROM ledger WHERE kind = 'completion'", in: one.address) == 40)
            #expect(try await TestPostgres.count("SELECT version::int FROM account", in: one.address) == 41)
        }
    }
}

/// What is due, held by one server while it fires it: another server on the database skips it, and takes it when the
/// first lets go, or dies.
@Suite("Two servers' schedulers on one database", .enabled(if: TestPostgres.isAvailable))
struct ManyServersDueTests {
    static let past = Date(timeIntervalSince1970: 1_795_176_000)
    static let now = past + 3600

    /// Two servers on one new database, ten timers' ends due.
    func withTwoServers(_ body: @Sendable (PostgresStore, PostgresStore) async throws -> Void) async throws {
        try await withTwoStores { one, two, _ in
            try await one.setDue((1...10).map { (.timer, Int64($0), Self.past + Double($0)) })
            try await body(one, two)
        }
    }

    @Test func whatOneServerHoldsTheOtherSkipsAndWhatItFiredIsGone() async throws {
        try await withTwoServers { one, two in
            let seenByTwo = try await one.withDue(at: Self.now, limit: 4) { held in
                #expect(held.map(\.subject) == [1, 2, 3, 4])
                // The first fires two of its four (their next time is tomorrow) while the second looks.
                try await one.setDue([(.timer, 1, Self.now + 86_400), (.timer, 2, nil)])
                return try await two.withDue(at: Self.now, limit: 10) { $0.map(\.subject) }
            }
            #expect(seenByTwo == [5, 6, 7, 8, 9, 10])
            // Let go: the two it did not fire are the second's to fire.
            #expect(try await two.withDue(at: Self.now, limit: 10) { $0.map(\.subject) } == [3, 4, 5, 6, 7, 8, 9, 10])
        }
    }

    @Test func whatAServerThatDiedHeldIsFiredByAnother() async throws {
        try await withTwoServers { one, two in
            try await one.withDue(at: Self.now, limit: 10) { held in
                #expect(held.count == 10)
                #expect(try await two.withDue(at: Self.now, limit: 10) { $0 } == [])
                // The first's connection ends under it, as when its process is killed.
                try await TestPostgres.execute(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()
                    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                    """, in: one.address)
                try await eventually("the held entries let go") {
                    try await TestPostgres.count("""
                        SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
                        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                        """, in: one.address) == 0
                }
                #expect(try await two.withDue(at: Self.now, limit: 10) { $0.map(\.subject) } == Array(1...10))
            }
        }
    }
}

/// Two stores on one new database: two servers' worth, each with its own connections and games in memory. Unless
/// `firstHears`, they don't listen for each other's changes (``PostgresStore/listenForChanges()``): what a change finds
/// in memory is then the copy of before, certainly, and it must not trust it.
/// `closed` runs once both are closed, before the database goes.
func withTwoStores(
    firstHears: Bool = false, _ body: @Sendable (PostgresStore, PostgresStore, DatabaseAddress) async throws -> Void,
    closed: @Sendable (DatabaseAddress) async throws -> Void = { _ in }
) async throws {
    try await TestPostgres.withDatabase { address in
        let one = try await PostgresStore.open(address, hearingOtherServers: firstHears, logger: TestPostgres.logger)
        let two = try await PostgresStore.open(address, logger: TestPostgres.logger)
        try await TestPostgres.closing([one, two]) { try await body(one, two, address) }
        try await closed(address)
    }
}

/// A server hears the others' changes on a connection of its own, and goes on hearing them when that connection drops.
@Suite("Hearing other servers' changes", .enabled(if: TestPostgres.isAvailable))
struct GameNoticesTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    /// The listening connections of servers on the database at `address` (other than `pid`'s).
    static func listeners(in address: DatabaseAddress, other pid: Int = 0) async throws -> Int {
        try await TestPostgres.count(
            """
            SELECT count(*) FROM pg_stat_activity a JOIN server_node n ON n.backend_pid = a.pid AND n.backend_start = a.backend_start
            WHERE a.datname = current_database() AND a.pid <> \(pid)
            """, in: address)
    }

    @Test func aServerWhoseListeningConnectionDropsListensAgainAndLetsGoOfWhatChanged() async throws {
        try await withTwoStores(firstHears: true) { hearing, other, address in
            let account = try await other.createAccount(name: "ann", passwordHash: nil, at: Self.now).id
            try await eventually("the server listens") { try await Self.listeners(in: address) == 1 }
            _ = try await hearing.game(of: account).apply(.addHabit(HabitDraft(name: "Read")), at: Self.now)
            #expect(hearing.game(of: account).cachedState?.habits.count == 1)
            // Its connection ends under it (PostgreSQL restarted, a network cut).
            let first = try await TestPostgres.count("SELECT backend_pid FROM server_node", in: address)
            try await TestPostgres.execute("SELECT pg_terminate_backend(\(first))", in: address)
            try await eventually("the server listens again") { try await Self.listeners(in: address, other: first) == 1 }
            // Listening again, it let go of every copy (it may have missed changes meanwhile); it reads ann's again.
            #expect(try await hearing.game(of: account).state().habits.map(\.name) == ["Read"])
            #expect(hearing.game(of: account).cachedState != nil)
            // Another server changes ann's game: the first lets go of its copy.
            _ = try await other.game(of: account).apply(.addHabit(HabitDraft(name: "Walk")), at: Self.now)
            try await eventually("the first server lets go of its old copy") { hearing.game(of: account).cachedState == nil }
            #expect(try await hearing.game(of: account).state().habits.map(\.name) == ["Read", "Walk"])
        } closed: { address in
            // Closed, it listens no more.
            let listening = try await Self.listeners(in: address)
            #expect(listening == 0)
        }
    }
}
