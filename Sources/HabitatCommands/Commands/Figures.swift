import HabitatEngine

extension CommandTable {
    /// The totals: `status`, each figure of it alone, and the habits.
    static let figures: [CommandSpec] = [
        CommandSpec("status", summary: "your level, XP, health and coins", triggers: [["status"], ["stats"], ["me"]], command: .status),
        CommandSpec("level", summary: "your level, and the XP to the next", triggers: CommandSpec.asked("level") + [["lvl"]], command: .figure(.level)),
        CommandSpec("xp", summary: "your XP toward the next level", triggers: CommandSpec.asked("xp") + [["exp"], ["experience"]], command: .figure(.xp)),
        CommandSpec("health", summary: "your health", triggers: CommandSpec.asked("health") + [["hp"], ["life"], ["my", "hp"], ["my", "life"]], command: .figure(.health)),
        CommandSpec("coins", summary: "how many coins you have", triggers: CommandSpec.asked("coins") + [["gold"], ["money"], ["balance"], ["my", "balance"], ["my", "money"]], command: .figure(.coins)),
        CommandSpec("habits", summary: "list your habits with their rewards and streaks", triggers: CommandSpec.asked("habits") + [["list"]], command: .habits),
    ]

    /// The days: today, the history, streaks and the heatmap.
    static let days: [CommandSpec] = [
        CommandSpec(
            "today", summary: "today's habits by area, done (✓) or not yet (·)", triggers: [["today"], ["day"]], command: .today),
        CommandSpec(
            "history", usage: "history [habit]", summary: "recent completions, slips and purchases, with notes",
            examples: ["history", "history breakfast"], triggers: [["history"], ["show", "history"], ["show", "my", "history"], ["my", "history"]]
        ) { rest in .history(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec("streaks", summary: "current and best streaks of every habit", triggers: CommandSpec.asked("streaks") + CommandSpec.asked("streak"), command: .streaks),
        CommandSpec(
            "heatmap", usage: "heatmap [habit]", summary: "the last 12 weeks as a picture",
            examples: ["heatmap", "heatmap exercise"], triggers: [["heatmap"], ["calendar"]]
        ) { rest in .heatmap(rest.isEmpty ? nil : rest.phrase) },
    ]
}
