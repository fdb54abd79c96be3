import Foundation
import HabitatEngine
import Testing

/// `did exercise on wednesday`, `last friday`: a day of the week gone by, in the player's own calendar. Today is Friday
/// 20 November 2026.
@Suite struct WeekdayBackdateTests {
    @Test(arguments: [(2, false, 2), (3, false, 1), (5, false, 6), (6, false, 5), (0, false, 4), (0, true, 4), (4, true, 7)])
    func aWeekdayIsTheLastSuchDayBeforeToday(weekday: Int, aWeekBack: Bool, daysBack: Int) throws {
        var state = Fixture.state()
        let outcome = try state.did("exercise", when: .weekday(weekday, aWeekBack: aWeekBack))
        #expect(outcome.entry?.day == Fixture.today - daysBack)
    }

    @Test func todaysOwnNameIsAskedAboutAndNothingIsRecorded() throws {
        var state = Fixture.state()
        let before = state
        #expect(throws: HabitatError(.invalidArgument, "Today is Friday: say 'today', or 'last friday' for a week ago.", symbol: .question)) {
            try state.did("exercise", when: .weekday(4, aWeekBack: false))
        }
        #expect(state == before)
    }
}
