import Foundation
import HabitatEngine
import Testing

/// Streaks and strength by schedule, from the days a habit was recorded, with exact numbers.
@Suite struct StreakAndStrengthTests {
    /// Monday 2 November 2026: day 0 of every test.
    static let monday = Day(civilYear: 2026, month: 11, day: 2)

    static func habit(_ schedule: Schedule = .daily, kind: HabitKind = .good, created: Day = monday) -> Habit {
        Habit(id: 1, name: "Floss", kind: kind, created: created, schedule: schedule)
    }

    /// Done once on each of these days after `monday`.
    static func done(_ offsets: some Sequence<Int>) -> [Day: Quantity] {
        Dictionary(offsets.map { (monday + $0, 1) }, uniquingKeysWith: +)
    }

    static func keeping(
        _ offsets: some Sequence<Int>, today: Int, paused: [ClosedRange<Int>] = [], kind: HabitKind = .good
    ) -> StreakAndStrength {
        keeping(.daily, offsets, today: today, paused: paused, kind: kind)
    }

    static func keeping(
        _ schedule: Schedule, _ offsets: some Sequence<Int>, today: Int, weekStart: Int = 0, paused: [ClosedRange<Int>] = [],
        kind: HabitKind = .good
    ) -> StreakAndStrength {
        StreakAndStrength(
            habit(schedule, kind: kind), days: done(offsets), today: monday + today, weekStart: weekStart,
            paused: paused.map { (monday + $0.lowerBound)...(monday + $0.upperBound) })
    }

    // MARK: Every day

    @Test func aDailyHabitsStrengthGrowsAsLoopsScoreDoes() {
        // 1 − 0.5^(1/13) after one day; 1 − 0.5^(30/13) after thirty.
        #expect(Self.keeping([0], today: 0) == StreakAndStrength(due: true, streak: 1, best: 1, unit: .days, strength: 5))
        #expect(Self.keeping(0..<30, today: 29) == StreakAndStrength(due: true, streak: 30, best: 30, unit: .days, strength: 80))
    }

    @Test func oneMissAfterAHundredDaysCostsALittleNotEverything() {
        // Today not done yet: yesterday's strength, and the streak still stands.
        #expect(Self.keeping(0..<100, today: 100) == StreakAndStrength(due: true, streak: 100, best: 100, unit: .days, strength: 100))
        // Day 100 missed: the streak is broken, the strength down to 94%.
        #expect(Self.keeping(0..<100, today: 101) == StreakAndStrength(due: true, streak: 0, best: 100, unit: .days, strength: 94))
        #expect(Self.keeping(0..<100, today: 103) == StreakAndStrength(due: true, streak: 0, best: 100, unit: .days, strength: 85))
    }

    @Test func aDayDoneTwiceCountsOnceAndAGapStartsAgain() {
        var days = Self.done([0, 1, 3, 4, 5])
        days[Self.monday + 4] = 3
        let keeping = StreakAndStrength(Self.habit(), days: days, today: Self.monday + 5)
        #expect(keeping.streak == 3)
        #expect(keeping.best == 3)
    }

    // MARK: On some weekdays

    @Test func daysNotDueNeitherExtendNorBreakAStreak() {
        let mwf = Schedule.weekdays([0, 2, 4])
        let dueDays = (0..<28).filter { [0, 2, 4].contains($0 % 7) }
        // Four weeks of Mondays, Wednesdays and Fridays; today is a Sunday, not due.
        #expect(Self.keeping(mwf, dueDays, today: 27) == StreakAndStrength(due: false, streak: 12, best: 12, unit: .days, strength: 47))
        // Done on a Tuesday too: no more streak, no more strength (the Tuesday is skipped).
        #expect(Self.keeping(mwf, dueDays + [1], today: 27) == StreakAndStrength(due: false, streak: 12, best: 12, unit: .days, strength: 47))
        // The Wednesday of the second week missed.
        let missed = dueDays.filter { $0 != 9 }
        #expect(Self.keeping(mwf, missed, today: 27).streak == 7)
        #expect(Self.keeping(mwf, missed, today: 27).best == 7)
        // Monday of the fifth week, not done yet: due, and nothing broken.
        #expect(Self.keeping(mwf, dueDays, today: 28) == StreakAndStrength(due: true, streak: 12, best: 12, unit: .days, strength: 47))
    }

    // MARK: Quotas

    @Test func aQuotaCountsWeeksMetInARow() {
        let gym = Schedule.quota(3, .week)
        let mwf = (0..<28).filter { [0, 2, 4].contains($0 % 7) }
        // Sunday of the fourth week: four weeks met; the rolling share (2 weeks, 6 times) as Loop's score with 3/7.
        #expect(Self.keeping(gym, mwf, today: 27) == StreakAndStrength(due: false, streak: 4, best: 4, unit: .weeks, strength: 52, inPeriod: 3))
        // Wednesday of the fifth week with only Monday done: under way, so nothing broken, and due.
        let fifth = Self.keeping(gym, mwf + [28], today: 30)
        #expect(fifth.streak == 5 - 1)
        #expect(fifth.inPeriod == 1)
        #expect(fifth.due)
        // The third week short by one: broken there.
        let short = Self.keeping(gym, mwf.filter { $0 != 18 }, today: 27)
        #expect(short.streak == 1)
        #expect(short.best == 2)
    }

