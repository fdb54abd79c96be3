import Foundation
import HabitatEngine
import Testing

@Suite struct GoodHabitStreakTests {
    private func state(recordingExerciseOn days: [Day]) throws -> GameState {
        var state = Fixture.state()
        for day in days {
            try state.did("exercise", at: Fixture.noon(of: day))
        }
        return state
    }

    @Test func firstCompletionStartsAStreakOfOne() throws {
        let state = try state(recordingExerciseOn: [Fixture.today])
        #expect(state.stored("Exercise")?.stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today, total: 1))
    }

    @Test func consecutiveDaysIncreaseTheStreak() throws {
        let d = Fixture.today
        let state = try state(recordingExerciseOn: [d - 3, d - 2, d - 1, d])
        let habit = try #require(state.stored("Exercise"))
        #expect(habit.stats == HabitStats(streak: 4, best: 4, lastDay: d, total: 4))
        #expect(habit.streak(on: d) == 4)
    }

    @Test func aGapResetsTheStreakToOneAndKeepsTheBest() throws {
        let d = Fixture.today
        let state = try state(recordingExerciseOn: [d - 8, d - 7, d - 6, d - 3])
        let habit = try #require(state.stored("Exercise"))
        #expect(habit.stats.streak == 1)
        #expect(habit.stats.best == 3)
        #expect(habit.stats.lastDay == d - 3)
        #expect(habit.stats.total == 4)
    }

    @Test func bestIsRaisedOnlyWhenTheRunBeatsIt() throws {
        let d = Fixture.today
        var state = try state(recordingExerciseOn: [d - 9, d - 8, d - 5, d - 4])
        #expect(state.stored("Exercise")?.stats.best == 2)
        try state.did("exercise", at: Fixture.noon(of: d - 3))
        #expect(state.stored("Exercise")?.stats.best == 3)
        #expect(state.stored("Exercise")?.stats.streak == 3)
    }

    @Test func secondCompletionTheSameDayLeavesTheStreak() throws {
        let d = Fixture.today
        let state = try state(recordingExerciseOn: [d - 1, d, d])
        #expect(state.stored("Exercise")?.stats == HabitStats(streak: 2, best: 2, lastDay: d, total: 3))
    }

    @Test func backdatedCompletionsBuildAStreak() throws {
        var state = Fixture.state()
        try state.did("exercise", when: .daysAgo(2))
        try state.did("exercise", when: .daysAgo(1))
        try state.did("exercise")
        #expect(state.stored("Exercise")?.stats == HabitStats(streak: 3, best: 3, lastDay: Fixture.today, total: 3))
    }

    @Test func backdatingAnOlderDayKeepsTheLastDay() throws {
        var state = Fixture.state()
        try state.did("exercise")
        try state.did("exercise", when: .daysAgo(5))
        let stats = try #require(state.stored("Exercise")?.stats)
        #expect(stats.lastDay == Fixture.today)
        #expect(stats.streak == 1)
        #expect(stats.total == 2)
    }

    @Test func backdatingTheMissingYesterdayJoinsTheRunToToday() throws {
        var state = Fixture.state()
        try state.did("exercise")
        // Storage hands the engine the days already recorded when a recording is backdated.
        try state.did("exercise", when: .daysAgo(1), history: [Fixture.today])
        let habit = try #require(state.stored("Exercise"))
        #expect(habit.streak(on: Fixture.today) == 2)
        #expect(habit.stats.best == 2)
    }

    @Test func streakCountsWhenTheLastDayIsTodayOrYesterday() {
        let habit = Habit(
            id: 1, name: "Exercise", kind: .good, created: Fixture.today - 30,
            stats: HabitStats(streak: 6, best: 9, lastDay: Fixture.today, total: 20))
        #expect(habit.streak(on: Fixture.today) == 6)
        #expect(habit.streak(on: Fixture.today + 1) == 6)
        #expect(habit.bestStreak(on: Fixture.today) == 9)
    }

    @Test func streakIsZeroWhenTheLastDayIsOlderThanYesterday() {
        let habit = Habit(
            id: 1, name: "Exercise", kind: .good, created: Fixture.today - 30,
            stats: HabitStats(streak: 6, best: 6, lastDay: Fixture.today - 2, total: 6))
        #expect(habit.streak(on: Fixture.today) == 0)
        #expect(habit.streak(on: Fixture.today + 10) == 0)
        #expect(habit.bestStreak(on: Fixture.today) == 6)
    }

    @Test func neverDoneHasNoStreak() {
        let habit = Habit(id: 1, name: "Exercise", kind: .good, created: Fixture.today - 3)
        #expect(habit.streak(on: Fixture.today) == 0)
        #expect(habit.bestStreak(on: Fixture.today) == 0)
    }

    @Test func bestStreakIncludesTheRunStillGoing() {
        let habit = Habit(
            id: 1, name: "Exercise", kind: .good, created: Fixture.today - 30,
            stats: HabitStats(streak: 12, best: 12, lastDay: Fixture.today - 1, total: 12))
        #expect(habit.bestStreak(on: Fixture.today) == 12)
    }

