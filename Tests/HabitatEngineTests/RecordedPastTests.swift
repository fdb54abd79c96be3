import Foundation
import HabitatEngine
import Testing

/// The engine decides what a recording needs of the past; the past (the ledger, here a value) only answers.
@Suite struct RecordedPastTests {
    /// A past that says what it was asked.
    final class Past: RecordedPast {
        var days: Set<Day> = []
        var bittenLife = 0
        var asked: [String] = []

        func days(of habitID: Int64) throws -> Set<Day> {
            asked.append("days \(habitID)")
            return days
        }

        func bitten(of habitID: Int64, from first: Day, through last: Day) throws -> Int {
            asked.append("bitten \(habitID) \(first.ordinal - Fixture.today.ordinal)…\(last.ordinal - Fixture.today.ordinal)")
            return bittenLife
        }

        func amount(of habitID: Int64, on day: Day) throws -> DayAmount {
            asked.append("amount \(habitID) \(day.ordinal - Fixture.today.ordinal)")
            return .none
        }
    }

    @Test func aRecordingForTodayAsksNothingOfThePast() throws {
        var state = Fixture.state()
        let past = Past()
        let outcome = try state.apply(.record(Recording(habit: "exercise")), at: Fixture.now, past: past)
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(past.asked.isEmpty)
    }

    @Test func aBackdatedRecordingReadsTheDaysAndWhatTheirEndTook() throws {
        var state = Fixture.state()
        for day in [Fixture.today - 3, Fixture.today - 1] { try state.did("exercise", at: Fixture.noon(of: day)) }
        let past = Past()
        past.days = [Fixture.today - 3, Fixture.today - 1]
        _ = try state.apply(.record(Recording(habit: "exercise", when: .daysAgo(2))), at: Fixture.now, past: past)
        #expect(past.asked == ["days 1", "bitten 1 -2…-2"])
        // The day between two recorded ones joins them: a run of three that ends yesterday.
        #expect(state.stored("Exercise")?.stats.streak == 3)
    }

    @Test func todayBeforeTheLastRecordedDayIsCountedAgainFromThePast() throws {
        var state = Fixture.state()
        try state.did("exercise", at: Fixture.noon(of: Fixture.today + 1))
        let past = Past()
        past.days = [Fixture.today + 1]
        _ = try state.apply(.record(Recording(habit: "exercise")), at: Fixture.now, past: past)
        #expect(past.asked == ["days 1"])
        #expect(state.stored("Exercise")?.stats.lastDay == Fixture.today + 1)
    }
}
