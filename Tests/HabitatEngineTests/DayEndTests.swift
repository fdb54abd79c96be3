import Foundation
import HabitatEngine
import Testing

/// Dailies that bite: what a day's end costs, when, and what a completion for that day gives back.
@Suite struct DayEndTests {
    static let today = Fixture.today  // Friday 20 November 2026
    static let floss = Habit(id: 1, name: "Floss", kind: .good, created: today - 10, bite: 5, biteSince: today - 5)

    static func state(_ habits: [Habit], endedThrough: Day? = nil) -> GameState {
        var state = Fixture.state(habits: habits)
        state.endedThrough = endedThrough
        return state
    }

    static func end(_ state: inout GameState, through last: Day, days: [Int64: [Day: Quantity]] = [:]) throws -> Outcome {
        try state.apply(.endDays(through: last, days: days), at: Fixture.noon(of: last + 1))
    }

    @Test func eachDayDueAndNotDoneCostsItsBiteOnce() throws {
        var state = Self.state([Self.floss], endedThrough: Self.today - 4)
        // Done on the 17th; the 18th and 19th missed.
        let outcome = try Self.end(&state, through: Self.today - 1, days: [1: [Self.today - 3: 1]])
        #expect(outcome.toasts.map(\.message) == ["Missed Wed 18 Nov: Floss -5 life", "Missed yesterday: Floss -5 life"])
        #expect(state.profile.health == 990)
        #expect(state.endedThrough == Self.today - 1)
        #expect(outcome.entry?.kind == .missed)
        #expect(([outcome.entry!] + outcome.batch).map(\.day) == [Self.today - 2, Self.today - 1])
        // Ended already: nothing more.
        #expect(try Self.end(&state, through: Self.today - 1).toasts.isEmpty)
        #expect(state.profile.health == 990)
    }

    @Test func nothingBitesBeforeTheBiteBeganOnADayNotDueOrPaused() throws {
        // Bites from the 15th; ends from the 13th: the 13th and 14th are before it.
        var early = Self.state([Self.floss], endedThrough: Self.today - 8)
        #expect(try Self.end(&early, through: Self.today - 5).toasts.count == 1)
        // Mondays only: Friday the 20th is not due.
        var weekly = Self.state([Habit(id: 1, name: "Piano", kind: .good, created: Self.today - 10, schedule: .weekdays([0]), bite: 5, biteSince: Self.today - 5)], endedThrough: Self.today - 1)
        #expect(try Self.end(&weekly, through: Self.today).toasts.isEmpty)
        // Paused.
        var paused = Self.state([Self.floss], endedThrough: Self.today - 2)
        paused.pauses = [Pause(habitID: nil, first: Self.today - 1, last: Self.today + 2)]
        #expect(try Self.end(&paused, through: Self.today - 1).toasts.isEmpty)
        #expect(paused.endedThrough == Self.today - 1)
    }

    @Test func aQuotaBitesAtItsWeeksEndForEachTimeShort() throws {
        let gym = Habit(id: 2, name: "Gym", kind: .good, created: Self.today - 30, schedule: .quota(3, .week), bite: 10, biteSince: Self.today - 20)
        // The week of Mon 9 to Sun 15 November, done once.
        var state = Self.state([gym], endedThrough: Self.today - 12)
        let outcome = try Self.end(&state, through: Self.today - 5, days: [2: [Self.today - 10: 1]])
        #expect(outcome.toasts.map(\.message) == ["Missed the week to Sun 15 Nov: Gym 2 times short, -20 life"])
        #expect(outcome.entry?.quantity == 2)
        #expect(outcome.entry?.day == Self.today - 5)
    }

