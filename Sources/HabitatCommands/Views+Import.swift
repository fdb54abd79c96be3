import Foundation
import HabitatEngine

extension Views {
    /// What an import brings in (a dry run, `names` nil) or brought in (`names`, what the habits are called here):
    /// a line a habit, then what came in only roughly or not at all.
    ///
    ///     From Loop Habit Tracker: 3 habits, 214 days of history.
    ///       Meditate · every day · 98 days
    ///       Coffee (bad habit) · limit 2 cups a day · 45 days
    public static func importSummary(_ plan: ImportPlan, names: [String]? = nil, user: String) -> String {
        var lines = ["From \(plan.source): \(GameState.count(plan.habits.count, "habit")), \(GameState.count(plan.dayCount, "day")) of history."]
        for (index, habit) in plan.habits.enumerated() {
            let name = names?[index] ?? habit.name
            var parts = [name + (habit.kind == .bad ? " (bad habit)" : "") + (habit.archived ? " (archived)" : "")]
            parts.append(habit.amount.map { GameState.describe($0, of: habit.kind) } ?? habit.schedule.words)
            parts.append(GameState.count(habit.days.count, "day"))
            lines.append("  " + parts.joined(separator: " · "))
            if name != habit.name { lines.append("    (called \(name): \(user) has a habit called \(habit.name) already)") }
        }
        if !plan.notes.isEmpty {
            lines.append("Kept only roughly, or not brought in:")
            lines += plan.notes.map { "  - \($0)" }
        }
        if names == nil {
            lines.append("Nothing was changed: this was a dry run. Run it again without --dry-run to bring it in.")
        } else {
            lines.append("Imported into \(user)'s game. The history earns no XP or coins; 'undo' takes it back (the habits stay).")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
