import Foundation
import HabitatEngine
import Testing

@Suite struct AddHabitTests {
    @Test func newHabitTakesDefaultRewards() throws {
        var state = GameState()
        let outcome = try state.apply(.addHabit(HabitDraft(name: "Exercise")), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.success, "Added habit Exercise (+10 XP, +5 coins). Record it with 'did exercise'.")
        ])
        #expect(outcome.entry == nil)
        let habit = try #require(state.habits.first)
        #expect(state.habits.count == 1)
        #expect(habit.id == nil)
        #expect(habit.name == "Exercise")
        #expect(habit.kind == .good)
        #expect(habit.xp == 10)
        #expect(habit.coins == 5)
        #expect(habit.areaID == nil)
        #expect(!habit.archived)
        #expect(habit.created == Fixture.today)
        #expect(habit.stats == .zero)
    }

    @Test func newBadHabitTakesItsPenalty() throws {
        var state = GameState()
        let outcome = try state.apply(.addHabit(HabitDraft(name: "Smoking", kind: .bad, life: 25)), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.success, "Added bad habit Smoking (-25 life). Record it with 'slipped smoking'.")
        ])
        #expect(state.habits.first?.life == 25)
        #expect(state.habits.first?.kind == .bad)
        var defaulted = state
        _ = try defaulted.apply(.addHabit(HabitDraft(name: "Junk food", kind: .bad)), at: Fixture.now)
        #expect(defaulted.habits.last?.life == 10)
    }

    @Test func aBadHabitMayBelongToAnAreaOrToNone() throws {
        var state = Fixture.state(habits: [], areas: [Fixture.fitness])
        _ = try state.apply(.addHabit(HabitDraft(name: "Junk food", kind: .bad, life: 15, area: "fit")), at: Fixture.now)
        let habit = try #require(state.stored("Junk food"))
        #expect(habit.areaID == 7)
        #expect(state.describeTerms(of: habit) == "-15 life, in Fitness")
        let outcome = try state.did("junk food")
        #expect(outcome.toasts == [Toast(.warning, "Junk food recorded. -15 life")])
        #expect(state.areas == [Fixture.fitness])
        _ = try state.apply(.edit("junk food", HabitEdit(area: "none")), at: Fixture.now)
        #expect(state.stored("Junk food")?.areaID == nil)
    }

    @Test func newHabitTakesCustomRewardsAndArea() throws {
        var state = Fixture.state(habits: [], areas: [Fixture.fitness, Fixture.mind])
        _ = try state.apply(.addHabit(HabitDraft(name: "Exercise", xp: 15, coins: 3, area: "fitness")), at: Fixture.now)
        let habit = try #require(state.habits.first)
        #expect(habit.xp == 15)
        #expect(habit.coins == 3)
        #expect(habit.areaID == 7)
    }

    @Test func newHabitIsCreatedOnThePlayersDay() throws {
        var state = Fixture.state(habits: [], settings: Fixture.settings(dayStartHour: 4))
        _ = try state.apply(.addHabit(HabitDraft(name: "Exercise")), at: Fixture.instant(Fixture.today, hour: 2))
        #expect(state.habits.first?.created == Fixture.today - 1)
    }

    @Test func namesAreTidied() throws {
        var state = GameState()
        _ = try state.apply(.addHabit(HabitDraft(name: "  Morning   walk ")), at: Fixture.now)
        #expect(state.habits.first?.name == "Morning walk")
    }

    @Test func unknownAreaIsRefused() {
        expectRefusal(.addHabit(HabitDraft(name: "Exercise", area: "Fitness")), on: GameState(), code: .notFound)
    }

    @Test func duplicateNameInAnyCaseIsRefused() {
        let state = Fixture.state()
        expectRefusal(.addHabit(HabitDraft(name: "EXERCISE")), on: state, code: .nameTaken)
    }

    @Test func badNamesAreRefused() {
        let state = GameState()
        expectRefusal(.addHabit(HabitDraft(name: "   ")), on: state, code: .invalidArgument)
        expectRefusal(.addHabit(HabitDraft(name: String(repeating: "a", count: 65))), on: state, code: .invalidArgument)
        expectRefusal(.addHabit(HabitDraft(name: "Bell\u{7}")), on: state, code: .invalidArgument)
    }

    @Test(arguments: ["Dishes\u{202E}enod ton", "a\u{2066}b", "\u{202A}Read"])
    func namesThatTurnTheLineAroundAreRefused(name: String) throws {
        var state = GameState()
        #expect(throws: HabitatError(.invalidArgument, "Names can't contain control characters.")) {
            try state.apply(.addHabit(HabitDraft(name: name)), at: Fixture.now)
        }
    }

    @Test func rightToLeftNamesAreKept() throws {
        var state = GameState()
        _ = try state.apply(.addHabit(HabitDraft(name: "קריאה\u{200F} 10")), at: Fixture.now)
        #expect(state.habits.first?.name == "קריאה\u{200F} 10")
    }

    @Test func sixtyFourCharactersAreAllowed() throws {
        var state = GameState()
        #expect(maxNameLength == 64)
        _ = try state.apply(.addHabit(HabitDraft(name: String(repeating: "a", count: 64))), at: Fixture.now)
        #expect(state.habits.count == 1)
    }

    @Test func rewardsOutsideZeroToTenThousandAreRefused() throws {
        let state = GameState()
        expectRefusal(.addHabit(HabitDraft(name: "A", xp: 10_001)), on: state, code: .invalidArgument)
        expectRefusal(.addHabit(HabitDraft(name: "A", coins: -1)), on: state, code: .invalidArgument)
        expectRefusal(.addHabit(HabitDraft(name: "A", kind: .bad, life: 10_001)), on: state, code: .invalidArgument)
        var copy = state
        _ = try copy.apply(.addHabit(HabitDraft(name: "A", xp: 10_000, coins: 0)), at: Fixture.now)
        #expect(copy.habits.first?.xp == 10_000)
    }
}

