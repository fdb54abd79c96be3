import Foundation
import HabitatEngine
import Testing

@Suite struct SlipTests {
    @Test func slippingAGoodHabitIsRefusedAndChangesNothing() {
        let state = Fixture.state(xp: 20, coins: 3)
        let error = expectRefusal(.record(Recording(habit: "exercise", slipped: true)), on: state, code: .invalidArgument)
        #expect(
            error?.message
                == "Exercise is a good habit, so there's nothing to slip: 'did exercise' records it. Slips are for bad habits.")
    }

    @Test func slippingABadHabitRecordsTheSlip() throws {
        var state = Fixture.state()
        let outcome = try state.apply(.record(Recording(habit: "smoking", slipped: true)), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.warning, "Smoking recorded. -10 life")])
        #expect(state.profile.health == 990)
    }

    @Test func doingABadHabitStillRecordsTheSlip() throws {
        var state = Fixture.state()
        let outcome = try state.did("smoking")
        #expect(outcome.toasts == [Toast(.warning, "Smoking recorded. -10 life")])
        #expect(outcome.entry?.kind == .slip)
        #expect(state.profile.health == 990)
    }

    @Test func slippingARoutineIsRefused() throws {
        var state = Fixture.state()
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise"]), at: Fixture.now)
        let error = expectRefusal(.record(Recording(habit: "morning", slipped: true)), on: state, code: .invalidArgument)
        #expect(
            error?.message
                == "Morning is a routine of good habits, so there's nothing to slip: 'did morning' records it. Slips are for bad habits.")
    }

    @Test func slippingARoomsGoodHabitIsRefused() {
        let dishes = SharedRecording(
            habit: "Dishes", kind: .good, xp: 10, coins: 5, life: 0, room: "Smiths", token: "t1", slipped: true)
        let error = expectRefusal(.recordShared(dishes), on: Fixture.state(), code: .invalidArgument)
        #expect(error?.message.hasPrefix("Dishes is a good habit, so there's nothing to slip: 'did dishes' records it.") == true)
    }

    @Test func slippingARoomsBadHabitRecordsTheSlip() throws {
        var state = Fixture.state()
        let takeout = SharedRecording(
            habit: "Takeout", kind: .bad, xp: 0, coins: 0, life: 20, room: "Smiths", token: "t2", slipped: true)
        let outcome = try state.apply(.recordShared(takeout), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.warning, "Takeout recorded. -20 life (Smiths)")])
        #expect(state.profile.health == 980)
    }
}
