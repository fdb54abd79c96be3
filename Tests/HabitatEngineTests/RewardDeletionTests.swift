import Foundation
import HabitatEngine
import Testing

@Suite("delete reward")
struct RewardDeletionTests {
    static let book = Reward(id: 2, name: "Book", price: 60)

    @Test func aRewardGoesFromTheStoreAndPastPurchasesStay() throws {
        var state = Fixture.state(rewards: [Fixture.movieNight, Self.book], coins: 150)
        let bought = try state.purchase("movie night")
        let outcome = try state.apply(.deleteReward("movie night"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Deleted reward Movie night. Past purchases stay in your history.")])
        // Nothing is recorded: the ledger's purchase is the history, and it stays as it was.
        #expect(outcome.entry == nil)
        #expect(bought.entry?.subject == "Movie night")
        #expect(state.rewards == [Self.book])
        #expect(Store.catalog(rewards: state.rewards).map(\.name) == ["Health Potion", "Book"])
        #expect(state.profile.coins == 50)
        expectRefusal(.buy(item: "movie night", quantity: 1), on: state, code: .unknownItem)
    }

    /// Undo takes back a purchase from the snapshot kept with it, whether or not the reward is still in the store.
    @Test func undoingAPurchaseOfADeletedRewardGivesTheCoinsBack() throws {
        var state = Fixture.state(rewards: [Fixture.movieNight], coins: 150)
        var bought = try #require(try state.purchase("movie night").entry)
        bought.id = 1
        _ = try state.apply(.deleteReward("movie"), at: Fixture.now)
        let undone = try state.apply(.undo(latest: bought), at: Fixture.now)
        #expect(undone.toasts == [Toast(.undo, "Undid buying Movie night (+100 coins)")])
        #expect(state.profile.coins == 150)
        #expect(state.rewards.isEmpty)
    }

    @Test(arguments: ["movie night", "MOVIE NIGHT", "movie", "night", "movie nights"])
    func aRewardIsNamedAsBuyNamesIt(typed: String) throws {
        var state = Fixture.state(rewards: [Fixture.movieNight, Self.book])
        _ = try state.apply(.deleteReward(typed), at: Fixture.now)
        #expect(state.rewards == [Self.book])
    }

    @Test func aRewardAddedInTheSameGameWithoutAnIdIsTheOnlyOneDeleted() throws {
        var state = Fixture.state()
        _ = try state.apply(.addReward(name: "Cake", price: 30), at: Fixture.now)
        _ = try state.apply(.addReward(name: "Book", price: 60), at: Fixture.now)
        _ = try state.apply(.deleteReward("cake"), at: Fixture.now)
        #expect(state.rewards == [Reward(name: "Book", price: 60)])
    }

    @Test(arguments: ["potion", "Health Potion", "health"])
    func theHealthPotionIsBuiltInAndStays(typed: String) {
        let state = Fixture.state(rewards: [Fixture.movieNight])
        let error = expectRefusal(.deleteReward(typed), on: state, code: .invalidArgument)
        #expect(error?.toast.rendered(plain: false) == "❌ Health Potion is built into the store, so it stays. Only rewards you added can be deleted.")
    }

    @Test func anUnknownRewardGetsASuggestionAndAnAmbiguousOneTheChoices() {
        let state = Fixture.state(rewards: [Fixture.movieNight, Reward(id: 2, name: "Movie marathon", price: 300)])
        let unknown = expectRefusal(.deleteReward("movy night"), on: state, code: .unknownItem)
        #expect(unknown?.toast.rendered(plain: false) == "❓ The store has no 'movy night'. Did you mean 'Movie night'?")
        let ambiguous = expectRefusal(.deleteReward("movie"), on: state, code: .ambiguous)
        #expect(ambiguous?.toast.rendered(plain: false) == "❓ 'movie' could be Movie night or Movie marathon. Type more of the name.")
    }

    @Test func theQuestionNamesTheRewardAndItsPrice() throws {
        let state = Fixture.state(rewards: [Fixture.movieNight, Reward(id: 2, name: "Sticker", price: 1)])
        #expect(
            state.deleteRewardQuestion(try state.reward(named: "movie"))
                == "Delete reward Movie night (100 coins) for good? Past purchases stay in your history. Type 'yes' to confirm; anything else cancels.")
        #expect(state.deleteRewardQuestion(try state.reward(named: "sticker")).hasPrefix("Delete reward Sticker (1 coin) for good?"))
    }
}
