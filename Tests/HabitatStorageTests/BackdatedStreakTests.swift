import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

/// Backdating before a habit's latest day recounts its streak from the days in the ledger.
@Suite struct BackdatedStreakTests {
    @Test func aBackdatedDayThatJoinsTwoRunsCountsTheWholeRun() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise", when: .daysAgo(2))
            try await db.did("exercise")
            #expect(try await db.state().habits[0].stats.streak == 1)
            let joined = try await db.did("exercise", when: .daysAgo(1)).state.habits[0].stats
            #expect(joined == HabitStats(streak: 3, best: 3, lastDay: Fixture.today, total: 3))
            #expect(try await db.reloaded().habits[0].stats == joined)
        }
    }

    @Test func aBackdatedRoutineJoinsTheRunsOfEachOfItsHabits() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Stretch"))
            _ = try await db.apply(.addRoutine(name: "Morning", habits: ["exercise", "stretch"]), at: Fixture.now)
            try await db.did("exercise", when: .daysAgo(2))
            try await db.did("exercise")
            try await db.did("stretch")
            let habits = try await db.did("morning", when: .daysAgo(1)).state.habits
            #expect(habits.map(\.stats) == [
                HabitStats(streak: 3, best: 3, lastDay: Fixture.today, total: 3),
                HabitStats(streak: 2, best: 2, lastDay: Fixture.today, total: 2),
            ])
            #expect(try await db.reloaded().habits.map(\.stats) == habits.map(\.stats))
        }
    }

    @Test func theHistoryComesFromTheFileAfterAReopen() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            for days in [5, 4, 3] { try await db.did("exercise", when: .daysAgo(days)) }
            try await db.did("exercise", when: .daysAgo(1))
            let reopened = UserDatabase(path: db.path, durability: .normal)
            let stats = try await reopened.did("exercise", when: .daysAgo(2)).state.habits[0].stats
            #expect(stats.streak == 5 && stats.best == 5)
            #expect(stats.lastDay == Fixture.today - 1)
        }
    }

    @Test func undoneRecordingsDoNotCountTowardsAStreak() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise", when: .daysAgo(2))
            try await db.undo()
            try await db.did("exercise")
            let stats = try await db.did("exercise", when: .daysAgo(1)).state.habits[0].stats
            #expect(stats.streak == 2)
            #expect(stats.best == 2)
        }
    }
}

/// Moving the day start (or the time zone) can put "today" before a habit's latest day: a completion then
/// fills a day gone by, and the streak is recounted from the ledger as for any backdated day.
@Suite struct TodayBeforeTheLatestDayTests {
    /// Saturday 2026-11-21 at `hour`:00 UTC.
    static func saturday(_ hour: Int) -> Date { Fixture.now + TimeInterval((12 + hour) * 3600) }

    @Test func aLaterDayStartThatFillsTheGapJoinsTheRuns() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise", when: .daysAgo(2), at: Self.saturday(1))
            try await db.did("exercise", at: Self.saturday(1))
            #expect(try await db.state().habits[0].stats == HabitStats(streak: 1, best: 1, lastDay: Fixture.today + 1, total: 2))
            _ = try await db.apply(.configure(.dayStart(hour: 4), area: nil), at: Self.saturday(2))
            let stats = try await db.did("exercise", at: Self.saturday(2)).state.habits[0].stats
            #expect(stats == HabitStats(streak: 3, best: 3, lastDay: Fixture.today + 1, total: 3))
            #expect(try await db.reloaded().habits[0].stats == stats)
        }
    }

    @Test func aTimeZoneToTheWestThatFillsTheGapJoinsTheRunsOfARoutine() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(HabitDraft(name: "Stretch"))
            _ = try await db.apply(.addRoutine(name: "Morning", habits: ["exercise", "stretch"]), at: Fixture.now)
            try await db.did("morning", when: .daysAgo(2), at: Self.saturday(1))
            try await db.did("morning", at: Self.saturday(1))
            _ = try await db.apply(.configure(.timeZone("America/New_York"), area: nil), at: Self.saturday(2))
            // 21:00 on Friday in New York.
            let habits = try await db.did("morning", at: Self.saturday(2)).state.habits
            #expect(habits.map(\.stats) == [
                HabitStats(streak: 3, best: 3, lastDay: Fixture.today + 1, total: 3),
                HabitStats(streak: 3, best: 3, lastDay: Fixture.today + 1, total: 3),
            ])
        }
    }
}
