import Foundation
import HabitatEngine
import Testing

@Suite struct StoreTests {
    @Test func healthPotionCosts25AndHeals300() {
        #expect(Store.healthPotion == StoreItem(name: "Health Potion", price: 25, kind: .potion))
        #expect(Store.potionHealing == 300)
    }

    @Test func catalogListsThePotionThenTheRewards() {
        let catalog = Store.catalog(rewards: [Fixture.movieNight, Reward(id: 2, name: "Book", price: 60)])
        #expect(catalog == [
            Store.healthPotion,
            StoreItem(name: "Movie night", price: 100, kind: .reward),
            StoreItem(name: "Book", price: 60, kind: .reward),
        ])
        #expect(Store.catalog(rewards: []) == [Store.healthPotion])
    }

    @Test func potionRestores300HealthFor25Coins() throws {
        var state = Fixture.state(coins: 30, health: 500)
        let outcome = try state.purchase("potion")
        #expect(state.profile.health == 800)
        #expect(state.profile.coins == 5)
        #expect(outcome.toasts.count == 1)
        #expect(outcome.toasts[safe: 0]?.symbol == .potion)
        #expect(outcome.toasts[safe: 0]?.message.contains("+300 health") == true)
        #expect(outcome.toasts[safe: 0]?.message.contains("-25 coins") == true)
        let entry = try #require(outcome.entry)
        #expect(entry.kind == .purchase)
        #expect(entry.subject == "Health Potion")
        #expect(entry.habitID == nil)
        #expect(entry.quantity == 1)
        #expect(entry.coins == -25)
        #expect(entry.health == 300)
        #expect(entry.xp == 0)
        #expect(entry.day == Fixture.today)
        #expect(entry.at == Fixture.now)
        #expect(entry.before?.profile.health == 500)
        #expect(entry.before?.profile.coins == 30)
    }

    @Test func potionNeverHealsAboveMax() throws {
        var state = Fixture.state(coins: 25, health: 900)
        let outcome = try state.purchase("potion")
        #expect(state.profile.health == 1000)
        #expect(state.profile.coins == 0)
        #expect(outcome.entry?.health == 100)
        #expect(outcome.toasts[safe: 0]?.message.contains("+100 health") == true)
    }

    @Test func potionIsRefusedAtFullHealth() {
        let state = Fixture.state(coins: 100)
        expectRefusal(.buy(item: "potion", quantity: 1), on: state, code: .healthFull)
    }

    @Test func potionCannotReviveDuringGameOver() {
        let state = Fixture.state(coins: 100, health: 0, state: .gameOver)
        expectRefusal(.buy(item: "potion", quantity: 1), on: state, code: .gameOver)
    }

    @Test func potionIsRefusedWithoutEnoughCoins() {
        let state = Fixture.state(coins: 24, health: 500)
        let error = expectRefusal(.buy(item: "potion", quantity: 1), on: state, code: .notEnoughCoins)
        #expect(error?.message.contains("25") == true)
        #expect(error?.message.contains("24") == true)
    }

    @Test func buyingTwoPotionsBuysTwo() throws {
        var state = Fixture.state(coins: 100, health: 100)
        let outcome = try state.purchase("potions", quantity: 2)
        #expect(state.profile.health == 700)
        #expect(state.profile.coins == 50)
        #expect(outcome.entry?.quantity == 2)
        #expect(outcome.entry?.coins == -50)
        #expect(outcome.entry?.health == 600)
        #expect(outcome.toasts[safe: 0]?.message.contains("+600 health") == true)
        #expect(outcome.toasts[safe: 0]?.message.contains("-50 coins") == true)
    }

    @Test func twoPotionsNeedFiftyCoins() {
        let state = Fixture.state(coins: 40, health: 100)
        expectRefusal(.buy(item: "potions", quantity: 2), on: state, code: .notEnoughCoins)
    }

    @Test(arguments: [(400, 5, 2), (950, 3, 1), (700, 2, 1), (699, 2, 2), (1, 9, 4)])
    func onlyAsManyPotionsAsHealAreBought(health: Int, asked: Int, bought: Int) throws {
        var state = Fixture.state(coins: 1000, health: health)
        let outcome = try state.purchase("potion", quantity: asked)
        #expect(outcome.entry?.quantity == Quantity(bought))
        #expect(state.profile.coins == 1000 - 25 * bought)
        #expect(state.profile.health == min(1000, health + 300 * bought))
        #expect(outcome.entry?.health == state.profile.health - health)
        if bought < asked {
            #expect(outcome.toasts[safe: 0]?.message.contains("only \(bought) needed") == true)
        }
    }

    @Test(arguments: [0, -2, 101])
    func quantityOutsideOneToHundredIsRefused(quantity: Int) {
        let state = Fixture.state(rewards: [Fixture.movieNight], coins: 100_000, health: 1)
        expectRefusal(.buy(item: "potion", quantity: quantity), on: state, code: .invalidArgument)
        expectRefusal(.buy(item: "movie night", quantity: quantity), on: state, code: .invalidArgument)
    }

    @Test func customRewardSpendsCoinsAndIsLogged() throws {
        var state = Fixture.state(rewards: [Fixture.movieNight], coins: 150, health: 640)
        let outcome = try state.purchase("movie night")
        #expect(outcome.toasts == [Toast(.reward, "Movie night redeemed! -100 coins")])
        #expect(outcome.toasts[safe: 0]?.rendered(plain: false) == "🎁 Movie night redeemed! -100 coins")
        #expect(state.profile.coins == 50)
        #expect(state.profile.health == 640)
        let entry = try #require(outcome.entry)
        #expect(entry.kind == .purchase)
        #expect(entry.subject == "Movie night")
        #expect(entry.quantity == 1)
        #expect(entry.coins == -100)
        #expect(entry.health == 0)
    }

    @Test func rewardQuantityMultipliesThePrice() throws {
        var state = Fixture.state(rewards: [Fixture.movieNight], coins: 250)
        let outcome = try state.purchase("movie", quantity: 2)
        #expect(state.profile.coins == 50)
        #expect(outcome.entry?.coins == -200)
        #expect(outcome.entry?.quantity == 2)
        #expect(outcome.toasts[safe: 0]?.symbol == .reward)
        #expect(outcome.toasts[safe: 0]?.message.hasSuffix("redeemed! -200 coins") == true)
    }

    @Test func rewardIsRefusedWithoutEnoughCoins() {
        let state = Fixture.state(rewards: [Fixture.movieNight], coins: 99)
        expectRefusal(.buy(item: "movie night", quantity: 1), on: state, code: .notEnoughCoins)
    }

    @Test func rewardsCanStillBeBoughtDuringGameOver() throws {
        var state = Fixture.state(rewards: [Fixture.movieNight], coins: 100, health: 0, state: .gameOver)
        try state.purchase("movie night")
        #expect(state.profile.coins == 0)
        #expect(state.profile.state == .gameOver)
    }

    @Test(arguments: ["potion", "potions", "Potion", "health potion", "HEALTH POTION", "health potions", "health"])
    func potionIsFoundByForgivingNames(query: String) throws {
        let state = Fixture.state(rewards: [Fixture.movieNight])
        #expect(try state.storeItem(named: query) == Store.healthPotion)
    }

    @Test(arguments: ["movie night", "Movie Night", "movie", "movie nights", "night"])
    func rewardIsFoundByForgivingNames(query: String) throws {
        let state = Fixture.state(rewards: [Fixture.movieNight])
        #expect(try state.storeItem(named: query) == StoreItem(name: "Movie night", price: 100, kind: .reward))
    }

    @Test func unknownItemIsRefused() {
        let state = Fixture.state(coins: 100, health: 10)
        let error = expectRefusal(.buy(item: "sword", quantity: 1), on: state, code: .unknownItem)
        #expect(error?.message == "The store has no 'sword'. Type 'store' to see what's for sale.")
        #expect(error?.symbol == .question)
    }

    @Test func misspeltItemGetsASuggestion() {
        let state = Fixture.state(coins: 100, health: 10)
        let error = expectRefusal(.buy(item: "helth potion", quantity: 1), on: state, code: .unknownItem)
        #expect(error?.message == "The store has no 'helth potion'. Did you mean 'Health Potion'?")
    }

    @Test func ambiguousItemIsRefused() {
        let rewards = [Fixture.movieNight, Reward(id: 2, name: "Movie ticket", price: 30)]
        let state = Fixture.state(rewards: rewards, coins: 500)
        let error = expectRefusal(.buy(item: "movie", quantity: 1), on: state, code: .ambiguous)
        #expect(error?.message == "'movie' could be Movie night or Movie ticket. Type more of the name.")
    }
}
