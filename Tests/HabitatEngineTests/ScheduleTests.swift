import Foundation
import HabitatEngine
import Testing

/// A habit's schedule: read from the words people use, said back in them, and the days it makes a habit due.
@Suite struct ScheduleTests {
    static func read(_ text: String) -> Schedule? { Schedule(words: text.split(separator: " ").map(String.init)) }

    @Test(arguments: [
        ("every day", Schedule.daily), ("daily", .daily), ("everyday", .daily), ("every 1 day", .daily),
        ("on mon wed fri", .weekdays([0, 2, 4])), ("on monday, wednesday and friday", .weekdays([0, 2, 4])),
        ("on fri mon", .weekdays([0, 4])), ("every monday", .weekdays([0])), ("on mondays", .weekdays([0])),
        ("on thurs", .weekdays([3])), ("on weekdays", .weekdays([0, 1, 2, 3, 4])), ("weekdays", .weekdays([0, 1, 2, 3, 4])),
        ("on weekends", .weekdays([5, 6])), ("on mon tue wed thu fri sat sun", .daily),
        ("every 3 days", .interval(3)), ("every other day", .interval(2)), ("every two days", .interval(2)),
        ("3 times a week", .quota(3, .week)), ("three times a week", .quota(3, .week)), ("twice a month", .quota(2, .month)),
        ("2x per week", .quota(2, .week)), ("once a week", .quota(1, .week)), ("weekly", .quota(1, .week)),
        ("monthly", .quota(1, .month)), ("7 times a week", .daily), ("31 times a month", .quota(31, .month)),
    ])
    func aScheduleIsReadAsPeopleSayIt(text: String, schedule: Schedule) {
        #expect(Self.read(text) == schedule, "\(text)")
    }

    @Test(arguments: [
        "", "every", "on", "on someday", "8 glasses a day", "twice a day", "8 times a week", "32 times a month", "0 times a week",
        "every 0 days", "every 400 days", "3 times", "a week", "every fortnight",
    ])
    func wordsThatAreNoScheduleAreNone(text: String) {
        #expect(Self.read(text) == nil, "\(text)")
    }

