import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct UserDatabaseTests {
    // MARK: - A new file

    @Test func aNewUserStartsWithTheSpecProfileAndDefaultSettings() async throws {
        try await withUserDatabase { db in
            let state = try await db.state()
            #expect(state.profile.progress == Progress(level: 1, xp: 0))
            #expect(state.profile.coins == 0)
            #expect(state.profile.health == 1000)
            #expect(state.profile.maxHealth == 1000)
            #expect(state.profile.state == .active)
            #expect(state.profile.challenge == nil)
            #expect(state.settings == .default)
            #expect(state.habits.isEmpty && state.areas.isEmpty && state.rewards.isEmpty)
            #expect(state == GameState())
        }
    }

    @Test func aNewFileHoldsTheStartingProfileRow() async throws {
        try await withUserDatabase { db in
            _ = try await db.state()
            let row = try rawDatabase(at: db.path).read { db in
                try Row.fetchOne(db, sql: "SELECT level, xp, coins, health, max_health, state FROM profile")
            }
            #expect(row == ["level": 1, "xp": 0, "coins": 0, "health": 1000, "max_health": 1000, "state": "active"])
        }
    }

    @Test func theFileAndItsFoldersAreCreatedOnFirstUse() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/cd/deep/user.sqlite").path
            let db = UserDatabase(path: path, durability: .normal)
            #expect(!FileManager.default.fileExists(atPath: path))
            _ = try await db.state()
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    // MARK: - Applying actions

    @Test func addedHabitsArePersistedWithIDs() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 25))
            let reloaded = try await db.reloaded()
            #expect(reloaded.habits.map(\.name) == ["Exercise", "Smoking"])
            #expect(reloaded.habits.allSatisfy { $0.id != nil })
            #expect(Set(reloaded.habits.compactMap(\.id)).count == 2)
            #expect(reloaded.habits[1].kind == .bad && reloaded.habits[1].life == 25)
            #expect(reloaded.habits[0].created == Fixture.today)
            #expect(try await db.state() == reloaded)
        }
    }

    @Test func aPlayersWordsForAHabitAreKeptWithIt() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            _ = try await db.apply(.call("exercise", word: "gym"), at: Fixture.now)
            _ = try await db.apply(.call("exercise", word: "workout"), at: Fixture.now)
            let reloaded = try await db.reloaded()
            #expect(reloaded.habits[0].words == ["gym", "workout"])
            #expect(try await db.state() == reloaded)
        }
    }

    @Test func theStateReturnedByAddHabitEqualsTheStoredOne() async throws {
        try await withUserDatabase { db in
            let added = try await db.add(Fixture.exercise)
            let reloaded = try await db.reloaded()
            let cached = try await db.state()
            #expect(reloaded.habits.first?.id != nil)
            #expect(cached == reloaded)
            #expect(added.state.habits.first?.id != nil)
            #expect(added.state == reloaded)
        }
    }

    @Test func aRecordingIsPersistedAndTheReturnedStateMatchesTheFile() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let recorded = try await db.did("exercise")
            #expect(recorded.state.profile.progress.xp == 10)
            #expect(recorded.state.profile.coins == 5)
            #expect(recorded.state.habits[0].stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today, total: 1))
            #expect(try await db.reloaded() == recorded.state)
            #expect(try await db.state() == recorded.state)
        }
    }

    /// The per-day counts streaks are counted from; with a first day, only the days from it (a reminder's look).
    @Test func habitDaysCountEachDayAndCanStartFromADay() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise", at: Fixture.now - 3 * 86_400)
            try await db.did("exercise", times: 2)
            let all = try await db.read { try $0.habitDays() }
            #expect(all == [1: [Fixture.today - 3: 1, Fixture.today: 2]])
            let recent = try await db.read { try $0.habitDays(since: Fixture.today - 1) }
            #expect(recent == [1: [Fixture.today: 2]])
        }
    }

    @Test func aPurchaseIsPersistedAndTheReturnedStateMatchesTheFile() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", xp: 10, coins: 40))
            try await db.add(Fixture.smoking)
            _ = try await db.apply(.addReward(name: "Movie night", price: 30), at: Fixture.now)
            try await db.did("exercise", times: 2)
            try await db.did("smoking")
            let potion = try await db.buy("potion")
            #expect(potion.state.profile.health == 1000)
            #expect(potion.state.profile.coins == 55)
            #expect(try await db.reloaded() == potion.state)
            let reward = try await db.buy("movie night")
            #expect(reward.state.profile.coins == 25)
            #expect(try await db.reloaded() == reward.state)
            #expect(try await db.reloaded().rewards.map(\.name) == ["Movie night"])
        }
    }

    @Test func levelUpsAndAreaProgressArePersisted() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in
                state.areas.append(Area(name: "Fitness", curve: LevelCurve(kind: .flat, base: 50, multiplier: 1)))
            }
            try await db.add(HabitDraft(name: "Exercise", xp: 60, area: "Fitness"))
            let recorded = try await db.did("exercise", times: 2)
            #expect(recorded.state.profile.progress == Progress(level: 2, xp: 20))
            #expect(recorded.state.areas[0].progress == Progress(level: 3, xp: 20))
            let reloaded = try await db.reloaded()
            #expect(reloaded == recorded.state)
            #expect(reloaded.habits[0].areaID == reloaded.areas[0].id)
        }
    }

    @Test func aRunningChallengeSurvivesAReopen() async throws {
        try await withUserDatabase { db in
            let changed = try await db.change { state, _ in
                state.profile.health = 0
                state.profile.state = .recovery
                state.profile.challenge = Challenge(targetKm: 5, progressKm: 2.5, started: Fixture.today - 1)
                return state
            }
            #expect(try await db.reloaded() == changed.state)
            #expect(try await db.reloaded().profile.challenge?.progressKm == 2.5)
        }
    }

    @Test func archivingAndEditingAHabitArePersisted() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Reading"))
            let changed = try await db.change { state, _ in
                state.habits[0].archived = true
                state.habits[1].name = "Deep reading"
                state.habits[1].xp = 25
                state.habits[1].tracksTime = true
                return state
            }
            #expect(try await db.reloaded() == changed.state)
            await expectRefusal(.unknownHabit) { try await db.did("exercise") }
        }
    }

    @Test func aRenameAndNewTotalsInOneChangeAreBothPersisted() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.areas.append(Area(name: "Fitness")) }
            try await db.add(HabitDraft(name: "Exercise", area: "Fitness"))
            try await db.did("exercise")
            let changed = try await db.change { state, _ in
                state.habits[0].name = "Workout"
                state.habits[0].stats.total = 7
                state.areas[0].name = "Health"
                state.areas[0].progress = Progress(level: 4, xp: 3)
                return state
            }
            let reloaded = try await db.reloaded()
            #expect(reloaded == changed.state)
            #expect(reloaded.habits[0].name == "Workout")
            #expect(reloaded.habits[0].stats.total == 7)
            #expect(reloaded.areas[0].name == "Health")
            #expect(reloaded.areas[0].progress == Progress(level: 4, xp: 3))
        }
    }

    @Test func removingAHabitFromTheStateDeletesItsRow() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(Fixture.smoking)
            try await db.change { state, _ in _ = state.habits.removeFirst() }
            #expect(try await db.reloaded().habits.map(\.name) == ["Smoking"])
        }
    }

    @Test func removingAnAreaKeepsTheCachedHabitsInStepWithTheFile() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.areas.append(Area(name: "Fitness")) }
            try await db.add(HabitDraft(name: "Exercise", area: "Fitness"))
            try await db.change { state, _ in state.areas.removeAll() }
            let reloaded = try await db.reloaded()
            #expect(reloaded.habits[0].areaID == nil)
            let cached = try await db.state()
            #expect(cached == reloaded)
            _ = try await db.did("exercise")
        }
    }

    @Test func aDeletedAreasIdIsNotGivenAgainAfterAReopen() async throws {
        try await withUserDatabase { db in
            _ = try await db.apply(.addArea("Mind"), at: Fixture.now)
            _ = try await db.apply(.addArea("Fitness"), at: Fixture.now)
            try await db.add(HabitDraft(name: "Exercise", area: "Fitness"))
            let deleted = try await db.apply(.deleteArea("fitness"), at: Fixture.now)
            #expect(deleted.state.retiredAreaID == 2)
            let reloaded = try await db.reloaded()
            #expect(reloaded == deleted.state)
            #expect(reloaded.habits[0].areaID == nil)
            let reopened = UserDatabase(path: db.path, durability: .normal)
            defer { reopened.close() }
            let added = try await reopened.apply(.addArea("Health"), at: Fixture.now)
            #expect(added.state.areas.map(\.id) == [1, 3])
            #expect(try await reopened.reloaded().areas.map(\.name) == ["Mind", "Health"])
        }
    }

    @Test func aFileWithNoAreaEverDeletedNumbersAsBefore() async throws {
        try await withUserDatabase { db in
            _ = try await db.apply(.addArea("Mind"), at: Fixture.now)
            #expect(try await db.reloaded().retiredAreaID == 0)
            let count = try await rawDatabase(at: db.path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM setting WHERE key = 'retired_area_id'") }
            #expect(count == 0)
        }
    }

    // MARK: - Settings

    @Test func changedSettingsSurviveAReopen() async throws {
        try await withUserDatabase { db in
            let settings = Settings(
                curve: LevelCurve(kind: .exponential, base: 200, multiplier: 1.15), runningTargetKm: 3.5,
                timeZone: "Europe/Berlin", dayStartHour: 4)
            try await db.change { state, _ in state.settings = settings }
            #expect(try await db.state().settings == settings)
            #expect(try await db.reloaded().settings == settings)
        }
    }

    @Test(arguments: LevelCurve.Kind.allCases)
    func everyCurveSurvivesAReopen(kind: LevelCurve.Kind) async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in
                state.settings.curve.kind = kind
                state.settings.curve.multiplier = 2.25
                state.settings.curve.base = 75
            }
            #expect(try await db.reloaded().settings.curve == LevelCurve(kind: kind, base: 75, multiplier: 2.25))
        }
    }

    @Test func settingsChangedOneByOneAllSurvive() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.settings.timeZone = "America/New_York" }
            try await db.change { state, _ in state.settings.dayStartHour = 3 }
            try await db.change { state, _ in state.settings.runningTargetKm = 10 }
            let settings = try await db.reloaded().settings
            #expect(settings.timeZone == "America/New_York")
            #expect(settings.dayStartHour == 3)
            #expect(settings.runningTargetKm == 10)
            #expect(settings.curve == .default)
        }
    }

    @Test func theDayOfARecordingFollowsTheStoredTimezoneAndDayStart() async throws {
        try await withUserDatabase { db in
            try await db.change { state, _ in state.settings.dayStartHour = 4 }
            try await db.add(Fixture.exercise)
            let reopened = UserDatabase(path: db.path, durability: .normal)
            let early = Fixture.now.addingTimeInterval(-10 * 3600)  // 02:00 UTC
            let recorded = try await reopened.did("exercise", at: early)
            #expect(recorded.outcome.entry?.day == Fixture.today - 1)
        }
    }

    // MARK: - Refusals

    static let refusals: [(Action, ErrorCode)] = [
        (.buy(item: "movie night", quantity: 1), .notEnoughCoins),
        (.buy(item: "potion", quantity: 1), .notEnoughCoins),
        (.buy(item: "spaceship", quantity: 1), .unknownItem),
        (.record(Recording(habit: "meditate")), .unknownHabit),
        (.record(Recording(habit: "exercise", times: 0)), .invalidArgument),
        (.record(Recording(habit: "exercise", when: .daysAgo(31))), .invalidArgument),
        (.addHabit(HabitDraft(name: "EXERCISE")), .nameTaken),
        (.addHabit(HabitDraft(name: "Yoga", area: "Nowhere")), .notFound),
        (.addReward(name: "Movie night", price: 5), .nameTaken),
    ]

    @Test(arguments: refusals)
    func aRefusedActionChangesNeitherTheFileNorTheCachedState(action: Action, code: ErrorCode) async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(Fixture.smoking)
            _ = try await db.apply(.addReward(name: "Movie night", price: 100), at: Fixture.now)
            try await db.did("exercise")
            try await db.did("smoking")
            let cached = try await db.state()
            let file = try dump(ofDatabaseAt: db.path)

            await expectRefusal(code) { try await db.apply(action, at: Fixture.now) }

            #expect(try await db.state() == cached)
            #expect(try await db.reloaded() == cached)
            #expect(try dump(ofDatabaseAt: db.path) == file)
        }
    }

    @Test func buyingAPotionAtFullHealthIsRefusedAndChangesNothing() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Exercise", coins: 50))
            try await db.did("exercise")
            let file = try dump(ofDatabaseAt: db.path)
            await expectRefusal(.healthFull) { try await db.buy("potion") }
            #expect(try await db.state().profile.coins == 50)
            #expect(try dump(ofDatabaseAt: db.path) == file)
        }
    }

    @Test func aSlipDuringGameOverIsRefusedAndChangesNothing() async throws {
        try await withUserDatabase { db in
            try await db.add(HabitDraft(name: "Smoking", kind: .bad, life: 1000))
            let over = try await db.did("smoking")
            #expect(over.state.profile.state == .gameOver)
            #expect(try await db.reloaded().profile.state == .gameOver)
            let file = try dump(ofDatabaseAt: db.path)
            await expectRefusal(.gameOver) { try await db.did("smoking") }
            #expect(try await db.state() == over.state)
            #expect(try dump(ofDatabaseAt: db.path) == file)
        }
    }

    @Test func aChangeThatThrowsAfterAppendingRollsBackTheLedgerToo() async throws {
        struct Boom: Error {}
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let cached = try await db.state()
            let file = try dump(ofDatabaseAt: db.path)
            await #expect(throws: Boom.self) {
                try await db.change { state, ledger in
                    let action = Action.record(Recording(habit: "exercise"))
                    _ = try UserDatabase.apply(action, to: &state, ledger: ledger, at: Fixture.now)
                    throw Boom()
                }
            }
            #expect(try await db.state() == cached)
            #expect(try await db.entries().isEmpty)
            #expect(try dump(ofDatabaseAt: db.path) == file)
        }
    }

    @Test func aWriteSQLiteRejectsLeavesTheCachedStateAsItWas() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let cached = try await db.state()
            // The engine would refuse this name; the UNIQUE NOCASE column refuses it too.
            await #expect(throws: DatabaseError.self) {
                try await db.change { state, _ in
                    state.profile.coins = 999
                    state.habits.append(Habit(name: "exercise", kind: .good, created: Fixture.today))
                }
            }
            #expect(try await db.state() == cached)
            #expect(try await db.reloaded() == cached)
        }
    }

    @Test func aHabitPointingAtAMissingAreaIsSavedWithNoArea() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let (_, saved) = try await db.change { state, _ in state.habits[0].areaID = 999 }
            #expect(saved.habits[0].areaID == nil)
            #expect(try await db.reloaded() == saved)
        }
    }

    // MARK: - Closing

    @Test func aClosedHandleReopensOnNextUseWithTheSameState() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let before = try await db.did("exercise").state
            db.close()
            #expect(try await db.entries().count == 1)
            #expect(try await db.state() == before)
            let after = try await db.did("exercise").state
            #expect(after.profile.progress.xp == 20)
            #expect(try await db.reloaded() == after)
        }
    }

    @Test func everyAcknowledgedChangeIsVisibleToAnotherConnectionAtOnce() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            for times in 1...5 {
                try await db.did("exercise")
                let coins = try await rawDatabase(at: db.path).read { db in
                    try Int.fetchOne(db, sql: "SELECT coins FROM profile")
                }
                #expect(coins == 5 * times)
            }
        }
    }
}
