import Foundation
import HabitatEngine
import ZIPFoundation

extension LoopCSV {
    /// Writes `habits` and their days as Loop Habit Tracker's CSV export (v2.3.1's layout, `HabitsCSVExporter.kt`), a
    /// zip at `path`, which must not exist yet: `Habits.csv`; for each habit a folder (`001 Meditate/`) with its
    /// `Checkmarks.csv` (each day done, newest first: `YES_MANUAL`, or a measurable habit's amount × 1000, and the
    /// day's notes) and its `Scores.csv` (`strength` on each day from `today` back to its first, as Loop's score from 0
    /// to 1); then `Checkmarks.csv` and `Scores.csv` of all habits side by side. A habit is said as the Loop backup
    /// says it (``LoopBackup/write(_:days:notes:to:)``). Loop also marks the days a frequency lets pass (`YES_AUTO`),
    /// which it works out again from the days done; those are not written.
    public static func write(
        _ habits: [Habit], days: [Int64: [Day: Quantity]], notes: [Int64: [Day: String]], today: Day, strength: (Habit, Day) -> Int,
        to path: String
    ) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        func add(_ name: String, _ lines: [String]) throws {
            let data = Data(lines.map { $0 + "\n" }.joined().utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        var list = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?"]
        var columns: [(name: String, cells: [Day: String], scores: [Day: String])] = []
        var oldest = today
        for (index, habit) in habits.enumerated() {
            let position = String(format: "%03d", index + 1)
            let said = LoopBackup.said(habit)
            list.append(
                [
                    position, field(habit.name), said.numerical ? "NUMERICAL" : "YES_NO", "", "", "\(said.num)", "\(said.den)", "#1976D2",
                    said.numerical ? field(said.unit) : "", said.numerical ? (said.atMost ? "AT_MOST" : "AT_LEAST") : "",
                    said.numerical ? javaDouble(said.target) : "", habit.archived ? "true" : "false",
                ].joined(separator: ","))
            let done = (habit.id.flatMap { days[$0] } ?? [:]).filter { $0.value > 0 }
            let first = done.keys.min() ?? today
            oldest = min(oldest, first)
            var cells: [Day: String] = [:]
            for (day, count) in done { cells[day] = said.numerical ? "\(count.thousandths)" : "YES_MANUAL" }
            let checkmarks = cells.keys.sorted(by: >).map { day in
                "\(day),\(cells[day]!),\(field(habit.id.flatMap { notes[$0]?[day] } ?? ""))"
            }
            var scores: [Day: String] = [:]
            for day in stride(from: today.ordinal, through: first.ordinal, by: -1).map(Day.init(ordinal:)) {
                scores[day] = String(format: "%.4f", Double(strength(habit, day)) / 100)
            }
            let folder = "\(position) \(folderName(habit.name))".trimmingCharacters(in: .whitespaces)
            try add("\(folder)/Scores.csv", ["Date,Score"] + scores.keys.sorted(by: >).map { "\($0),\(scores[$0]!)" })
            try add("\(folder)/Checkmarks.csv", ["Date,Value,Notes"] + checkmarks)
            columns.append((habit.name, cells, scores))
        }
        try add("Habits.csv", list)
        // Both with a comma after every cell, as Loop writes them, every day from today back to the first of any habit.
        let header = (["Date"] + columns.map(\.name)).joined(separator: ",") + ","
        let range = stride(from: today.ordinal, through: oldest.ordinal, by: -1).map(Day.init(ordinal:))
        let hasDays = columns.contains { !$0.cells.isEmpty }
        try add("Scores.csv", [header] + (hasDays ? range : []).map { day in "\(day)," + columns.map { ($0.scores[day] ?? "0.0000") + "," }.joined() })
        try add("Checkmarks.csv", [header] + (hasDays ? range : []).map { day in "\(day)," + columns.map { ($0.cells[day] ?? "UNKNOWN") + "," }.joined() })
    }

    /// A field as Loop's CSV writer (opencsv) writes it: quoted when it holds a quote, a comma or a line break, its
    /// quotes doubled.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "," || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A habit's name as Loop names its folder: letters, digits, spaces and `._-` kept, at most 100 characters.
    static func folderName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0)) }
        return String(String.UnicodeScalarView(kept.prefix(100))).trimmingCharacters(in: .whitespaces)
    }

    /// A target as Java's `Double.toString` writes it: `10.0`, `2.5`.
    static func javaDouble(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e7 ? String(format: "%.1f", value) : "\(value)"
    }
}
