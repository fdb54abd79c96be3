import Foundation
import HabitatEngine
import Testing

/// When a reminder comes (the user's clock, across changes of clocks and day starts), whether one due while the
/// server was down still makes sense, and what it is about.
@Suite struct ReminderTests {
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static let newYork = Fixture.settings(timeZone: "America/New_York")

    @Test func aReminderComesAtItsMinuteOnTheUsersClock() {
        // 20:30 in New York (UTC-5 in November): 21:00 is half an hour later, today; 8:00 is tomorrow's.
        let now = Self.date("2026-11-27T01:30:00Z")
        #expect(Self.newYork.next(21 * 60, after: now) == Self.date("2026-11-27T02:00:00Z"))
        #expect(Self.newYork.next(8 * 60, after: now) == Self.date("2026-11-27T13:00:00Z"))
        // Exactly at the minute, the next is tomorrow's: a reminder fired is not due again at once.
        #expect(Self.newYork.next(21 * 60, after: Self.date("2026-11-27T02:00:00Z")) == Self.date("2026-11-28T02:00:00Z"))
        // In UTC, with a day that starts at 4: 1:00 is still on the clock at 1:00.
        let late = Fixture.settings(dayStartHour: 4)
        #expect(late.next(60, after: Self.date("2026-11-26T23:00:00Z")) == Self.date("2026-11-27T01:00:00Z"))
    }

    @Test func acrossAChangeOfClocksAReminderKeepsItsTimeOnTheClock() {
        // 8 March 2026, New York's clocks go from 2:00 to 3:00. 21:00 on Saturday is 02:00Z; on Sunday 01:00Z.
        #expect(Self.newYork.next(21 * 60, after: Self.date("2026-03-08T02:00:00Z")) == Self.date("2026-03-09T01:00:00Z"))
        // 2:30 doesn't exist that night: it comes at 3:00 (07:00Z), once.
        let skipped = Self.newYork.next(150, after: Self.date("2026-03-08T05:00:00Z"))
        #expect(skipped == Self.date("2026-03-08T07:00:00Z"))
        #expect(Self.newYork.isTime(of: 150, at: skipped))
        #expect(Self.newYork.next(150, after: skipped) == Self.date("2026-03-09T06:30:00Z"))
        // 1 November 2026, clocks go back from 2:00 to 1:00: 1:30 happens twice, and comes the first time only.
        let first = Self.newYork.next(90, after: Self.date("2026-11-01T04:00:00Z"))
        #expect(first == Self.date("2026-11-01T05:30:00Z"))
        #expect(Self.newYork.next(90, after: first) == Self.date("2026-11-02T06:30:00Z"))
    }

    @Test func aTimeNoLongerOnTheClockIsSeenAfterAChangeOfTimeZone() {
        let due = Self.newYork.next(21 * 60, after: Self.date("2026-11-26T12:00:00Z"))
        #expect(Self.newYork.isTime(of: 21 * 60, at: due))
        #expect(!Fixture.settings(timeZone: "Europe/Berlin").isTime(of: 21 * 60, at: due))
    }

    @Test func aReminderLateByHoursStillMakesSenseTheSameDayOnly() {
        let due = Self.date("2026-11-27T02:00:00Z")  // 21:00 in New York on the 26th
        #expect(Self.newYork.stillSameDay(due, at: Self.date("2026-11-27T04:30:00Z")))  // 23:30
        #expect(!Self.newYork.stillSameDay(due, at: Self.date("2026-11-27T14:00:00Z")))  // 9:00 the next day
        // With the day starting at 4, 3:00 is still the day before.
        let late = Fixture.settings(timeZone: "America/New_York", dayStartHour: 4)
        #expect(late.stillSameDay(due, at: Self.date("2026-11-27T08:00:00Z")))
        #expect(!late.stillSameDay(due, at: Self.date("2026-11-27T09:00:00Z")))
    }

    @Test func whatIsStillToDoIsDueNotDoneAndNotPaused() {
        let today = Fixture.today  // Friday 20 November 2026
        let habits = [
            Habit(id: 1, name: "Floss", kind: .good, created: today - 10),
            Habit(id: 2, name: "Piano", kind: .good, created: today - 10, schedule: .weekdays([0])),
            Habit(id: 3, name: "Water", kind: .good, created: today - 10, amount: DailyAmount(8, unit: "glasses")),
            Habit(id: 4, name: "Smoking", kind: .bad, created: today - 10),
            Habit(id: 5, name: "Stretch", kind: .good, created: today - 10),
            Habit(id: 6, name: "Read", kind: .good, created: today - 10),
        ]
        var state = Fixture.state(habits: habits)
        state.pauses = [Pause(habitID: 6, first: today - 1, last: today + 2)]
        // Stretch done; 3 of 8 glasses.
        let days: [Int64: [Day: Quantity]] = [5: [today: 1], 3: [today: 3]]
        #expect(state.stillToDo(days: days, today: today).map(\.name) == ["Floss", "Water"])
        #expect(state.stillToDo(days: [5: [today: 1], 3: [today: 8], 1: [today: 1]], today: today).isEmpty)
        // Everything paused: nothing.
        state.pauses = [Pause(habitID: nil, first: today, last: today + 6)]
        #expect(state.stillToDo(days: [:], today: today).isEmpty)
    }
}
