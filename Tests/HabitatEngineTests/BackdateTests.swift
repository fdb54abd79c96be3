import Foundation
import HabitatEngine
import Testing

@Suite struct BackdateTests {
    @Test func limitIsThirtyDays() {
        #expect(maxBackdateDays == 30)
    }

    @Test func yesterdayCountsForYesterdayButIsLoggedNow() throws {
        var state = Fixture.state()
        let outcome = try state.did("exercise", when: .daysAgo(1))
        #expect(outcome.entry?.day == Fixture.today - 1)
        #expect(outcome.entry?.at == Fixture.now)
        #expect(outcome.toasts == [Toast(.success, "Exercise completed! +10 XP, +5 coins")])
        #expect(state.profile.progress.xp == 10)
        #expect(state.stored("Exercise")?.stats.lastDay == Fixture.today - 1)
    }

    @Test(arguments: [0, 1, 2, 29, 30])
    func daysAgoUpToThirtyAreAccepted(days: Int) throws {
        var state = Fixture.state()
        let outcome = try state.did("exercise", when: .daysAgo(days))
        #expect(outcome.entry?.day == Fixture.today - days)
    }

    @Test(arguments: [31, 32, 365])
    func moreThanThirtyDaysBackIsRefused(days: Int) {
        let state = Fixture.state()
        let error = expectRefusal(
            .record(Recording(habit: "exercise", when: .daysAgo(days))), on: state, code: .invalidArgument)
        #expect(error?.message == "You can record up to 30 days back.")
    }

    @Test func anExplicitDateWithinThirtyDaysIsAccepted() throws {
        var state = Fixture.state()
        let day = try #require(Day(iso: "2026-11-19"))
        let outcome = try state.did("exercise", when: .on(day))
        #expect(outcome.entry?.day == day)
        let oldest = try state.did("exercise", when: .on(Fixture.today - 30))
        #expect(oldest.entry?.day == Day(iso: "2026-10-21"))
        let today = try state.did("exercise", when: .on(Fixture.today))
        #expect(today.entry?.day == Fixture.today)
    }

    @Test func anExplicitDateMoreThanThirtyDaysBackIsRefused() throws {
        let state = Fixture.state()
        let day = try #require(Day(iso: "2026-10-20"))
        expectRefusal(.record(Recording(habit: "exercise", when: .on(day))), on: state, code: .invalidArgument)
    }

    @Test func theFutureIsRefused() {
        let state = Fixture.state()
        let error = expectRefusal(
            .record(Recording(habit: "exercise", when: .on(Fixture.today + 1))), on: state, code: .invalidArgument)
        #expect(error?.message == "That day hasn't happened yet.")
        expectRefusal(.record(Recording(habit: "exercise", when: .daysAgo(-1))), on: state, code: .invalidArgument)
        expectRefusal(
            .record(Recording(habit: "smoking", when: .on(Fixture.today + 7))), on: state, code: .invalidArgument)
    }

    @Test func todaysDateBeforeTheDayStartIsExplained() {
        // 2:00 in Berlin on 2026-11-20 with the day starting at 4: the player's day is still 2026-11-19.
        let state = Fixture.state(settings: Fixture.settings(timeZone: "Europe/Berlin", dayStartHour: 4))
        let error = expectRefusal(
            .record(Recording(habit: "exercise", when: .on(Fixture.today))), on: state, at: Fixture.instant(Fixture.today, hour: 1),
            code: .invalidArgument)
        #expect(error?.message == "Your day starts at 4:00, so until then it still counts as 2026-11-19. Record it for 2026-11-20 after 4:00.")
    }

    @Test func badHabitsAreBoundedToo() {
        let state = Fixture.state()
        expectRefusal(.record(Recording(habit: "smoking", when: .daysAgo(31))), on: state, code: .invalidArgument)
    }

    @Test func backdatedSlipStillCostsLife() throws {
        var state = Fixture.state()
        let outcome = try state.did("smoking", when: .daysAgo(3))
        #expect(outcome.entry?.day == Fixture.today - 3)
        #expect(state.profile.health == 990)
    }

    @Test func boundsAreCountedFromThePlayersDay() throws {
        let settings = Fixture.settings(timeZone: "Europe/Berlin", dayStartHour: 4)
        let twoAMInBerlin = Fixture.instant(Fixture.today, hour: 1)
        let state = Fixture.state(settings: settings)
        expectRefusal(
            .record(Recording(habit: "exercise", when: .on(Fixture.today))), on: state, at: twoAMInBerlin,
            code: .invalidArgument)
        var copy = state
        let outcome = try copy.did("exercise", when: .on(Fixture.today - 31), at: twoAMInBerlin)
        #expect(outcome.entry?.day == Fixture.today - 31)
    }
}

@Suite struct ExtremeBackdateTests {
    @Test(arguments: [Int.max, Int.min, -1, 31])
    func outOfRangeDayCountsAreRefusedNotCrashed(days: Int) throws {
        var state = GameState(habits: [Habit(id: 1, name: "Exercise", kind: .good, created: Day(ordinal: 0))])
        #expect(throws: HabitatError.self) {
            try state.apply(.record(Recording(habit: "exercise", when: .daysAgo(days))), at: Date(timeIntervalSince1970: 1_795_176_000))
        }
    }

    @Test func aDayAtTheEdgeOfTheIntegersIsRefusedNotCrashed() {
        var state = GameState(habits: [Habit(id: 1, name: "Exercise", kind: .good, created: Day(ordinal: 0))])
        for day in [Day(ordinal: Int.min), Day(ordinal: Int.max)] {
            #expect(throws: HabitatError.self) {
                try state.apply(.record(Recording(habit: "exercise", when: .on(day))), at: Date(timeIntervalSince1970: 1_795_176_000))
            }
        }
    }
}
