import Foundation
import HabitatEngine
import Testing

@Suite struct RoutineTests {
    /// Exercise and Smoking, and the routine Morning of Exercise alone.
    static func withMorning() throws -> GameState {
        var state = Fixture.state()
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise"]), at: Fixture.now)
        return state
    }

    @Test func aRoutineOfOneHabitSaysHabit() throws {
        var state = try Self.withMorning()
        #expect(try state.did("morning").toasts == [Toast(.success, "Morning routine done! 1 habit, +10 XP, +5 coins")])
    }

    @Test func aHabitCannotBeRenamedToARoutinesName() throws {
        let state = try Self.withMorning()
        let error = expectRefusal(.rename("exercise", to: "MORNING"), on: state, code: .nameTaken)
        #expect(error?.message == "You already have a routine called Morning.")
    }

    @Test func aRoutineWithNothingLeftSaysHowToGoOn() throws {
        var state = try Self.withMorning()
        _ = try state.apply(.archive("exercise"), at: Fixture.now)
        let error = expectRefusal(.record(Recording(habit: "morning")), on: state, code: .invalidArgument)
        #expect(error?.message == """
            Morning has no active habits left: they're archived or deleted. Bring one back with 'unarchive <habit>', \
            or 'delete routine morning' and add it again.
            """)
    }
}
