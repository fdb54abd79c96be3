import Foundation
import HabitatEngine
import Testing

@Suite struct BadHabitTests {
    @Test func badHabitCostsTenLifeByDefault() throws {
        var state = Fixture.state(xp: 40, coins: 12)
        let outcome = try state.did("smoking")
        #expect(outcome.toasts == [Toast(.warning, "Smoking recorded. -10 life")])
        #expect(outcome.toasts[safe: 0]?.rendered(plain: false) == "⚠️ Smoking recorded. -10 life")
        #expect(state.profile.health == 990)
        #expect(state.profile.state == .active)
        #expect(state.profile.progress == Progress(level: 1, xp: 40))
        #expect(state.profile.coins == 12)
    }

    @Test func slipWritesALedgerEntry() throws {
        var state = Fixture.state()
        let entry = try #require(try state.did("smoking").entry)
        #expect(entry.kind == .slip)
        #expect(entry.habitID == 2)
        #expect(entry.subject == "Smoking")
        #expect(entry.quantity == 1)
        #expect(entry.health == -10)
        #expect(entry.xp == 0)
        #expect(entry.coins == 0)
        #expect(entry.day == Fixture.today)
        #expect(entry.before?.profile == Profile.start)
    }

    @Test func customPenaltyIsUsed() throws {
        var state = Fixture.state(habits: [Fixture.smoking(life: 25)])
        let outcome = try state.did("smoking")
        #expect(outcome.toasts == [Toast(.warning, "Smoking recorded. -25 life")])
        #expect(state.profile.health == 975)
    }

    @Test func timesMultipliesThePenalty() throws {
        var state = Fixture.state()
        let outcome = try state.did("smoking", times: 3)
        #expect(outcome.toasts == [Toast(.warning, "Smoking recorded. -30 life")])
        #expect(state.profile.health == 970)
        #expect(outcome.entry?.health == -30)
    }

    @Test func healthJustAbovePenaltyStaysActive() throws {
        var state = Fixture.state(health: 11)
        let outcome = try state.did("smoking")
        #expect(outcome.toasts.count == 1)
        #expect(state.profile.health == 1)
        #expect(state.profile.state == .active)
    }

    @Test func reachingExactlyZeroIsGameOver() throws {
        var state = Fixture.state(health: 10)
        let outcome = try state.did("smoking")
        #expect(outcome.toasts == [
            Toast(.warning, "Smoking recorded. -10 life"),
            Toast(.gameOver, "Game over! Run 5 km to recover — type 'start challenge'"),
        ])
        #expect(
            outcome.toasts[safe: 1]?.rendered(plain: false)
                == "💀 Game over! Run 5 km to recover — type 'start challenge'")
        #expect(state.profile.health == 0)
        #expect(state.profile.state == .gameOver)
    }

    @Test func healthNeverGoesBelowZero() throws {
        var state = Fixture.state(habits: [Fixture.smoking(life: 250)], health: 40)
        let outcome = try state.did("smoking")
        #expect(outcome.toasts.map(\.message) == [
            "Smoking recorded. -250 life", "Game over! Run 5 km to recover — type 'start challenge'",
        ])
        #expect(state.profile.health == 0)
        #expect(state.profile.state == .gameOver)
        #expect(outcome.entry?.health == -40)
    }

    @Test(arguments: [(3.0, "Run 3 km"), (2.5, "Run 2.5 km"), (10.0, "Run 10 km"), (5.0, "Run 5 km")])
    func gameOverToastNamesThePlayersRunningTarget(target: Double, phrase: String) throws {
        var state = Fixture.state(health: 10, settings: Fixture.settings(runningTargetKm: target))
        let outcome = try state.did("smoking")
        #expect(outcome.toasts.last == Toast(.gameOver, "Game over! \(phrase) to recover — type 'start challenge'"))
    }

    @Test func gameOverKeepsLevelXPAndCoins() throws {
        var state = Fixture.state(level: 4, xp: 37, coins: 120, health: 5)
        try state.did("smoking")
        #expect(state.profile.state == .gameOver)
        #expect(state.profile.progress == Progress(level: 4, xp: 37))
        #expect(state.profile.coins == 120)
        #expect(state.profile.maxHealth == 1000)
    }

    @Test func badHabitIsRefusedDuringGameOver() {
        let state = Fixture.state(coins: 50, health: 0, state: .gameOver)
        let error = expectRefusal(.record(Recording(habit: "smoking")), on: state, code: .gameOver)
        #expect(error?.message.contains("Run 5 km") == true)
    }

    @Test func refusalDuringGameOverNamesThePlayersTarget() {
        let state = Fixture.state(health: 0, state: .gameOver, settings: Fixture.settings(runningTargetKm: 3))
        let error = expectRefusal(.record(Recording(habit: "smoking")), on: state, code: .gameOver)
        #expect(error?.message.contains("Run 3 km") == true)
    }

    @Test func badHabitIsRefusedDuringRecovery() {
        var state = Fixture.state(health: 0, state: .recovery)
        state.profile.challenge = Challenge(targetKm: 5, progressKm: 1.5, started: Fixture.today)
        expectRefusal(.record(Recording(habit: "smoking")), on: state, code: .gameOver)
    }

    @Test func goodHabitsStillCountDuringGameOver() throws {
        var state = Fixture.state(xp: 95, coins: 7, health: 0, state: .gameOver)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts.map(\.message) == [
            "Exercise completed! +10 XP, +5 coins", "Level up! You reached level 2",
        ])
        #expect(state.profile.progress == Progress(level: 2, xp: 5))
        #expect(state.profile.coins == 12)
        #expect(state.profile.health == 0)
        #expect(state.profile.state == .gameOver)
    }

    @Test func kilometresAreWrittenWithoutNeedlessDecimals() {
        #expect(GameState.km(5) == "5 km")
        #expect(GameState.km(3) == "3 km")
        #expect(GameState.km(2.5) == "2.5 km")
        #expect(GameState.km(0.25) == "0.25 km")
    }
}
