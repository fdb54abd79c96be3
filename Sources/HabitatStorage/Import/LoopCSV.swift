import Foundation
import HabitatEngine
import SwiftCSV
import ZIPFoundation

/// Loop Habit Tracker's CSV export (Settings → Export as CSV: `Loop Habits CSV <date>.zip`), read as an ``ImportPlan``.
///
/// The format, from Loop's source (`iSoron/uhabits`, `uhabits-core/src/jvmMain/java/org/isoron/uhabits/core/io/
/// HabitsCSVExporter.kt` and `core/models/HabitList.kt` `writeCSV`): `Habits.csv` lists every habit (`Position,Name,Type,
/// Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?` since
/// v2.3.1; `Position,Name,Question,Description,NumRepetitions,Interval,Color` before), and each habit's folder, named
/// by its position (`001 Meditate/`), holds its `Checkmarks.csv`: `Date,Value,Notes`, newest first, a value named
/// (`YES_MANUAL` done, `YES_AUTO` not needed that day, `NO`, `SKIP`) or, for a measurable habit, the amount × 1000;
/// before v2.3.1 without a header, and the value as Loop stores it (2 done, 0, 3, -1).
public enum LoopCSV {
    /// Whether `path` is a zip holding Loop's `Habits.csv`.
    public static func isExport(at path: String) -> Bool {
        guard let head = FileManager.default.contents(atPath: path)?.prefix(2), head == Data("PK".utf8),
            let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        else { return false }
        return archive["Habits.csv"] != nil
    }

    public static func read(at path: String) throws -> ImportPlan {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        func text(_ entry: Entry) throws -> String {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            return String(decoding: data, as: UTF8.self)
        }
        guard let list = archive["Habits.csv"] else { throw HabitatError(.invalidArgument, "This zip has no Habits.csv: it is not Loop's CSV export.") }
        let habits = try EnumeratedCSV(string: try text(list), loadColumns: false)
        let columns = Dictionary(habits.header.enumerated().map { ($1, $0) }) { first, _ in first }
        func field(_ row: [String], _ names: String...) -> String? {
            names.lazy.compactMap { columns[$0] }.first.flatMap { $0 < row.count ? row[$0] : nil }
        }
        let checkmarks = archive.filter { $0.path.hasSuffix("/Checkmarks.csv") }
        var plan = ImportPlan(source: LoopBackup.source)
        var unkept = LoopBackup.Unkept()
        for (index, row) in habits.rows.enumerated() {
            let position = field(row, "Position") ?? String(format: "%03d", index + 1)
            var habit = LoopBackup.LoopHabit(name: field(row, "Name") ?? "")
            habit.numerical = field(row, "Type") == "NUMERICAL"
            habit.atMost = field(row, "Target Type") == "AT_MOST"
            habit.num = max(1, Int(field(row, "FrequencyNumerator", "NumRepetitions") ?? "") ?? 1)
            habit.den = max(1, Int(field(row, "FrequencyDenominator", "Interval") ?? "") ?? 1)
            habit.target = Double(field(row, "Target Value") ?? "") ?? 0
            habit.unit = field(row, "Unit") ?? ""
            habit.archived = field(row, "Archived?") == "true"
            habit.described = !(field(row, "Question") ?? "").isEmpty || !(field(row, "Description") ?? "").isEmpty
            // The folder of the habit at that position: `001 Meditate/`, or `001/` for a name with nothing left of it.
            if let entry = checkmarks.first(where: { $0.path.hasPrefix(position + " ") || $0.path.hasPrefix(position + "/") }) {
                habit.days = days(in: try text(entry))
            }
            plan.habits.append(LoopBackup.imported(habit, number: index + 1, unkept: &unkept))
        }
        plan.notes = unkept.notes(plan)
        return plan
    }

    /// A habit's `Checkmarks.csv` as the values Loop stores (`YES_MANUAL` as 2, …), oldest first.
    static func days(in text: String) -> [(day: Day, value: Int64, note: String?)] {
        guard let csv = try? EnumeratedCSV(string: text, loadColumns: false) else { return [] }
        // Before v2.3.1 the file had no header: its first line is a day's.
        let rows = (Day(iso: csv.header.first ?? "") != nil ? [csv.header] : []) + csv.rows
        let names: [String: Int64] = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1]
        return rows.compactMap { row -> (Day, Int64, String?)? in
            guard row.count >= 2, let day = Day(iso: row[0]), let value = names[row[1]] ?? Int64(row[1]) else { return nil }
            let note = row.count > 2 && !row[2].isEmpty ? row[2] : nil
            return (day, value, note)
        }.reversed()
    }
}
