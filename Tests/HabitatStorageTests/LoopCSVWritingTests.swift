import Foundation
import HabitatEngine
import Testing
import ZIPFoundation

@testable import HabitatStorage

/// `habitat export --format loop-csv`: Loop Habit Tracker's CSV export as v2.3.1 lays it out
/// (`uhabits-core/src/jvmMain/java/org/isoron/uhabits/core/io/HabitsCSVExporter.kt`, `HabitList.writeCSV`), which
/// Habitat's own importer reads back day for day.
@Suite struct LoopCSVWritingTests {
    static func files(of path: String) throws -> [String: String] {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        var files: [String: String] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = String(decoding: data, as: UTF8.self)
        }
        return files
    }

    @Test func theHabitsAndTheirDaysAreLaidOutAsLoopWritesThem() async throws {
        try await withTemporaryDirectory { folder in
            let database = UserDatabase(path: folder.appendingPathComponent("user.sqlite").path, durability: .normal)
            defer { database.close() }
            try await database.add(HabitDraft(name: "Meditate"))
            try await database.add(HabitDraft(name: "Run, outside", amount: DailyAmount(5, unit: "km")))
            try await database.add(HabitDraft(name: "Coffee", kind: .bad, amount: DailyAmount(2, unit: "cups")))
            try await database.add(HabitDraft(name: "Gym", schedule: .quota(3, .week)))
            try await database.apply(.record(Recording(habit: "meditate", when: .daysAgo(2), note: "calm, \"deep\"")), at: Fixture.now)
            try await database.did("meditate")
            try await database.did("run", times: 6, when: .daysAgo(1))
            try await database.did("coffee", times: 3)
            let state = try await database.state()
            let (days, notes) = try await database.read { (try $0.habitDays(), try $0.habitNotes()) }
            let path = folder.appendingPathComponent("loop.zip").path
            try LoopCSV.write(
                state.habits, days: days, notes: notes, today: Fixture.today,
                strength: { habit, day in state.keeping(habit, days: days, today: day).strength }, to: path)

            let files = try Self.files(of: path)
            #expect(
                files.keys.sorted() == [
                    "001 Meditate/Checkmarks.csv", "001 Meditate/Scores.csv", "002 Run outside/Checkmarks.csv", "002 Run outside/Scores.csv",
                    "003 Coffee/Checkmarks.csv", "003 Coffee/Scores.csv", "004 Gym/Checkmarks.csv", "004 Gym/Scores.csv", "Checkmarks.csv",
                    "Habits.csv", "Scores.csv",
                ])
            #expect(
                files["Habits.csv"] == """
                    Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
                    001,Meditate,YES_NO,,,1,1,#1976D2,,,,false
                    002,"Run, outside",NUMERICAL,,,1,1,#1976D2,km,AT_LEAST,5.0,false
                    003,Coffee,NUMERICAL,,,1,1,#1976D2,cups,AT_MOST,2.0,false
                    004,Gym,YES_NO,,,3,7,#1976D2,,,,false

                    """)
            #expect(files["001 Meditate/Checkmarks.csv"] == "Date,Value,Notes\n2026-11-20,YES_MANUAL,\n2026-11-18,YES_MANUAL,\"calm, \"\"deep\"\"\"\n")
            #expect(files["002 Run outside/Checkmarks.csv"] == "Date,Value,Notes\n2026-11-19,6000,\n")
            #expect(files["004 Gym/Checkmarks.csv"] == "Date,Value,Notes\n")
            #expect(files["004 Gym/Scores.csv"] == "Date,Score\n2026-11-20,0.0000\n")
            let meditate = state.habits[0]
            let strength = (0...2).map { Fixture.today - $0 }.map { String(format: "%.4f", Double(state.keeping(meditate, days: days, today: $0).strength) / 100) }
            #expect(files["001 Meditate/Scores.csv"] == "Date,Score\n2026-11-20,\(strength[0])\n2026-11-19,\(strength[1])\n2026-11-18,\(strength[2])\n")
            #expect(strength[0] != "0.0000")
            // Loop writes the names in these two files as they are, unquoted (`writeMultipleHabits`).
            #expect(
                files["Checkmarks.csv"] == """
                    Date,Meditate,Run, outside,Coffee,Gym,
                    2026-11-20,YES_MANUAL,UNKNOWN,3000,UNKNOWN,
                    2026-11-19,UNKNOWN,6000,UNKNOWN,UNKNOWN,
                    2026-11-18,YES_MANUAL,UNKNOWN,UNKNOWN,UNKNOWN,

                    """)
            #expect(files["Scores.csv"]?.hasPrefix("Date,Meditate,Run, outside,Coffee,Gym,\n2026-11-20,\(strength[0]),") == true)

            // Read back, every day is there.
            let plan = try LoopCSV.read(at: path)
            #expect(plan.habits.map(\.name) == ["Meditate", "Run, outside", "Coffee", "Gym"])
            #expect(plan.habits.map { $0.days.map(\.day) } == [[Fixture.today - 2, Fixture.today], [Fixture.today - 1], [Fixture.today], []])
            #expect(plan.habits[1].days.map(\.quantity) == [6])
            #expect(plan.habits[0].days.map(\.note) == ["calm, \"deep\"", nil])
            #expect(plan.habits[3].schedule == .quota(3, .week))
        }
    }
}
