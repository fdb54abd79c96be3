import Foundation
import HabitatEngine
import Testing

@Suite struct ActionWordingTests {
    @Test func severalRewardsWithoutEnoughCoinsNameTheCountAndTheTotal() {
        let state = Fixture.state(rewards: [Reward(id: 2, name: "Movie", price: 10)], coins: 15)
        let error = expectRefusal(.buy(item: "movie", quantity: 2), on: state, code: .notEnoughCoins)
        #expect(error?.message == "2 × Movie costs 20 coins; you have 15. Keep going!")
    }

    @Test func oneRewardWithoutEnoughCoinsNamesItsPrice() {
        let state = Fixture.state(rewards: [Reward(id: 2, name: "Movie", price: 10)], coins: 5)
        let error = expectRefusal(.buy(item: "movie", quantity: 1), on: state, code: .notEnoughCoins)
        #expect(error?.message == "Movie costs 10 coins; you have 5. Keep going!")
    }

    @Test func undoingARunNamesItsDistanceAndUndoingTheStartSaysSo() throws {
        var state = Fixture.state(health: 0, state: .gameOver)
        var start = try #require(try state.apply(.startChallenge, at: Fixture.now).entry)
        start.id = 1
        var run = try #require(try state.apply(.run(km: 2.5), at: Fixture.now).entry)
        run.id = 2
        #expect(try state.apply(.undo(latest: run), at: Fixture.now).toasts == [Toast(.undo, "Undid your 2.5 km run")])
        #expect(try state.apply(.undo(latest: start), at: Fixture.now).toasts == [Toast(.undo, "Undid the challenge start")])
        #expect(state.profile.state == .gameOver)
    }

    @Test func undoingTheRunThatEndedTheChallengeSaysTheLifeItTakesBack() throws {
        var state = Fixture.state(health: 0, state: .recovery)
        state.profile.challenge = Challenge(targetKm: 5, progressKm: 4, started: Fixture.today)
        var run = try #require(try state.apply(.run(km: 1.25), at: Fixture.now).entry)
        run.id = 3
        let outcome = try state.apply(.undo(latest: run), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.undo, "Undid your 1.25 km run (-1000 health)")])
    }
}
