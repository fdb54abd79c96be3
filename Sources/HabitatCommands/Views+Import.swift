import Foundation
import HabitatEngine

extension Views {
    /// What an import brings in (a dry run, ending with `confirm`, how to go on) or brought in (with the `outcome`): a line
    /// a habit, then what came in only roughly or not at all. `into` says where each habit goes (is called here, or
    /// which habit of the user's takes its days), when known.
    ///
    ///     From Loop Habit Tracker: 3 habits, 214 days of history.
    ///       Meditate · every day · 98 days
    ///       Coffee (bad habit) · limit 2 cups a day · 45 days
    public static func importSummary(
        _ plan: ImportPlan, into: [ImportedInto]? = nil, user: String, confirm: String = "", outcome: Outcome? = nil
    ) -> String {
        var lines = ["From \(plan.source): \(GameState.count(plan.habits.count, "habit")), \(GameState.count(plan.dayCount, "day")) of history."]
        for (index, habit) in plan.habits.enumerated() {
            let place = into.flatMap { index < $0.count ? $0[index] : nil } ?? ImportedInto(name: habit.name)
            let name = place.name
            var parts = [name + (habit.kind == .bad ? " (bad habit)" : "") + (habit.archived ? " (archived)" : "")]
            // A bad habit has no schedule to say.
            if let amount = habit.amount {
                if habit.kind == .good, habit.schedule.isQuota { parts.append(habit.schedule.words) }
                parts.append(GameState.describe(amount, of: habit.kind, schedule: habit.schedule))
            } else if habit.kind == .good {
                parts.append(habit.schedule.words + (habit.bite > 0 ? ", \(habit.bite) life if missed" : ""))
            }
            if !habit.steps.isEmpty { parts.append("steps: " + habit.steps.joined(separator: ", ")) }
            parts.append(GameState.count(habit.days.count, "day"))
            lines.append("  " + parts.joined(separator: " · "))
            if place.merged {
                lines.append("    (into \(user)'s \(name): the days it has already keep their own recordings)")
            } else if name != habit.name {
                lines.append("    (called \(name): \(user) has a habit called \(habit.name) already)")
            }
        }
        if !plan.todos.isEmpty {
            let open = plan.todos.filter(\.isOpen)
            lines.append("  To-dos: \(open.count) open\(open.isEmpty ? "" : " (\(open.map(\.name).joined(separator: ", ")))"), \(plan.todos.count - open.count) done")
        }
        if !plan.rewards.isEmpty {
            lines.append("  Rewards: " + plan.rewards.map { "\($0.name) (\(GameState.coins($0.price)))" }.joined(separator: ", "))
        }
        if !plan.areas.isEmpty { lines.append("  Areas: " + plan.areas.joined(separator: ", ")) }
        if let character = plan.character {
            lines.append("  Character: level \(character.level), \(GameState.coins(character.coins)), \(Int((character.health * 100).rounded()))% health")
        }
        if !plan.notes.isEmpty {
            lines.append("Kept only roughly, or not brought in:")
            lines += plan.notes.map { "  - \($0)" }
        }
        if outcome == nil {
            lines.append(confirm)
        } else {
            if let lead = outcome?.entry, lead.xp > 0 || lead.coins > 0 {
                lines.append("Imported into \(user)'s game. The history earned +\(lead.xp) XP, \(GameState.coins(lead.coins, signed: true)); 'undo' takes it back (the habits stay).")
            } else {
                lines.append("Imported into \(user)'s game. The history earns no XP or coins; 'undo' takes it back (the habits stay).")
            }
            lines += outcome?.toasts.dropFirst().map(\.message) ?? []
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