    @Test func theFirstPartWeekBreaksNothing() {
        // Added on a Saturday with nothing done that week; three times the week after.
        let habit = Self.habit(.quota(3, .week), created: Self.monday + 5)
        let keeping = StreakAndStrength(habit, days: Self.done([7, 8, 9]), today: Self.monday + 13)
        #expect(keeping.streak == 1)
        #expect(keeping.inPeriod == 3)
    }

    @Test func aQuotaWithATargetCountsEachDayThatReachedItOnce() {
        // `Run 5 km, 3 times a week`: 6 km on Monday, 3 km on Tuesday, 5 and then 5 more on Thursday.
        let habit = Habit(id: 1, name: "Run", kind: .good, created: Self.monday, schedule: .quota(3, .week), amount: DailyAmount(5, unit: "km"))
        let days: [Day: Quantity] = [Self.monday: 6, Self.monday + 1: 3, Self.monday + 3: 10]
        let thursday = StreakAndStrength(habit, days: days, today: Self.monday + 3)
        #expect(thursday.inPeriod == 2)
        #expect(thursday.due)
        #expect(thursday.streak == 0)
        // 5 km on Saturday: the week is met.
        let saturday = StreakAndStrength(habit, days: days.merging([Self.monday + 5: 5]) { $1 }, today: Self.monday + 5)
        #expect(saturday.inPeriod == 3)
        #expect(saturday.streak == 1)
        #expect(saturday.unit == .weeks)
    }

    @Test func aWeekStartingOnSundayHoldsTheSundayBefore() {
        let quota = Schedule.quota(2, .week)
        // Done on Sunday (day 6); today is the Monday after.
        #expect(Self.keeping(quota, [6], today: 7, weekStart: 0).inPeriod == 0)
        #expect(Self.keeping(quota, [6], today: 7, weekStart: 6).inPeriod == 1)
    }

    @Test func aMonthlyQuotaCountsCalendarMonthsAcrossTheYearsEnd() {
        let habit = Self.habit(.quota(2, .month))
        let days: [Day: Quantity] = Dictionary(
            [(2026, 11, 10), (2026, 11, 20), (2026, 12, 5), (2026, 12, 31)].map { (Day(civilYear: $0, month: $1, day: $2), 1) },
            uniquingKeysWith: +)
        let january = StreakAndStrength(habit, days: days, today: Day(civilYear: 2027, month: 1, day: 3))
        #expect(january.streak == 2)
        #expect(january.unit == .months)
        #expect(january.inPeriod == 0)
        #expect(january.due)
        // February with January short: broken.
        #expect(StreakAndStrength(habit, days: days, today: Day(civilYear: 2027, month: 2, day: 1)).streak == 0)
    }

    // MARK: Every N days

    @Test func everyNDaysCountsEachTimeDoneInTime() {
        let laundry = Schedule.interval(3)
        let times = stride(from: 0, through: 27, by: 3)
        #expect(Self.keeping(laundry, times, today: 29) == StreakAndStrength(due: false, streak: 10, best: 10, unit: .days, strength: 57))
        // Three days after the last time: due, still standing.
        #expect(Self.keeping(laundry, times, today: 30).due)
        #expect(Self.keeping(laundry, times, today: 30).streak == 10)
        // Four days after: broken.
        #expect(Self.keeping(laundry, times, today: 31).streak == 0)
        // Done early counts too.
        #expect(Self.keeping(laundry, [0, 1, 4], today: 4).streak == 3)
    }

    // MARK: Pauses

    @Test func pausedDaysNeitherBreakAStreakNorLowerStrength() {
        // Ten days, a week paused, three days: as thirteen days in a row (1 − 0.5^(13/13)).
        let keeping = Self.keeping(Array(0..<10) + [17, 18, 19], today: 19, paused: [10...16])
        #expect(keeping == StreakAndStrength(due: true, streak: 13, best: 13, unit: .days, strength: 50))
        // Today paused: not due.
        #expect(!Self.keeping(0..<10, today: 12, paused: [10...16]).due)
    }

    @Test func aPausedWeekShortOfItsQuotaBreaksNothing() {
        let quota = Schedule.quota(2, .week)
        // Weeks one and three met; the second, paused on Wednesday, with one.
        let keeping = Self.keeping(quota, [0, 1, 7, 14, 15], today: 20, paused: [9...9])
        #expect(keeping.streak == 2)
        #expect(Self.keeping(quota, [0, 1, 7, 14, 15], today: 20).streak == 1)
    }

    @Test func pausedDaysDoNotCountTowardEveryNDays() {
        // Every 3 days: done day 0, paused days 1 to 5, done day 7 (two days not paused after day 0).
        #expect(Self.keeping(.interval(3), [0, 7], today: 7, paused: [1...5]).streak == 2)
        #expect(Self.keeping(.interval(3), [0, 7], today: 7).streak == 1)
        // Due again three unpaused days after the last time.
        #expect(!Self.keeping(.interval(3), [0], today: 7, paused: [1...5]).due)
        #expect(Self.keeping(.interval(3), [0], today: 8, paused: [1...5]).due)
    }

    // MARK: Bad habits

    @Test func aBadHabitsStreakIsItsCleanDays() {
        // Slips on days 3 and 10; today is day 15, clean so far.
        let keeping = Self.keeping([3, 10], today: 15, kind: .bad)
        #expect(keeping == StreakAndStrength(due: false, streak: 5, best: 7, unit: .days, strength: 48))
    }
}