    /// Every day of the week with `and` between is 14 words; a schedule may run to 20, and no longer.
    @Test func aScheduleIsAtMostTwentyWords() {
        let twenty = "on " + ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "mon", "tue", "wed"].joined(separator: " and ")
        #expect(twenty.split(separator: " ").count == 20)
        #expect(Self.read(twenty) == .daily)
        #expect(Self.read(twenty + " thu") == nil)
        #expect(Self.read("on " + Array(repeating: "mon", count: 1_000).joined(separator: " ")) == nil)
    }

    @Test(arguments: [
        (Schedule.daily, "every day"), (.weekdays([0, 2, 4]), "on mon wed fri"), (.weekdays([0, 1, 2, 3, 4]), "on weekdays"),
        (.weekdays([5, 6]), "on weekends"), (.interval(3), "every 3 days"), (.quota(3, .week), "3 times a week"),
        (.quota(1, .month), "once a month"),
    ])
    func aScheduleIsSaidInWordsThatReadBackAsIt(schedule: Schedule, words: String) {
        #expect(schedule.words == words)
        #expect(Self.read(words) == schedule)
    }

    // 2026-11-20 is a Friday (weekday 4).
    static let friday = Day(civilYear: 2026, month: 11, day: 20)

    @Test func aWeekdayScheduleIsDueOnItsDaysOnly() {
        let schedule = Schedule.weekdays([0, 2, 4])
        #expect(Self.friday.weekday == 4)
        #expect(schedule.isDue(on: Self.friday, lastDone: nil))
        #expect(!schedule.isDue(on: Self.friday + 1, lastDone: nil))
        #expect(!schedule.isDue(on: Self.friday + 2, lastDone: nil))
        #expect(schedule.isDue(on: Self.friday + 3, lastDone: nil))
    }

    @Test func anIntervalIsDueNDaysAfterItWasLastDone() {
        let schedule = Schedule.interval(3)
        #expect(schedule.isDue(on: Self.friday, lastDone: nil))
        #expect(!schedule.isDue(on: Self.friday, lastDone: Self.friday - 1))
        #expect(!schedule.isDue(on: Self.friday, lastDone: Self.friday - 2))
        #expect(schedule.isDue(on: Self.friday, lastDone: Self.friday - 3))
        #expect(schedule.isDue(on: Self.friday, lastDone: Self.friday - 30))
    }

    @Test func aQuotaIsDueWhileItsPeriodsCountIsShort() {
        let schedule = Schedule.quota(3, .week)
        #expect(schedule.isDue(on: Self.friday, lastDone: nil, doneInPeriod: 0))
        #expect(schedule.isDue(on: Self.friday, lastDone: nil, doneInPeriod: 2))
        #expect(!schedule.isDue(on: Self.friday, lastDone: nil, doneInPeriod: 3))
    }

    @Test func aWeekStartsOnMondayOrOnSunday() {
        let monday = Self.friday - 4
        #expect(Schedule.period(.week, holding: Self.friday) == monday...(monday + 6))
        #expect(Schedule.period(.week, holding: monday) == monday...(monday + 6))
        #expect(Schedule.period(.week, holding: monday + 6) == monday...(monday + 6))
        let sunday = monday - 1
        #expect(Schedule.period(.week, holding: Self.friday, weekStart: 6) == sunday...(sunday + 6))
        #expect(Schedule.period(.week, holding: sunday + 7, weekStart: 6) == (sunday + 7)...(sunday + 13))
    }

    @Test func aMonthIsItsCalendarMonthAcrossYearEndsAndLeapYears() {
        #expect(Schedule.period(.month, holding: Self.friday) == Day(civilYear: 2026, month: 11, day: 1)...Day(civilYear: 2026, month: 11, day: 30))
        #expect(Schedule.period(.month, holding: Day(civilYear: 2026, month: 12, day: 31))
            == Day(civilYear: 2026, month: 12, day: 1)...Day(civilYear: 2026, month: 12, day: 31))
        #expect(Schedule.period(.month, holding: Day(civilYear: 2028, month: 2, day: 10))
            == Day(civilYear: 2028, month: 2, day: 1)...Day(civilYear: 2028, month: 2, day: 29))
        #expect(Schedule.period(.month, holding: Day(civilYear: 2027, month: 2, day: 28))
            == Day(civilYear: 2027, month: 2, day: 1)...Day(civilYear: 2027, month: 2, day: 28))
    }

    @Test func aHabitIsAddedAndEditedWithItsSchedule() throws {
        var state = Fixture.state(habits: [])
        let added = try state.apply(.addHabit(HabitDraft(name: "Gym", schedule: .quota(3, .week))), at: Fixture.now)
        #expect(added.toasts == [Toast(.success, "Added habit Gym (+10 XP, +5 coins, 3 times a week). Record it with 'did gym'.")])
        #expect(state.habits[0].schedule == .quota(3, .week))
        let edited = try state.apply(.edit("gym", HabitEdit(schedule: .weekdays([0, 2, 4]))), at: Fixture.now)
        #expect(edited.toasts == [Toast(.success, "Gym: +10 XP, +5 coins, on mon wed fri.")])
        let daily = try state.apply(.edit("gym", HabitEdit(schedule: .daily)), at: Fixture.now)
        #expect(daily.toasts == [Toast(.success, "Gym: +10 XP, +5 coins, every day.")])
        expectRefusal(.edit("gym", HabitEdit(schedule: .daily)), on: state, code: .invalidArgument)
    }

    @Test func aWeekStartIsASetting() throws {
        var state = Fixture.state()
        let outcome = try state.apply(.configure(.weekStart(6), area: nil), at: Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Your weeks start on Sunday: habits done N times a week count from then.")])
        #expect(state.settings.weekStart == 6)
        expectRefusal(.configure(.weekStart(2), area: nil), on: state, code: .invalidArgument)
    }
}
