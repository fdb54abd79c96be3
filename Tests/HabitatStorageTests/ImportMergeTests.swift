import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

/// `habitat import --merge`: a habit the user has already, by name and kind, takes the file's days; the days it had keep
/// their own recordings; undo takes the file's days back and leaves the habit as it was.
@Suite struct ImportMergeTests {
    static func plan() -> ImportPlan {
        let today = Fixture.today
        var meditate = ImportedHabit(name: "meditate")
        meditate.days = [ImportedDay(day: today - 3), ImportedDay(day: today - 2), ImportedDay(day: today - 1, note: "from the file")]
        var smoking = ImportedHabit(name: "Exercise", kind: .bad, days: [ImportedDay(day: today - 5)])
        smoking.created = today - 10
        return ImportPlan(source: "Loop Habit Tracker", habits: [meditate, smoking])
    }

    @Test func aHabitOfTheSameNameAndKindTakesTheFilesDays() async throws {
        try await withUserDatabase { database in
            try await database.add(HabitDraft(name: "Meditate"))
            try await database.add(Fixture.exercise)
            try await database.apply(.record(Recording(habit: "meditate", times: 2, when: .daysAgo(1), note: "my own")), at: Fixture.now)
            try await database.did("meditate")
            let statsBefore = try await database.state().habits[0].stats
            #expect(statsBefore == HabitStats(streak: 2, best: 2, lastDay: Fixture.today, total: 3))

            let (outcome, state, into) = try await database.importing(Self.plan(), options: ImportOptions(merge: true), at: Fixture.now)
            // Exercise is a good habit here and a bad one in the file: not merged, numbered.
            #expect(into == [ImportedInto(name: "Meditate", merged: true), ImportedInto(name: "Exercise (2)")])
            #expect(state.habits.map(\.name) == ["Meditate", "Exercise", "Exercise (2)"])
            #expect(outcome.toasts.first?.message == "Imported 2 habits from Loop Habit Tracker with 3 days of history.")
            // Yesterday keeps its own recording (×2, "my own"); the two days before come from the file.
            #expect(state.habits[0].stats == HabitStats(streak: 4, best: 4, lastDay: Fixture.today, total: 5))
            let days = try await database.read { try $0.habitDays() }
            let id = try #require(state.habits[0].id)
            #expect(days[id] == [Fixture.today - 3: 1, Fixture.today - 2: 1, Fixture.today - 1: 2, Fixture.today: 1])
            let notes = try await database.read { try $0.habitNotes() }
            #expect(notes[id] == [Fixture.today - 1: "my own"])

            let undone = try await database.undo().state
            #expect(undone.habits[0].stats == statsBefore)
            #expect(try await database.read { try $0.habitDays() }[id] == [Fixture.today - 1: 2, Fixture.today: 1])
        }
    }

    @Test func withoutMergeASameNamedHabitIsNumbered() async throws {
        try await withUserDatabase { database in
            try await database.add(HabitDraft(name: "Meditate"))
            let (_, state, into) = try await database.importing(Self.plan(), at: Fixture.now)
            #expect(into == [ImportedInto(name: "meditate (2)"), ImportedInto(name: "Exercise")])
            #expect(state.habits.map(\.stats.total) == [0, 3, 1])
        }
    }
}
