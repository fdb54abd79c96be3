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

    @Test func aTimeLaterTodayIsRefusedWithTheWayToSayYesterday() {
        // 0:10 in New York (5:10 UTC): 23:30 today hasn't come yet.
        let state = player(Fixture.settings(timeZone: "America/New_York"))
        let tenPastMidnight = Fixture.instant(Fixture.today, hour: 5, minute: 10)
        let error = expectRefusal(
            .record(Recording(habit: "wake", timeOfDay: 23 * 60 + 30)), on: state, at: tenPastMidnight, code: .invalidArgument)
        #expect(error?.message == "23:30 hasn't come yet today (it's 0:10 now). For yesterday, say 'did wake yesterday at 23:30'.")
        expectRefusal(.record(Recording(habit: "morning", timeOfDay: 0 * 60 + 11)), on: Self.withMorning(state), at: tenPastMidnight, code: .invalidArgument)
    }

    @Test func aTimeEarlierTodayOrOnADayGoneByIsKept() throws {
        let tenPastMidnight = Fixture.instant(Fixture.today, hour: 5, minute: 10)
        var state = player(Fixture.settings(timeZone: "America/New_York"))
        #expect(try state.apply(.record(Recording(habit: "wake up", timeOfDay: 10)), at: tenPastMidnight).entry?.timeOfDay == 10)
        let yesterday = try state.apply(.record(Recording(habit: "wake up", when: .daysAgo(1), timeOfDay: 23 * 60 + 30)), at: tenPastMidnight)
        #expect(yesterday.entry?.day == Fixture.today - 1)
        #expect(yesterday.entry?.timeOfDay == 23 * 60 + 30)
    }

    @Test func beforeTheDayStartTheEveningBeforeIsStillToday() throws {
        // 2:00 in Berlin (1:00 UTC) with the day starting at 4: 23:30 was earlier today, 3:30 is still to come.
        var state = player(Fixture.settings(timeZone: "Europe/Berlin", dayStartHour: 4))
        let twoAM = Fixture.instant(Fixture.today, hour: 1)
        let late = try state.apply(.record(Recording(habit: "wake up", timeOfDay: 23 * 60 + 30)), at: twoAM)
        #expect(late.entry?.day == Fixture.today - 1)
        #expect(late.entry?.timeOfDay == 23 * 60 + 30)
        let error = expectRefusal(.record(Recording(habit: "wake up", timeOfDay: 3 * 60 + 30)), on: state, at: twoAM, code: .invalidArgument)
        #expect(error?.message == "3:30 hasn't come yet today (it's 2:00 now). For yesterday, say 'did wake up yesterday at 3:30'.")
    }

    static func withMorning(_ state: GameState) -> GameState {
        var state = state
        state.routines = [Routine(id: 1, name: "Morning", habitIDs: [5, 1])]
        return state
    }
}
