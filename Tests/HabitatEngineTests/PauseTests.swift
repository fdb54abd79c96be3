import Foundation
import HabitatEngine
import Testing

/// Pausing every habit or one, and resuming: what is paused, through which day, and what is said.
@Suite struct PauseTests {
    static let today = Fixture.today  // Friday 20 November 2026

    static func apply(_ action: Action, to state: inout GameState, on day: Day = today) throws -> String {
        try state.apply(action, at: Fixture.noon(of: day)).toasts.map(\.message).joined(separator: "\n")
    }

    @Test func pausingEveryHabitForSevenDaysRunsThroughTheSixthDayAfterToday() throws {
        var state = Fixture.state()
        let said = try Self.apply(.pause(nil, .days(7)), to: &state)
        #expect(said == "Paused all your habits through Thu 26 Nov (7 days). No streak breaks and nothing counts as missed; 'resume' ends it sooner.")
        #expect(state.pauses == [Pause(habitID: nil, first: Self.today, last: Self.today + 6)])
        #expect(state.allPausedThrough(on: Self.today + 6) == Self.today + 6)
        #expect(state.allPausedThrough(on: Self.today + 7) == nil)
        #expect(state.pausedThrough(Fixture.exercise(), on: Self.today) == Self.today + 6)
    }

    @Test func pausingOneHabitUntilADayIncludesThatDay() throws {
        var state = Fixture.state()
        let said = try Self.apply(.pause("exercise", .through(Day(civilYear: 2026, month: 12, day: 24))), to: &state)
        #expect(said == "Paused Exercise through Thu 24 Dec (35 days). Its streak waits for you; 'resume exercise' ends it sooner.")
        #expect(state.pauses == [Pause(habitID: 1, first: Self.today, last: Day(civilYear: 2026, month: 12, day: 24))])
        #expect(state.allPausedThrough(on: Self.today) == nil)
        #expect(try Self.apply(.pause("exercise", .days(1)), to: &state) == "Paused Exercise today. Its streak waits for you; 'resume exercise' ends it sooner.")
        // The pause under way is moved, not doubled.
        #expect(state.pauses == [Pause(habitID: 1, first: Self.today, last: Self.today)])
    }

    @Test(arguments: [
        (PauseLength.days(0), "A pause is 1 to 366 days long."), (.days(367), "A pause is 1 to 366 days long."),
        (.through(Fixture.today - 1), "Thu 19 Nov has gone by already. Pause until today or a day to come."),
        (.through(Fixture.today + 366), "A pause is at most 366 days long: until Sat 20 Nov at the latest."),
    ])
    func aPauseTooShortTooLongOrInThePastIsRefused(length: PauseLength, message: String) {
        var state = Fixture.state()
        #expect(throws: HabitatError(.invalidArgument, message)) { try state.apply(.pause(nil, length), at: Fixture.now) }
        #expect(state.pauses.isEmpty)
    }

    @Test func aBadHabitHasNothingToPause() {
        var state = Fixture.state()
        #expect(throws: HabitatError(.invalidArgument, "Smoking is a bad habit: it's never due, so there's nothing to pause.")) {
            try state.apply(.pause("smoking", .days(3)), at: Fixture.now)
        }
    }

    @Test func resumingEndsThePauseYesterdayAndKeepsItsDays() throws {
        var state = Fixture.state()
        _ = try Self.apply(.pause(nil, .days(7)), to: &state)
        #expect(try Self.apply(.resume(nil), to: &state, on: Self.today + 3) == "Welcome back! Your habits are due again by their schedules.")
        #expect(state.pauses == [Pause(habitID: nil, first: Self.today, last: Self.today + 2)])
        #expect(throws: HabitatError(.notFound, "Nothing is paused.")) { try state.apply(.resume(nil), at: Fixture.noon(of: Self.today + 3)) }
    }

    @Test func resumingOnTheDayAPauseBeganLeavesNoPause() throws {
        var state = Fixture.state()
        _ = try Self.apply(.pause("exercise", .days(3)), to: &state)
        #expect(try Self.apply(.resume("exercise"), to: &state) == "Exercise is back on: it's due again by its schedule.")
        #expect(state.pauses.isEmpty)
    }

    @Test func resumingOneHabitPausedWithAllSaysHowToResumeThemAll() throws {
        var state = Fixture.state()
        _ = try Self.apply(.pause(nil, .days(3)), to: &state)
        #expect(throws: HabitatError(.invalidArgument, "Exercise is paused with all your habits through Sun 22 Nov. 'resume' resumes them all.")) {
            try state.apply(.resume("exercise"), at: Fixture.now)
        }
        #expect(throws: HabitatError(.notFound, "Exercise isn't paused.")) {
            try state.apply(.resume("exercise"), at: Fixture.noon(of: Self.today + 5))
        }
    }

    @Test func deletingAHabitTakesItsPausesAlong() throws {
        var state = Fixture.state()
        _ = try Self.apply(.pause("exercise", .days(3)), to: &state)
        _ = try Self.apply(.pause(nil, .days(2)), to: &state)
        _ = try Self.apply(.delete("exercise"), to: &state)
        #expect(state.pauses == [Pause(habitID: nil, first: Self.today, last: Self.today + 1)])
    }

    @Test func aPausedHabitIsNotDueAndItsStreakWaits() throws {
        var state = Fixture.state(habits: [Habit(id: 1, name: "Floss", kind: .good, created: Self.today - 5)])
        _ = try Self.apply(.pause(nil, .days(3)), to: &state, on: Self.today - 2)
        let days: [Int64: [Day: Quantity]] = [1: [Self.today - 5: 1, Self.today - 4: 1, Self.today - 3: 1]]
        let paused = state.keeping(state.habits[0], days: days, today: Self.today)
        #expect(!paused.due)
        #expect(paused.streak == 3)
        // The day after the pause, not done yet: due, the streak still standing.
        let after = state.keeping(state.habits[0], days: days, today: Self.today + 1)
        #expect(after.due)
        #expect(after.streak == 3)
    }
}
