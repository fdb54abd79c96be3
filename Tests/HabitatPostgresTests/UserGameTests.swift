import Foundation
import HabitatEngine
import HabitatStorage
import Testing
import TestSupport

@testable import HabitatPostgres

/// A user's game and ledger, the same on SQLite and on PostgreSQL: what the engine decides is kept, read back whole
/// by a handle that has read nothing yet, and a change that fails keeps nothing.
@Suite("A user's game, on either store")
struct UserGameTests {
    /// Friday 2026-11-20, 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let today = Day(ordinal: 20_777)
    static let hour: TimeInterval = 3600

    /// A household's week in one user's game: areas, an amount, a bad habit, a routine done and undone, backdated days,
    /// a to-do with a checklist, a pause, a setting, days ended with their bites.
    static func play(_ game: any UserGame) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        func apply(_ action: Action, _ at: Date = now) async throws {
            outcomes.append(try await game.apply(action, at: at).outcome)
        }
        try await apply(.addArea("Fitness"))
        try await apply(.addHabit(HabitDraft(name: "Exercise", area: "Fitness")))
        try await apply(.addHabit(HabitDraft(name: "Pushups", amount: DailyAmount(30))))
        try await apply(.addHabit(HabitDraft(name: "Smoking", kind: .bad)))
        try await apply(.addHabit(HabitDraft(name: "Stretch")))
        try await apply(.addRoutine(name: "Morning", habits: ["Exercise", "Stretch"]))
        try await apply(.record(Recording(habit: "Exercise", when: .daysAgo(2))))
        try await apply(.record(Recording(habit: "Exercise", when: .daysAgo(1), note: "park run")))
        try await apply(.record(Recording(habit: "Exercise")))
        try await apply(.record(Recording(habit: "Pushups", times: 20)))
        try await apply(.record(Recording(habit: "Smoking", slipped: true)))
        try await apply(.record(Recording(habit: "Morning")))
        outcomes.append(try await game.undo(at: now + 60).outcome)
        try await apply(.addTodo(name: "Buy milk", due: nil, checklist: ["oat", "whole"]))
        try await apply(.checkItem("oat"))
        try await apply(.completeTodo("Buy milk"))
        try await apply(.pause("Stretch", .days(3)))
        try await apply(.configure(.timeZone("Europe/Berlin"), area: nil))
        outcomes.append(try await game.endDays(through: today - 1, at: now + 13 * hour).outcome)
        return outcomes
    }

    @Test(arguments: EitherStore.available)
    func whatTheEngineDecidedIsKeptAndReadBackWhole(store: EitherStore) async throws {
        try await store.withGame { game, fresh in
            _ = try await Self.play(game)
            let played = try await game.state()
            let again = fresh()
            #expect(again.cachedState == nil)
            let read = try await again.state()
            #expect(read == played)
            let exercise = try #require(read.habits.first { $0.name == "Exercise" })
            #expect(exercise.stats.streak == 3 && exercise.stats.total == 3 && exercise.stats.lastDay == Self.today)
            #expect(read.areas.map(\.name) == ["Fitness"] && exercise.areaID == read.areas[0].id)
            #expect(read.habits.map(\.name) == ["Exercise", "Pushups", "Smoking", "Stretch"])
            #expect(read.routines.map(\.name) == ["Morning"])
            #expect(read.settings.timeZone == "Europe/Berlin")
            #expect(read.todos.map(\.name) == ["Buy milk"] && read.todos[0].done == Self.now)
            #expect(read.todos[0].checklist == [ChecklistItem("oat", done: true), ChecklistItem("whole", done: false)])
            #expect(read.pauses.count == 1 && read.pauses[0].first == Self.today)
            #expect(read.endedThrough == Self.today - 1)

            let (entries, days, pushups, notes) = try await again.read { ledger in
                (try ledger.all(), try ledger.days(of: exercise.id!), try ledger.amount(of: read.habits[1].id!, on: Self.today),
                 try ledger.habitNotes())
            }
            #expect(entries == (try await game.read { try $0.all() }))
            #expect(days == [Self.today - 2, Self.today - 1, Self.today])
            #expect(pushups == DayAmount(amount: 20, credited: false))
            #expect(notes == [exercise.id!: [Self.today - 1: "park run"]])
            // The routine and its two completions, and the undo of each.
            #expect(entries.filter { $0.kind == .undo }.count == 3)
            #expect(Set(entries.compactMap(\.id)).count == entries.count)
        }
    }

    @Test(arguments: EitherStore.available)
    func aChangeThatFailsKeepsNothing(store: EitherStore) async throws {
        try await store.withGame { game, fresh in
            _ = try await game.apply(.addHabit(HabitDraft(name: "Exercise")), at: Self.now)
            let before = try await game.state()
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await game.change { state, ledger in
                    _ = try ledger.append(LedgerEntry(at: Self.now, day: Self.today, kind: .completion, subject: "Exercise", quantity: 1))
                    state.profile.coins = 500
                    throw Refused()
                }
            }
            await #expect(throws: HabitatError.self) {
                try await game.apply(.record(Recording(habit: "Yoga")), at: Self.now)
            }
            #expect(try await game.state() == before)
            #expect(try await fresh().state() == before)
            #expect(try await fresh().read { try $0.count() } == 0)
        }
    }

    @Test(arguments: EitherStore.available)
    func undoGoesBackOneActionAtATimeAndThenSaysThereIsNothing(store: EitherStore) async throws {
        try await store.withGame { game, fresh in
            _ = try await game.apply(.addHabit(HabitDraft(name: "Exercise")), at: Self.now)
            let start = try await game.state().profile
            let first = try await game.apply(.record(Recording(habit: "Exercise")), at: Self.now).state.profile
            _ = try await game.apply(.record(Recording(habit: "Exercise", times: 2)), at: Self.now + 60)
            #expect(try await game.undo(at: Self.now + 120).state.profile == first)
            #expect(try await fresh().undo(at: Self.now + 180).state.profile == start)
            let latest = try await fresh().read { try $0.latestUndoable() }
            #expect(latest == nil)
            #expect(try await fresh().state().habits[0].stats.total == 0)
        }
    }

    @Test(arguments: EitherStore.available)
    func changesAtOnceOfOneUserEachCountOnce(store: EitherStore) async throws {
        try await store.withGame { game, fresh in
            _ = try await game.apply(.addHabit(HabitDraft(name: "Water")), at: Self.now)
            // A first reading of the state races the changes too.
            let reader = fresh()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await reader.state() }
                for n in 0..<24 {
                    group.addTask { _ = try await game.apply(.record(Recording(habit: "Water")), at: Self.now + Double(n)) }
                }
                try await group.waitForAll()
            }
            let played = try await game.state()
            #expect(played.habits[0].stats.total == 24)
            #expect(played.profile.coins == 24 * 5)
            #expect(try await fresh().state() == played)
            #expect(try await fresh().read { try $0.count() } == 24)
        }
    }

    /// The same week played on SQLite and on PostgreSQL comes out the same: every value of the game, every ledger entry
    /// with its id, and every reply.
    @Test func bothStoresKeepTheSameGame() async throws {
        try #require(TestPostgres.isAvailable, "no PostgreSQL: run the tests under scripts/with-postgres")
        let onSQLite = try await EitherStore.sqlite.withGame { game, fresh in
            (try await Self.play(game), try await fresh().state(), try await fresh().read { try $0.all() })
        }
        let onPostgres = try await EitherStore.postgresql.withGame { game, fresh in
            (try await Self.play(game), try await fresh().state(), try await fresh().read { try $0.all() })
        }
        #expect(onPostgres.0 == onSQLite.0)
        #expect(onPostgres.1 == onSQLite.1)
        #expect(onPostgres.2 == onSQLite.2)
        #expect(onSQLite.2.count == 13)
    }
}

