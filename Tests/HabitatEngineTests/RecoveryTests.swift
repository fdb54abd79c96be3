import Foundation
import HabitatEngine
import Testing

/// The way back from a game over: `start challenge`, runs, and health restored at the target.
@Suite struct RecoveryTests {
    @Test func startingTheChallengeMovesGameOverToRecoveryWithNothingRunYet() throws {
        let original = Fixture.state(level: 3, xp: 40, coins: 70, health: 0, state: .gameOver)
        var state = original
        let outcome = try state.apply(.startChallenge, at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.running, "Challenge started! Run 5 km to get your health back. Log runs with 'ran 2.5 km'.")
        ])
        #expect(state.profile.state == .recovery)
        #expect(state.profile.challenge == Challenge(targetKm: 5, progressKm: 0, started: Fixture.today))
        #expect(state.profile.health == 0)
        #expect(state.profile.progress == Progress(level: 3, xp: 40))
        #expect(state.profile.coins == 70)
        let entry = try #require(outcome.entry)
        #expect(entry.kind == .run)
        #expect(entry.quantity == 0)
        #expect(entry.before?.profile == original.profile)
    }

    @Test func theChallengeTakesThePlayersRunningTarget() throws {
        var state = Fixture.state(health: 0, state: .gameOver, settings: Fixture.settings(runningTargetKm: 3))
        _ = try state.apply(.startChallenge, at: Fixture.now)
        #expect(state.profile.challenge?.targetKm == 3)
        #expect(try state.apply(.run(km: 1), at: Fixture.now).toasts == [Toast(.running, "1.0 / 3.0 km ▓▓▓░░░░░░░")])
    }

    @Test func runsAddUpWithAProgressBarAndTheTargetRestoresFullHealth() throws {
        var state = Fixture.state(health: 0, state: .gameOver)
        _ = try state.apply(.startChallenge, at: Fixture.now)
        let half = try state.apply(.run(km: 2.5), at: Fixture.now)
        #expect(half.toasts == [Toast(.running, "2.5 / 5.0 km ▓▓▓▓▓░░░░░")])
        #expect(half.toasts[0].rendered(plain: false) == "🏃 2.5 / 5.0 km ▓▓▓▓▓░░░░░")
        #expect(half.entry?.quantity == 2500)
        #expect(half.entry?.health == 0)
        #expect(state.profile.state == .recovery)
        #expect(state.profile.challenge?.progressKm == 2.5)

        let done = try state.apply(.run(km: 2.5), at: Fixture.now)
        #expect(done.toasts.map { $0.rendered(plain: false) } == [
            "🏃 5.0 / 5.0 km ▓▓▓▓▓▓▓▓▓▓", "🎉 Challenge complete! Health restored to 1000.",
        ])
        #expect(state.profile.state == .active)
        #expect(state.profile.health == 1000)
        #expect(state.profile.challenge == nil)
        #expect(done.entry?.health == 1000)
    }

    @Test(arguments: [LifeState.active, .gameOver])
    func aRunOutsideRecoveryIsAnsweredAndChangesNothing(life: LifeState) throws {
        let original = Fixture.state(health: life == .active ? 700 : 0, state: life)
        var state = original
        let outcome = try state.apply(.run(km: 2.5), at: Fixture.now)
        #expect(state == original)
        #expect(outcome.entry == nil)
        #expect(outcome.toasts.count == 1)
        #expect(outcome.toasts.first?.symbol == .info)
        #expect(outcome.toasts.first?.message.hasPrefix("Nice run, 2.5 km!") == true)
    }

    @Test func startingTheChallengeWhileStillInTheGameIsRefused() {
        expectRefusal(.startChallenge, on: Fixture.state(health: 10), code: .invalidArgument)
    }

    @Test func startingItAgainDuringRecoveryShowsTheRunSoFarAndChangesNothing() throws {
        var state = Fixture.state(health: 0, state: .recovery)
        state.profile.challenge = Challenge(targetKm: 5, progressKm: 1.5, started: Fixture.today - 2)
        let original = state
        let outcome = try state.apply(.startChallenge, at: Fixture.now)
        #expect(state == original)
        #expect(outcome.entry == nil)
        #expect(outcome.toasts == [Toast(.running, "Your challenge is under way: 1.5 / 5.0 km ▓▓▓░░░░░░░. Log runs with 'ran 2 km'.")])
    }

    @Test func goodHabitsStillCountDuringRecovery() throws {
        var state = Fixture.state(health: 0, state: .recovery)
        state.profile.challenge = Challenge(targetKm: 5, progressKm: 1, started: Fixture.today)
        let outcome = try state.did("exercise")
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(state.profile.state == .recovery)
        #expect(state.profile.health == 0)
    }

    @Test func aPotionDuringRecoveryIsRefusedAndPointsToTheRunUnderWay() {
        var state = Fixture.state(coins: 100, health: 0, state: .recovery)
        state.profile.challenge = Challenge(targetKm: 5, progressKm: 1, started: Fixture.today)
        let error = expectRefusal(.buy(item: "potion", quantity: 1), on: state, code: .gameOver)
        #expect(error?.message == "Potions can't revive you. Keep running: 'ran 2 km'.")
    }

    @Test func aPotionDuringGameOverPointsToTheChallenge() {
        let state = Fixture.state(coins: 100, health: 0, state: .gameOver)
        let error = expectRefusal(.buy(item: "potion", quantity: 1), on: state, code: .gameOver)
        #expect(error?.message == "Potions can't revive you. Run 5 km to recover: type 'start challenge'.")
    }
}
