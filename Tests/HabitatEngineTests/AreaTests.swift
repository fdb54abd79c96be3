import Foundation
import HabitatEngine
import Testing

@Suite struct RenameAreaTests {
    @Test func anAreaIsRenamedWithItsLevelAndHabits() throws {
        let fitness = Area(id: 7, name: "Fitness", progress: Progress(level: 3, xp: 40))
        var state = Fixture.state(habits: [Fixture.exercise(area: 7)], areas: [fitness, Fixture.mind])
        let outcome = try state.apply(.renameArea("fit", to: "  Health  "), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Renamed area Fitness to Health. Its level, XP and habits come along.")])
        #expect(outcome.entry == nil)
        #expect(state.areas.map(\.name) == ["Health", "Mind"])
        #expect(state.areas[0].progress == Progress(level: 3, xp: 40))
        #expect(state.areas[0].id == 7)
        #expect(state.habits[0].areaID == 7)
    }

    @Test func accentsAreForgivenBeyondTheWholeName() throws {
        var state = Fixture.state(habits: [], areas: [Area(id: 1, name: "Santé")])
        _ = try state.apply(.renameArea("sante", to: "Health"), at: Fixture.now)
        #expect(state.areas.map(\.name) == ["Health"])
    }

    @Test func aNameAnotherAreaHasInAnyCaseIsRefused() {
        let state = Fixture.state(habits: [], areas: [Fixture.fitness, Fixture.mind])
        let error = expectRefusal(.renameArea("fitness", to: "MIND"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have an area called Mind.")
    }

    @Test func anAreaMayChangeTheCaseOfItsOwnName() throws {
        var state = Fixture.state(habits: [], areas: [Fixture.fitness])
        _ = try state.apply(.renameArea("fitness", to: "FITNESS"), at: Fixture.now)
        #expect(state.areas.map(\.name) == ["FITNESS"])
    }

    @Test(arguments: ["Gym\u{1B}[31m", "Back\u{202E}wards", "", "none", "No Area", String(repeating: "a", count: 65)])
    func namesOutsideTheRulesAreRefused(name: String) {
        let state = Fixture.state(habits: [], areas: [Fixture.fitness])
        expectRefusal(.renameArea("fitness", to: name), on: state, code: .invalidArgument)
    }

    @Test func anUnknownOrAmbiguousAreaIsNamedAsSuch() {
        let state = Fixture.state(habits: [], areas: [Fixture.fitness, Area(id: 9, name: "Finance")])
        let unknown = expectRefusal(.renameArea("gym", to: "Strength"), on: state, code: .notFound)
        #expect(unknown?.message == "No area called gym. Type 'areas' to see yours.")
        let ambiguous = expectRefusal(.renameArea("fi", to: "Strength"), on: state, code: .ambiguous)
        #expect(ambiguous?.message == "'fi' could be Fitness or Finance. Type more of the name.")
    }

    @Test func noAreaCanBeAddedAsNone() {
        let error = expectRefusal(.addArea("None"), on: GameState(), code: .invalidArgument)
        #expect(error?.message == "An area can't be called None: 'in none' means no area.")
    }
}

@Suite struct DeleteAreaTests {
    @Test func anAreasHabitsStayWithNoArea() throws {
        let stretch = Habit(id: 4, name: "Stretch", kind: .good, areaID: 7, archived: true, created: Fixture.today)
        var state = Fixture.state(
            habits: [Fixture.exercise(area: 7), Fixture.smoking(), Fixture.reading, stretch], areas: [Fixture.fitness, Fixture.mind],
            level: 3, xp: 20)
        let outcome = try state.apply(.deleteArea("fitn"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Deleted area Fitness. Its habits Exercise and Stretch stay, with no area.")])
        #expect(outcome.entry == nil)
        #expect(state.areas.map(\.name) == ["Mind"])
        #expect(state.habits.map(\.name) == ["Exercise", "Smoking", "Reading", "Stretch"])
        #expect(state.habits.map(\.areaID) == [nil, nil, 8, nil])
        #expect(state.profile.progress == Progress(level: 3, xp: 20))
    }

    @Test func anEmptyAreaSaysSo() throws {
        var state = Fixture.state(areas: [Fixture.fitness])
        let outcome = try state.apply(.deleteArea("Fitness"), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Deleted area Fitness. It held no habits.")])
        var one = Fixture.state(habits: [Fixture.exercise(area: 7)], areas: [Fixture.fitness])
        #expect(try one.apply(.deleteArea("Fitness"), at: Fixture.now).toasts == [
            Toast(.success, "Deleted area Fitness. Its habit Exercise stays, with no area.")
        ])
    }

    @Test func theQuestionSaysWhatGoesAndWhatStays() throws {
        let state = Fixture.state(habits: [Fixture.exercise(area: 7), Fixture.reading], areas: [Fixture.fitness, Fixture.mind])
        #expect(
            state.deleteAreaQuestion(try state.area(named: "mind"))
                == "Delete area Mind for good? Its level and XP go with it; its habit stays, with no area. Type 'yes' to confirm; anything else cancels.")
        let empty = Fixture.state(habits: [], areas: [Fixture.fitness])
        #expect(
            empty.deleteAreaQuestion(try empty.area(named: "fitness"))
                == "Delete area Fitness for good? Its level and XP go with it. Type 'yes' to confirm; anything else cancels.")
    }

    @Test func anUnknownAreaIsNotFound() {
        let state = Fixture.state(areas: [Fixture.fitness])
        let error = expectRefusal(.deleteArea("gym"), on: state, code: .notFound)
        #expect(error?.message == "No area called gym. Type 'areas' to see yours.")
    }

    @Test func aDeletedAreasIdIsNeverGivenToAnother() throws {
        var state = Fixture.state(habits: [], areas: [Fixture.fitness, Fixture.mind])
        _ = try state.apply(.deleteArea("mind"), at: Fixture.now)
        #expect(state.retiredAreaID == 8)
        _ = try state.apply(.addArea("Home"), at: Fixture.now)
        _ = try state.apply(.useTemplate("sleep"), at: Fixture.now)
        #expect(state.areas.map(\.id) == [7, 9, 10])
    }

    /// A completion's undo finds areas by the ids in its snapshot: after its area is deleted, the undo takes back
    /// the profile's XP and leaves a newer area alone.
    @Test func undoAfterTheAreaIsDeletedRestoresTheProfileAndTouchesNoOtherArea() throws {
        let jog = Habit(id: 1, name: "Jog", kind: .good, xp: 120, coins: 5, areaID: 1, created: Fixture.today)
        var state = Fixture.state(habits: [jog], areas: [Area(id: 1, name: "Fitness")])
        var first = try #require(try state.did("jog").entry)
        first.id = 1
        var second = try #require(try state.did("jog").entry)
        second.id = 2
        let before = state.profile
        _ = try state.apply(.deleteArea("fitness"), at: Fixture.now)
        _ = try state.apply(.addArea("Strength"), at: Fixture.now)
        let strength = try #require(state.areas.first)
        _ = try state.apply(.undo(latest: second), at: Fixture.now)
        #expect(state.areas == [strength])
        #expect(state.profile.progress == Progress(level: 2, xp: 20))
        #expect(state.profile != before)
        _ = try state.apply(.undo(latest: first), at: Fixture.now)
        #expect(state.profile == Profile.start)
        #expect(state.areas == [strength])
    }
}
