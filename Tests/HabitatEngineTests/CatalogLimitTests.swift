import Foundation
import HabitatEngine
import Testing

@Suite struct CatalogLimitTests {
    /// `count` good habits, `Chore 0001` …, the first `archived` of them archived.
    static func chores(_ count: Int, archived: Int = 0) -> [Habit] {
        (1...count).map { index in
            Habit(id: Int64(index), name: chore(index), kind: .good, archived: index <= archived, created: Fixture.today - 10)
        }
    }

    static func chore(_ index: Int) -> String { String(format: "Chore %04d", index) }

    static func areas(_ count: Int, from first: Int = 1) -> [Area] {
        (first..<first + count).map { Area(id: Int64($0), name: "Area \($0)") }
    }

    static func rewards(_ count: Int) -> [Reward] {
        (1...count).map { Reward(id: Int64($0), name: "Treat \($0)", price: 10) }
    }

    static func routines(_ count: Int) -> [Routine] {
        (1...count).map { Routine(id: Int64($0), name: "Routine \($0)", habitIDs: [1]) }
    }

    @Test func theLimitsAreFarBeyondAHousehold() {
        #expect(CatalogLimit.habits == 1_000)
        #expect(CatalogLimit.rewards == 1_000)
        #expect(CatalogLimit.areas == 100)
        #expect(CatalogLimit.routines == 100)
        #expect(CatalogLimit.habitsPerRoutine == 50)
        #expect(ErrorCode.limitReached.rawValue == "limit_reached")
    }

