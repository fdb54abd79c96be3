import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct RoutineTests {
    /// A user with three good habits and a `Morning` routine of two of them.
    func withMorningRoutine<T>(_ body: (UserDatabase) async throws -> T) async throws -> T {
        try await withUserDatabase { db in
            _ = try await db.apply(.addArea("Fitness"), at: Fixture.now)
            try await db.add(HabitDraft(name: "Stretch", xp: 20, coins: 2, area: "Fitness"))
            try await db.add(HabitDraft(name: "Read", xp: 30, coins: 3))
            try await db.add(HabitDraft(name: "Exercise"))
            _ = try await db.apply(.addRoutine(name: "Morning", habits: ["stretch", "read"]), at: Fixture.now)
            return try await body(db)
        }
    }

    @Test func aRoutineSurvivesAReopen() async throws {
        try await withMorningRoutine { db in
            let state = try await db.state()
            let reloaded = try await db.reloaded()
            #expect(reloaded.routines.map(\.name) == ["Morning"])
            #expect(reloaded.routines.first?.id != nil)
            #expect(reloaded.routines.first?.habitIDs == state.habits.prefix(2).compactMap(\.id))
            #expect(reloaded == state)
        }
    }

    @Test func recordingARoutineAppendsALeadRowAndOneCompletionPerHabit() async throws {
        try await withMorningRoutine { db in
            let recorded = try await db.did("morning")
            let lead = try #require(recorded.outcome.entry)
            let entries = try await db.entries()
            #expect(entries.map(\.kind) == [.routine, .completion, .completion])
            #expect(entries[0] == lead)
            #expect(lead.xp == 50 && lead.coins == 5 && lead.quantity == 2)
            #expect(entries.dropFirst().map(\.subject) == ["Stretch", "Read"])
            #expect(entries.dropFirst().allSatisfy { $0.batch == lead.id })
            #expect(try await db.read { try $0.latestUndoable() } == lead)
            #expect(try await db.reloaded() == recorded.state)
        }
    }

    @Test func undoingARoutineRevertsEveryHabitInIt() async throws {
        try await withMorningRoutine { db in
            try await db.did("exercise")
            let before = try await db.state()
            let exercise = try await db.read { try $0.latestUndoable() }
            try await db.did("morning")
            let undone = try await db.undo()
            #expect(undone.state == before)
            #expect(try await db.reloaded() == before)

            let entries = try await db.entries()
            let morning = entries.filter { $0.kind == .routine || ($0.kind == .completion && $0.batch != nil) }
            let ids = morning.compactMap(\.id)
            #expect(ids.count == 3)
            let reverted = entries.filter { $0.kind == .undo }.compactMap(\.reverts)
            #expect(Set(reverted) == Set(ids))
            #expect(try await db.read { try $0.latestUndoable() } == exercise)
        }
    }

    @Test func aRoutineAndItsUndoLeaveTheHabitsStatsAsBefore() async throws {
        try await withMorningRoutine { db in
            try await db.did("stretch", when: .daysAgo(1))
            let before = try await db.state()
            try await db.did("morning")
            #expect(try await db.state().habits[0].stats.streak == 2)
            try await db.undo()
            #expect(try await db.reloaded().habits == before.habits)
            #expect(try await db.reloaded().areas == before.areas)
        }
    }
}