    @Test func aQuotaWithATargetBitesForEachDayShortOfIt() throws {
        let run = Habit(
            id: 2, name: "Run", kind: .good, created: Self.today - 30, schedule: .quota(3, .week), amount: DailyAmount(5, unit: "km"), bite: 10,
            biteSince: Self.today - 20)
        // The week of Mon 9 to Sun 15 November: 12 km on one day, 4 km on another.
        var state = Self.state([run], endedThrough: Self.today - 12)
        let outcome = try Self.end(&state, through: Self.today - 5, days: [2: [Self.today - 10: 12, Self.today - 9: 4]])
        #expect(outcome.toasts.map(\.message) == ["Missed the week to Sun 15 Nov: Run 2 times short, -20 life"])
    }

    @Test func aBiteCanEndTheGameAndNothingBitesAfter() throws {
        var state = Self.state([Self.floss], endedThrough: Self.today - 3)
        state.profile.health = 7
        let outcome = try Self.end(&state, through: Self.today - 1)
        #expect(outcome.toasts.map(\.message) == [
            "Missed Wed 18 Nov: Floss -5 life", "Missed yesterday: Floss -2 life", "Game over! Run 5 km to recover — type 'start challenge'",
        ])
        #expect(state.profile.state == .gameOver)
        #expect(state.profile.health == 0)
    }

    @Test func aCompletionForADayThatBitGivesItsLifeBackAndUndoTakesItAgain() throws {
        var state = Self.state([Self.floss], endedThrough: Self.today - 1)
        state.profile.health = 995
        var recording = Recording(habit: "floss", when: .daysAgo(1))
        recording.bitten = 5
        recording.history = []
        let before = state
        let outcome = try state.apply(.record(recording), at: Fixture.now)
        #expect(outcome.toasts.map(\.message) == ["Floss completed! +10 XP, +5 coins", "Floss on Thu 19 Nov counts after all: +5 life back."])
        #expect(state.profile.health == 1000)
        #expect(outcome.entry?.health == 5)
        var entry = try #require(outcome.entry)
        entry.id = 9
        _ = try state.apply(.undo(latest: entry), at: Fixture.now)
        #expect(state == before)
    }

    @Test func undoStopsAtADaysEnd() throws {
        var state = Self.state([Self.floss], endedThrough: Self.today - 2)
        var bite = try #require(try Self.end(&state, through: Self.today - 1).entry)
        bite.id = 3
        #expect(
            throws: HabitatError(
                .invalidArgument,
                "The last thing in your history is a missed day (Floss on Thu 19 Nov, -5 life), and a day's end can't be undone. Record it for that day ('did floss on 2026-11-19') to get the life back.")
        ) { try state.apply(.undo(latest: bite), at: Fixture.now) }
    }

    @Test func theNextDayEndIsTheStartOfTheDayAfterTheNextDayToEnd() {
        var state = Self.state([Self.floss], endedThrough: Self.today - 1)
        state.settings.timeZone = "America/New_York"
        // Friday the 20th ends at midnight in New York: 05:00 UTC on the 21st.
        #expect(state.nextDayEnd() == Fixture.instant(Self.today + 1, hour: 5))
        #expect(Self.state([Fixture.exercise()]).nextDayEnd() == nil)
    }

    @Test func aBiteIsAGoodHabitsAndBeginsTomorrow() throws {
        var state = Fixture.state(habits: [])
        var draft = HabitDraft(name: "Floss")
        draft.bite = 5
        _ = try state.apply(.addHabit(draft), at: Fixture.now)
        #expect(state.habits[0].bite == 5)
        #expect(state.habits[0].biteSince == Self.today + 1)
        var bad = HabitDraft(name: "Smoking", kind: .bad)
        bad.bite = 5
        #expect(throws: HabitatError(.invalidArgument, "Smoking is a bad habit: it costs life when it's recorded, so it has nothing to miss.")) {
            try state.apply(.addHabit(bad), at: Fixture.now)
        }
        _ = try state.apply(.edit("floss", HabitEdit(bite: 0)), at: Fixture.now)
        #expect(state.habits[0].bite == 0)
        #expect(state.habits[0].biteSince == nil)
    }
}