@Suite struct AddRewardTests {
    @Test func rewardIsAddedToTheStore() throws {
        var state = GameState()
        let outcome = try state.apply(.addReward(name: "Movie night", price: 100), at: Fixture.now)
        #expect(outcome.toasts == [
            Toast(.success, "Added reward Movie night for 100 coins. Buy it with 'buy movie night'.")
        ])
        #expect(outcome.entry == nil)
        #expect(state.rewards == [Reward(name: "Movie night", price: 100)])
        #expect(Store.catalog(rewards: state.rewards).last == StoreItem(name: "Movie night", price: 100, kind: .reward))
    }

    @Test(arguments: [0, -5, 1_000_001])
    func priceOutsideOneToAMillionIsRefused(price: Int) {
        expectRefusal(.addReward(name: "Movie night", price: price), on: GameState(), code: .invalidArgument)
    }

    @Test func rewardCannotTakeAStoreName() {
        let state = Fixture.state(rewards: [Fixture.movieNight])
        expectRefusal(.addReward(name: "health potion", price: 10), on: state, code: .nameTaken)
        expectRefusal(.addReward(name: "MOVIE NIGHT", price: 10), on: state, code: .nameTaken)
    }
}

@Suite struct RefusalTests {
    static let state = Fixture.state(rewards: [Fixture.movieNight], coins: 20, health: 1000)

    @Test(arguments: [
        (Action.record(Recording(habit: "nothing")), ErrorCode.unknownHabit),
        (.record(Recording(habit: "")), .unknownHabit),
        (.record(Recording(habit: "exercise", times: 0)), .invalidArgument),
        (.record(Recording(habit: "exercise", when: .daysAgo(31))), .invalidArgument),
        (.record(Recording(habit: "smoking", when: .on(Fixture.today + 1))), .invalidArgument),
        (.buy(item: "potion", quantity: 1), .healthFull),
        (.buy(item: "movie night", quantity: 1), .notEnoughCoins),
        (.buy(item: "unicorn", quantity: 1), .unknownItem),
        (.buy(item: "potion", quantity: 0), .invalidArgument),
        (.undo(latest: nil), .notFound),
        (.addHabit(HabitDraft(name: "Smoking")), .nameTaken),
        (.addReward(name: "Book", price: 0), .invalidArgument),
    ])
    func errorsLeaveTheStateUnchanged(action: Action, code: ErrorCode) {
        expectRefusal(action, on: Self.state, code: code)
    }

