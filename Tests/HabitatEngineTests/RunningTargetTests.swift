import Foundation
import HabitatEngine
import Testing

@Suite struct RunningTargetTests {
    /// 2 miles.
    static let twoMiles = 3.218688

    func recovering(target: Double, progress: Double = 0) -> GameState {
        var state = Fixture.state(health: 0, state: .recovery, settings: Fixture.settings(runningTargetKm: target))
        state.profile.challenge = Challenge(targetKm: target, progressKm: progress, started: Fixture.today)
        return state
    }

    @Test(arguments: [
        (5.0, "5 km"), (2.5, "2.5 km"), (3.25, "3.25 km"), (twoMiles, "3.22 km"), (0.5, "0.5 km"), (0.25, "0.25 km"),
        (3.05, "3.05 km"), (100.0, "100 km"),
    ])
    func distancesShowUpToTwoDecimalsWithoutTrailingZeros(km: Double, text: String) {
        #expect(GameState.km(km) == text)
    }

    @Test func aRunShorterThanTenMetresIsRefused() throws {
        var state = recovering(target: 3)
        #expect(throws: HabitatError(.invalidArgument, "A run is at least 0.01 km (10 m) and at most 100 km.")) {
            try state.apply(.run(km: 0.0004), at: Fixture.now)
        }
        #expect(state.profile.challenge?.progressKm == 0)
        _ = try state.apply(.run(km: 0.01), at: Fixture.now)
        #expect(state.profile.challenge?.progressKm == 0.01)
    }

    @Test func aTargetWithHundredthsIsSaidInFull() throws {
        var state = Fixture.state(health: 10)
        let outcome = try state.apply(.configure(.runningTarget(km: 3.25), area: nil), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Running target: 3.25 km to recover from a game over.")])
        let slip = try state.did("smoking")
        #expect(slip.toasts.last == Toast(.gameOver, "Game over! Run 3.25 km to recover — type 'start challenge'"))
    }

    @Test func aRunShortOfATargetWithHundredthsNeverReadsAsDone() throws {
        var state = recovering(target: 3.25)
        let outcome = try state.apply(.run(km: 3.2), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.running, "3.20 / 3.25 km ▓▓▓▓▓▓▓▓▓░")])
        #expect(state.profile.state == .recovery)
    }

    @Test func aTargetOfTwoMilesShowsTheTargetRoundedUp() throws {
        var state = recovering(target: Self.twoMiles)
        let short = try state.apply(.run(km: 3.2), at: Fixture.now)
        #expect(short.toasts == [Toast(.running, "3.20 / 3.22 km ▓▓▓▓▓▓▓▓▓░")])
        let closer = try state.apply(.run(km: 0.0186), at: Fixture.now)
        #expect(closer.toasts == [Toast(.running, "3.21 / 3.22 km ▓▓▓▓▓▓▓▓▓░")])
        #expect(state.profile.state == .recovery)
        let done = try state.apply(.run(km: 0.01), at: Fixture.now)
        #expect(done.toasts == [
            Toast(.running, "3.22 / 3.22 km ▓▓▓▓▓▓▓▓▓▓"), Toast(.celebration, "Challenge complete! Health restored to 1000."),
        ])
        #expect(state.profile.state == .active)
    }

    @Test func reachingATargetWithHundredthsCompletesTheChallenge() throws {
        var state = recovering(target: 3.25, progress: 3.2)
        let outcome = try state.apply(.run(km: 0.05), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.running, "3.25 / 3.25 km ▓▓▓▓▓▓▓▓▓▓"), Toast(.celebration, "Challenge complete! Health restored to 1000."),
        ])
        #expect(state.profile.health == 1000)
    }

    @Test(arguments: [
        (5.0, 4.99, "4.9 / 5.0 km ▓▓▓▓▓▓▓▓▓░"), (2.5, 1.0, "1.0 / 2.5 km ▓▓▓▓░░░░░░"), (3.25, 0.0, "0.00 / 3.25 km ░░░░░░░░░░"),
        (3.25, 3.249, "3.24 / 3.25 km ▓▓▓▓▓▓▓▓▓░"), (twoMiles, 3.2186, "3.21 / 3.22 km ▓▓▓▓▓▓▓▓▓░"),
    ])
    func theBarShowsTenthsForTargetsWithOneDecimalAndHundredthsOtherwise(target: Double, progress: Double, bar: String) {
        #expect(Challenge(targetKm: target, progressKm: progress, started: Fixture.today).progressBar == bar)
    }
}