    @Test func streakUsesThePlayersDay() throws {
        var settings = Fixture.settings(timeZone: "America/New_York")
        settings.dayStartHour = 4
        var state = Fixture.state(settings: settings)
        try state.did("exercise", at: Fixture.instant(Fixture.today - 1, hour: 20))
        try state.did("exercise", at: Fixture.instant(Fixture.today, hour: 7))
        #expect(state.stored("Exercise")?.stats.streak == 1)
        #expect(state.stored("Exercise")?.stats.lastDay == Fixture.today - 1)
        try state.did("exercise", at: Fixture.instant(Fixture.today, hour: 9))
        #expect(state.stored("Exercise")?.stats.streak == 2)
        #expect(state.stored("Exercise")?.stats.lastDay == Fixture.today)
    }
}

@Suite struct BadHabitStreakTests {
    @Test func cleanDaysCountFromCreationWhenNeverSlipped() {
        let habit = Fixture.smoking()
        #expect(habit.created == Fixture.today - 10)
        #expect(habit.streak(on: Fixture.today) == 10)
        #expect(habit.streak(on: Fixture.today - 10) == 0)
        #expect(habit.bestStreak(on: Fixture.today) == 10)
    }

    @Test func aSlipResetsCleanDaysAndKeepsTheRunAsBest() throws {
        var state = Fixture.state()
        try state.did("smoking")
        let habit = try #require(state.stored("Smoking"))
        #expect(habit.stats.lastDay == Fixture.today)
        #expect(habit.stats.best == 10)
        #expect(habit.stats.total == 1)
        #expect(habit.streak(on: Fixture.today) == 0)
        #expect(habit.streak(on: Fixture.today + 4) == 4)
        #expect(habit.bestStreak(on: Fixture.today + 4) == 10)
        #expect(habit.bestStreak(on: Fixture.today + 25) == 25)
    }

    @Test func aShorterCleanRunDoesNotLowerTheBest() throws {
        var state = Fixture.state()
        try state.did("smoking", at: Fixture.noon(of: Fixture.today - 3))
        try state.did("smoking")
        let habit = try #require(state.stored("Smoking"))
        #expect(habit.stats.best == 7)
        #expect(habit.stats.lastDay == Fixture.today)
        #expect(habit.stats.total == 2)
    }

    @Test func aLongerCleanRunRaisesTheBest() throws {
        var state = Fixture.state()
        try state.did("smoking", at: Fixture.noon(of: Fixture.today - 8))
        try state.did("smoking")
        #expect(state.stored("Smoking")?.stats.best == 8)
    }

    @Test func twoSlipsTheSameDayLeaveNoCleanDays() throws {
        var state = Fixture.state()
        try state.did("smoking")
        try state.did("smoking")
        let habit = try #require(state.stored("Smoking"))
        #expect(habit.streak(on: Fixture.today) == 0)
        #expect(habit.stats.best == 10)
        #expect(habit.stats.total == 2)
    }

    @Test func backdatingAnEarlierSlipSplitsTheBestCleanRun() throws {
        var state = Fixture.state()
        try state.did("smoking", when: .daysAgo(3))
        #expect(state.stored("Smoking")?.stats.best == 7)
        try state.did("smoking", when: .daysAgo(8), history: [Fixture.today - 3])
        let habit = try #require(state.stored("Smoking"))
        #expect(habit.stats.lastDay == Fixture.today - 3)
        #expect(habit.streak(on: Fixture.today) == 3)
        #expect(habit.stats.best == 5)
    }

    @Test func cleanDaysNeverGoNegative() {
        let habit = Habit(id: 2, name: "Smoking", kind: .bad, created: Fixture.today)
        #expect(habit.streak(on: Fixture.today - 3) == 0)
    }
}

@Suite("Times recorded in all")
struct TotalTests {
    /// `did pushups x3` is three times, as history and the heatmap count it; a routine is one for each habit.
    @Test func aRecordingCountsItsAmount() throws {
        var state = Fixture.state()
        try state.did("exercise", times: 3)
        try state.did("exercise")
        _ = try state.apply(.addRoutine(name: "Morning", habits: ["exercise"]), at: Fixture.now)
        try state.did("morning")
        _ = try state.apply(.record(Recording(habit: "smoking", times: 2, slipped: true)), at: Fixture.now)
        #expect(state.stored("Exercise")?.stats.total == 5)
        #expect(state.stored("Smoking")?.stats.total == 2)
    }
}

@Suite("Today before a day already recorded")
struct TodayBehindTests {
    /// A day already recorded after today (recorded where it was tomorrow, before the time zone moved west): today's
    /// streak needs every recorded day, which the engine asks for instead of counting from the latest alone.
    @Test func aRecordingForTodayAsksForTheDaysAlreadyRecorded() throws {
        var state = Fixture.state()
        try state.did("exercise", at: Fixture.noon(of: Fixture.today + 1))
        let before = state
        #expect(throws: HistoryNeeded()) { try state.did("exercise") }
        #expect(state == before)
        let outcome = try state.did("exercise", history: [Fixture.today + 1])
        #expect(outcome.entry?.day == Fixture.today)
        #expect(state.stored("Exercise")?.stats == HabitStats(streak: 2, best: 2, lastDay: Fixture.today + 1, total: 2))
    }
}
