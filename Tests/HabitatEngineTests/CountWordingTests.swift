import Foundation
import HabitatEngine
import Testing

@Suite struct CountWordingTests {
    static let penny = Habit(id: 6, name: "Penny", kind: .good, xp: 10, coins: 1, created: Fixture.today - 1)
    static let zero = Habit(id: 7, name: "Zero", kind: .bad, life: 0, created: Fixture.today - 1)
    static let sticker = Reward(id: 2, name: "Sticker", price: 1)

    @Test(arguments: [(1, false, "1 coin"), (2, false, "2 coins"), (0, false, "0 coins"), (1, true, "+1 coin"),
        (-1, true, "-1 coin"), (5, true, "+5 coins"), (-25, true, "-25 coins")])
    func coinCounts(count: Int, signed: Bool, text: String) {
        #expect(GameState.coins(count, signed: signed) == text)
    }

    @Test func oneCoinIsSingular() throws {
        var state = Fixture.state(habits: [Self.penny], rewards: [Self.sticker])
        #expect(try state.did("penny").toasts == [Toast(.success, "Penny completed! +10 XP, +1 coin")])
        #expect(try state.purchase("sticker").toasts == [Toast(.reward, "Sticker redeemed! -1 coin")])
        let added = try state.apply(.addHabit(HabitDraft(name: "Nickel", coins: 1)), at: Fixture.now)
        #expect(added.toasts == [Toast(.success, "Added habit Nickel (+10 XP, +1 coin). Record it with 'did nickel'.")])
        let reward = try state.apply(.addReward(name: "Gum", price: 1), at: Fixture.now)
        #expect(reward.toasts == [Toast(.success, "Added reward Gum for 1 coin. Buy it with 'buy gum'.")])
    }

    @Test func undoingOneCoinIsSingular() throws {
        var state = Fixture.state(habits: [Self.penny])
        var entry = try #require(try state.did("penny").entry)
        entry.id = 1
        let outcome = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.undo, "Undid Penny (-10 XP, -1 coin)")])
    }

    @Test func aRoutineEarningOneCoinIsSingular() throws {
        var state = Fixture.state(habits: [Fixture.exercise(coins: 0), Self.penny])
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise", "penny"]), at: Fixture.now)
        let outcome = try state.did("morning")
        #expect(outcome.toasts == [Toast(.success, "Morning routine done! 2 habits, +20 XP, +1 coin")])
    }

    @Test func aSlipThatCostsNoLifeSaysSo() throws {
        var state = Fixture.state(habits: [Self.zero])
        let outcome = try state.did("zero")
        #expect(outcome.toasts == [Toast(.warning, "Zero recorded. No life lost")])
        #expect(outcome.toasts[safe: 0]?.rendered(plain: false) == "⚠️ Zero recorded. No life lost")
        #expect(state.profile.health == 1000)
    }

    @Test func aBadHabitThatCostsNothingIsNeverMinusZero() throws {
        var state = Fixture.state()
        let added = try state.apply(.addHabit(HabitDraft(name: "Nothing", kind: .bad, life: 0)), at: Fixture.now)
        #expect(added.toasts.first?.message.contains("(0 life)") == true)
        let edited = try state.apply(.edit("smoking", HabitEdit(life: 0)), at: Fixture.now)
        #expect(edited.toasts == [Toast(.success, "Smoking: 0 life.")])
        #expect(GameState.lifeCost(0) == "0 life")
        #expect(GameState.lifeCost(25) == "-25 life")
    }

    @Test func theUsualShapesStay() throws {
        var state = Fixture.state()
        #expect(try state.did("exercise").toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(try state.did("smoking").toasts == [Toast(.warning, "Smoking recorded. -10 life")])
    }
}