@Suite("Games kept in memory on PostgreSQL", .enabled(if: TestPostgres.isAvailable))
struct KeptGamesTests {
    /// With room for three games' states, five users playing leave the last three kept, the least recently used
    /// forgetting theirs; a game that forgot reads its state back whole, and its next change starts from it.
    @Test func atMostSoManyGamesKeepTheirStateAndAForgottenOneReadsItBack() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await PostgresStore.open(address, keptGames: 3, logger: TestPostgres.logger)
            do {
                var games: [PostgresGame] = []
                for name in ["ann", "bo", "cy", "di", "ed"] {
                    let account = try await store.createAccount(name: name, passwordHash: nil, at: Date(timeIntervalSince1970: 0))
                    let game = store.game(of: account.id)
                    _ = try await game.apply(.addHabit(HabitDraft(name: "Water")), at: UserGameTests.now)
                    _ = try await game.apply(.record(Recording(habit: "Water")), at: UserGameTests.now)
                    games.append(game)
                }
                #expect(games.map { $0.cachedState != nil } == [false, false, true, true, true])
                #expect(store.keptGames.count == 3)
                _ = try await games[0].apply(.record(Recording(habit: "Water")), at: UserGameTests.now + 60)
                let ann = try await games[0].state()
                #expect(ann.habits[0].stats.total == 2)
                #expect(ann.profile.coins == 10)
                #expect(games[0].cachedState == ann)
                #expect(games.map { $0.cachedState != nil } == [true, false, false, true, true])
                #expect(store.keptGames.count == 3)
                await store.close()
            } catch {
                await store.close()
                throw error
            }
        }
    }
}