    @Test func gameOverRefusalsLeaveTheStateUnchanged() {
        let state = Fixture.state(coins: 500, health: 0, state: .gameOver)
        expectRefusal(.record(Recording(habit: "smoking", times: 3)), on: state, code: .gameOver)
        expectRefusal(.buy(item: "potion", quantity: 2), on: state, code: .gameOver)
    }

    @Test func potionRefusalsLeaveTheStateUnchanged() {
        let state = Fixture.state(coins: 10, health: 400)
        expectRefusal(.buy(item: "potion", quantity: 3), on: state, code: .notEnoughCoins)
    }
}

@Suite struct DeleteHabitTests {
    @Test func anArchivedHabitCanBeDeletedWithoutComingBackFirst() throws {
        var state = Fixture.state()
        _ = try state.apply(.archive("exercise"), at: Fixture.now)
        let outcome = try state.apply(.delete("exercise"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Deleted Exercise. Past completions stay in your history.")])
        #expect(state.habits.map(\.name) == ["Smoking"])
    }
}

@Suite struct EditHabitTests {
    static let wakeUp = Habit(id: 5, name: "Wake up", kind: .good, tracksTime: true, created: Fixture.today - 10)

    @Test func timeTrackingCanBeTurnedOffAndSaysSo() throws {
        var state = Fixture.state(habits: [Self.wakeUp])
        let outcome = try state.apply(.edit("wake up", HabitEdit(tracksTime: false)), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Wake up: +10 XP, +5 coins, no longer tracks time.")])
        #expect(state.habits[0].tracksTime == false)
        let again = try state.apply(.edit("wake up", HabitEdit(tracksTime: true)), at: Fixture.now)
        #expect(again.toasts == [Toast(.success, "Wake up: +10 XP, +5 coins, tracks time.")])
    }

    @Test func turningOffWhatIsOffChangesNothing() {
        let state = Fixture.state()
        let error = expectRefusal(.edit("exercise", HabitEdit(tracksTime: false)), on: state, code: .invalidArgument)
        #expect(error?.message == "Nothing to change. Try 'edit exercise 20 xp'.")
    }
}

/// A limit of 0 lets none of a bad habit go free: it is no limit, whichever way it is said.
@Suite struct ZeroLimitTests {
    @Test func aNewBadHabitWithALimitOfNoneHasNoLimit() throws {
        var state = Fixture.state()
        _ = try state.apply(.addHabit(HabitDraft(name: "Sweets", kind: .bad, amount: DailyAmount(0, unit: "pieces"))), at: Fixture.now)
        #expect(state.habits.last?.name == "Sweets" && state.habits.last?.amount == nil)
    }

    @Test func aLimitChangedToNoneIsTakenAway() throws {
        var state = Fixture.state()
        _ = try state.apply(.addHabit(HabitDraft(name: "Fizzy drinks", kind: .bad, amount: DailyAmount(2, unit: "cans"))), at: Fixture.now)
        let outcome = try state.apply(.edit("fizzy drinks", HabitEdit(amount: .set(DailyAmount(0, unit: "cans")))), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Fizzy drinks: -10 life, no limit.")])
        #expect(state.habits.last?.amount == nil)
    }

    @Test func aTargetOfNoneIsRefused() {
        let error = expectRefusal(.addHabit(HabitDraft(name: "Read", amount: DailyAmount(0, unit: "pages"))), on: Fixture.state(), code: .invalidArgument)
        #expect(error?.message == "A target is a number from 0.001 to 100000, e.g. 8 or 2.5.")
    }
}