    @Test func theThousandthHabitIsTheLastAndArchivedOnesCount() throws {
        var state = Fixture.state(habits: Self.chores(999, archived: 500))
        _ = try state.apply(.addHabit(HabitDraft(name: "Stretch")), at: Fixture.now)
        #expect(state.habits.count == 1_000)
        for action in [Action.addHabit(HabitDraft(name: "Walk")), .addHabit(HabitDraft(name: "Smoking", kind: .bad))] {
            let error = expectRefusal(action, on: state, code: .limitReached)
            #expect(
                error?.toast.rendered(plain: false)
                    == "❌ You have 1000 habits, the most one player can have. To add another, delete one you no longer need with "
                    + "'delete habit <name>' (archived habits count too).")
        }
        // Archiving keeps a habit's place; deleting one, archived or not, frees it.
        _ = try state.apply(.archive("stretch"), at: Fixture.now)
        expectRefusal(.addHabit(HabitDraft(name: "Walk")), on: state, code: .limitReached)
        _ = try state.apply(.delete("chore 0001"), at: Fixture.now)
        _ = try state.apply(.addHabit(HabitDraft(name: "Walk")), at: Fixture.now)
        #expect(state.habits.count == 1_000)
    }

    @Test func theThousandthRewardIsTheLastAndDeletingOneFreesAPlace() throws {
        var state = Fixture.state(rewards: Self.rewards(999))
        _ = try state.apply(.addReward(name: "Movie night", price: 100), at: Fixture.now)
        let error = expectRefusal(.addReward(name: "Cake", price: 50), on: state, code: .limitReached)
        #expect(
            error?.message
                == "You have 1000 rewards, the most one player can have. To add another, delete one you no longer need with 'delete reward <name>'.")
        // Buying one keeps it in the store.
        state.profile.coins = 10
        _ = try state.purchase("treat 1")
        #expect(state.rewards.count == 1_000)
        _ = try state.apply(.deleteReward("treat 1"), at: Fixture.now)
        _ = try state.apply(.addReward(name: "Cake", price: 50), at: Fixture.now)
        #expect(state.rewards.count == 1_000)
        #expect(state.rewards.last?.name == "Cake")
    }

    @Test func theHundredthAreaIsTheLastAndDeletingOneFreesAPlace() throws {
        var state = Fixture.state(areas: Self.areas(99))
        _ = try state.apply(.addArea("Fitness"), at: Fixture.now)
        let error = expectRefusal(.addArea("Mind"), on: state, code: .limitReached)
        #expect(
            error?.message
                == "You have 100 areas, the most one player can have. To add another, delete one you no longer need with 'delete area <name>'.")
        _ = try state.apply(.deleteArea("area 1"), at: Fixture.now)
        _ = try state.apply(.addArea("Mind"), at: Fixture.now)
        #expect(state.areas.count == 100)
    }

    @Test func theHundredthRoutineIsTheLastAndDeletingOneFreesAPlace() throws {
        var state = Fixture.state(habits: [Fixture.exercise()])
        state.routines = Self.routines(99)
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise"]), at: Fixture.now)
        let error = expectRefusal(.addRoutine(name: "Evening", habits: ["exercise"]), on: state, code: .limitReached)
        #expect(
            error?.message
                == "You have 100 routines, the most one player can have. To add another, delete one you no longer need with 'delete routine <name>'.")
        _ = try state.apply(.deleteRoutine("routine 1"), at: Fixture.now)
        _ = try state.apply(.addRoutine(name: "Evening", habits: ["exercise"]), at: Fixture.now)
        #expect(state.routines.count == 100)
    }

    @Test func aRoutineHoldsAtMostFiftyHabitsCountedOnce() throws {
        var state = Fixture.state(habits: Self.chores(51))
        let fifty = (1...50).map(Self.chore)
        let error = expectRefusal(.addRoutine(name: "Everything", habits: fifty + [Self.chore(51)]), on: state, code: .limitReached)
        #expect(error?.message == "A routine can hold at most 50 habits, and this one names 51. Split it into two routines.")
        // A habit named twice is in it once.
        _ = try state.apply(.addRoutine(name: "Everything", habits: fifty + [Self.chore(1)]), at: Fixture.now)
        #expect(try state.did("everything").toasts.first?.message == "Everything routine done! 50 habits, +500 XP, +250 coins")
    }

    @Test func aTemplateThatWouldPassTheHabitLimitAddsNothing() throws {
        let state = Fixture.state(habits: Self.chores(998, archived: 10))
        let error = expectRefusal(.useTemplate("fitness"), on: state, code: .limitReached)
        #expect(
            error?.message
                == "The fitness template adds 4 habits, and one player can have at most 1000; you have 998. Delete 2 you no longer need "
                + "with 'delete habit <name>' (archived habits count too), then try again.")
        // The habits it would add are the ones you don't have yet: with Exercise already there, 3 more.
        var fits = Fixture.state(habits: Self.chores(996) + [Habit(id: 997, name: "Exercise", kind: .good, created: Fixture.today)])
        let one = expectRefusal(.useTemplate("fitness"), on: Fixture.state(habits: Self.chores(999) + [fits.habits[996]]), code: .limitReached)
        #expect(one?.message.hasPrefix("The fitness template adds 3 habits, and one player can have at most 1000; you have 1000. Delete 3 ") == true)
        _ = try fits.apply(.useTemplate("fitness"), at: Fixture.now)
        #expect(fits.habits.count == 1_000)
        #expect(fits.areas.map(\.name) == ["Fitness"])
    }

    @Test func aTemplateThatWouldPassTheAreaLimitAddsNothingButItsOwnAreaIsReused() throws {
        let full = Fixture.state(habits: [], areas: Self.areas(100))
        let error = expectRefusal(.useTemplate("mind"), on: full, code: .limitReached)
        #expect(
            error?.message
                == "The mind template adds the area Mind. You have 100 areas, the most one player can have. Delete one you no longer need "
                + "with 'delete area <name>', then try again.")
        var withMind = Fixture.state(habits: [], areas: Self.areas(99) + [Area(id: 100, name: "Mind")])
        _ = try withMind.apply(.useTemplate("mind"), at: Fixture.now)
        #expect(withMind.habits.map(\.name) == ["Meditate", "Read 20 pages", "Journal"])
        #expect(withMind.habits.allSatisfy { $0.areaID == 100 })
        #expect(withMind.areas.count == 100)
    }

    /// A game from before the limits may hold more than they allow: all of it keeps working, and only adding
    /// more is refused until enough is deleted.
    @Test func aGameBeyondTheLimitsKeepsWorkingAndOnlyAddingIsRefused() throws {
        var state = Fixture.state(habits: Self.chores(1_003), areas: Self.areas(102), rewards: Self.rewards(1_001), coins: 100)
        state.routines = Self.routines(101)
        _ = try state.did("chore 0002")
        _ = try state.did("routine 7")
        _ = try state.purchase("treat 3")
        _ = try state.apply(.archive("chore 0003"), at: Fixture.now)
        _ = try state.apply(.unarchive("chore 0003"), at: Fixture.now)
        _ = try state.apply(.edit("chore 0004", HabitEdit(xp: 20, area: "area 2")), at: Fixture.now)
        _ = try state.apply(.rename("chore 0005", to: "Laundry"), at: Fixture.now)
        _ = try state.apply(.renameArea("area 3", to: "Home"), at: Fixture.now)
        _ = try state.apply(.delete("chore 0006"), at: Fixture.now)
        _ = try state.apply(.deleteArea("area 4"), at: Fixture.now)
        _ = try state.apply(.deleteRoutine("routine 8"), at: Fixture.now)

        let habit = expectRefusal(.addHabit(HabitDraft(name: "Walk")), on: state, code: .limitReached)
        #expect(habit?.message.hasPrefix("You have 1002 habits; one player can have at most 1000. To add another, delete one ") == true)
        let reward = expectRefusal(.addReward(name: "Cake", price: 5), on: state, code: .limitReached)
        #expect(
            reward?.message
                == "You have 1001 rewards; one player can have at most 1000. To add another, delete one you no longer need with 'delete reward <name>'.")
        let area = expectRefusal(.addArea("Mind"), on: state, code: .limitReached)
        #expect(area?.message.hasPrefix("You have 101 areas; one player can have at most 100. ") == true)
        let routine = expectRefusal(.addRoutine(name: "Evening", habits: ["laundry"]), on: state, code: .limitReached)
        #expect(routine?.message.hasPrefix("You have 100 routines, the most one player can have. ") == true)
        let template = expectRefusal(.useTemplate("mind"), on: state, code: .limitReached)
        #expect(template?.message.hasPrefix("The mind template adds 3 habits, and one player can have at most 1000; you have 1002. Delete 5 ") == true)
    }
}
