import Foundation
import HabitatEngine
import Testing

@Suite struct TimeOfDayTests {
    static let wakeUp = Habit(id: 5, name: "Wake up", kind: .good, tracksTime: true, created: Fixture.today - 10)

    func player(_ settings: Settings = .default) -> GameState {
        Fixture.state(habits: [Fixture.exercise(), Self.wakeUp], settings: settings)
    }

    @Test func aTimedHabitDoneTodayWithoutATimeGetsTheTimeNow() throws {
        var state = player()
        let outcome = try state.apply(
            .record(Recording(habit: "wake up")), at: Fixture.instant(Fixture.today, hour: 7, minute: 30))
        #expect(outcome.entry?.timeOfDay == 7 * 60 + 30)
    }

    @Test func theTimeIsOnThePlayersOwnClockNotShiftedByTheDayStart() throws {
        // 06:30 UTC is 1:30 AM in New York; with the day starting at 4 it counts for the day before.
        var state = player(Fixture.settings(timeZone: "America/New_York", dayStartHour: 4))
        let now = Fixture.instant(Fixture.today, hour: 6, minute: 30)
        let outcome = try state.apply(.record(Recording(habit: "wake up")), at: now)
        #expect(outcome.entry?.day == Fixture.today - 1)
        #expect(outcome.entry?.timeOfDay == 90)
    }

    @Test func aTypedTimeIsKept() throws {
        var state = player()
        let outcome = try state.apply(.record(Recording(habit: "wake up", timeOfDay: 405)), at: Fixture.now)
        #expect(outcome.entry?.timeOfDay == 405)
    }

    @Test(arguments: [Recording.When.daysAgo(1), .on(Fixture.today - 3)])
    func aBackdatedOneWithoutATimeKeepsNone(when: Recording.When) throws {
        var state = player()
        let outcome = try state.apply(.record(Recording(habit: "wake up", when: when)), at: Fixture.now)
        #expect(outcome.entry?.timeOfDay == nil)
    }

    @Test func anUntimedHabitGetsNoTime() throws {
        var state = player()
        let outcome = try state.did("exercise")
        #expect(outcome.entry?.timeOfDay == nil)
    }

    @Test func aTimedHabitInARoutineGetsTheTimeNow() throws {
        var state = player()
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["wake up", "exercise"]), at: Fixture.now)
        let outcome = try state.apply(.record(Recording(habit: "morning")), at: Fixture.instant(Fixture.today, hour: 6, minute: 5))
        #expect(outcome.batch.map(\.subject) == ["Wake up", "Exercise"])
        #expect(outcome.batch.map(\.timeOfDay) == [365, nil])
    }
}
