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
        guard file(at: path, startsWith: "PK"),
            let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        else { return false }
        return archive["Habits.csv"] != nil
    }

    /// The most a zip may unpack to, all its files together: far beyond years of Loop's history, and short of a zip
    /// made to fill the server's memory.
    static let mostUnpacked = 64 << 20

    /// The export at `path`, called `name` in what is said (its own file name unless given).
    public static func read(at path: String, name: String? = nil) throws -> ImportPlan {
        let name = name ?? URL(fileURLWithPath: path).lastPathComponent
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw HabitatError(.invalidArgument, "\(name) is a damaged zip (cut short?): it can't be opened. Nothing was imported.")
        }
        var unpacked = 0
        func text(_ entry: Entry) throws -> String {
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    unpacked += chunk.count
                    guard unpacked <= mostUnpacked else { throw TooBig() }
                    data.append(chunk)
                }
            } catch is TooBig {
                throw HabitatError(.invalidArgument, "\(name) unpacks to more than \(mostUnpacked >> 20) MB, more than an import takes. Nothing was imported.")
            } catch {
                throw HabitatError(.invalidArgument, "\(name) is damaged: \(entry.path) can't be read from it. Nothing was imported.")
            }
            return String(decoding: data, as: UTF8.self)
        }
        guard let list = archive["Habits.csv"] else { throw HabitatError(.invalidArgument, "\(name) has no Habits.csv: it is not Loop's CSV export.") }
        let habits = try EnumeratedCSV(string: try text(list), loadColumns: false)
        let columns = Dictionary(habits.header.enumerated().map { ($1, $0) }) { first, _ in first }
        guard columns["Name"] != nil, columns["Position"] != nil else {
            throw HabitatError(
                .invalidArgument, "Habits.csv in \(name), line 1: its header has no Position and Name, so it is not Loop's list of habits. Nothing was imported.")
        }
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
            habit.target = Double(field(row, "Target Value") ?? "").flatMap { $0.isFinite ? $0 : nil } ?? 0
            habit.unit = field(row, "Unit") ?? ""
            habit.archived = field(row, "Archived?") == "true"
            habit.described = !(field(row, "Question") ?? "").isEmpty || !(field(row, "Description") ?? "").isEmpty
            // The folder of the habit at that position: `001 Meditate/`, or `001/` for a name with nothing left of it.
            if let entry = checkmarks.first(where: { $0.path.hasPrefix(position + " ") || $0.path.hasPrefix(position + "/") }) {
                habit.days = try days(in: try text(entry), file: "\(entry.path) in \(name)")
            }
            plan.habits.append(LoopBackup.imported(habit, number: index + 1, unkept: &unkept))
        }
        plan.notes = unkept.notes(plan)
        return plan
    }

    /// A habit's `Checkmarks.csv` (`file`, as said in an error) as the values Loop stores (`YES_MANUAL` as 2, …), oldest
    /// first. A line that is not a day and a value is refused, named.
    public static func days(in text: String, file: String) throws -> [(day: Day, value: Int64, note: String?)] {
        let csv: EnumeratedCSV
        do {
            csv = try EnumeratedCSV(string: text, loadColumns: false)
        } catch {
            throw HabitatError(.invalidArgument, "\(file) is not CSV Habitat can read (\(error)). Nothing was imported.")
        }
        // Before v2.3.1 the file had no header: its first line is a day's.
        let headed = Day(iso: csv.header.first ?? "") == nil
        if headed, csv.header.prefix(2) != ["Date", "Value"] {
            throw HabitatError(.invalidArgument, "\(file), line 1: the header is not Loop's 'Date,Value,Notes'. Nothing was imported.")
        }
        let names: [String: Int64] = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1]
        var days: [(Day, Int64, String?)] = []
        for (index, row) in ((headed ? [] : [csv.header]) + csv.rows).enumerated() {
            guard row.count >= 2, let day = Day(iso: row[0]), let value = names[row[1]] ?? Int64(row[1]) else {
                let line = index + (headed ? 2 : 1)
                throw HabitatError(
                    .invalidArgument, "\(file), line \(line): '\(row.joined(separator: ",").prefix(60))' is not a day and a value. Nothing was imported.")
            }
            days.append((day, value, row.count > 2 && !row[2].isEmpty ? row[2] : nil))
        }
        return days.reversed()
    }

    struct TooBig: Error {}
}
