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
        try await TestPostgres.withDatabase { address in
            let one = try await PostgresStore.open(address, logger: TestPostgres.logger)
            let two = try await PostgresStore.open(address, logger: TestPostgres.logger)
            do {
                let account = try await one.createAccount(name: "ann", passwordHash: nil, at: Self.now)
                try await body(one, two, account.id)
            } catch {
                await one.close()
                await two.close()
                throw error
            }
            await one.close()
            await two.close()
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
