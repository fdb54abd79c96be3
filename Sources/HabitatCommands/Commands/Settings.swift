import HabitatEngine

extension CommandTable {
    /// The player's settings.
    static let settings: [CommandSpec] = [
        CommandSpec(
            "config", usage: "config [setting value]", summary: "show your settings, or change one",
            examples: [
                "config", "config curve exponential", "config multiplier 2", "config xp per level 200",
                "config running target 3 km", "config timezone Europe/Berlin", "config day start 4",
                "config area Fitness curve flat",
            ],
            triggers: [["config"], ["settings"], ["set"]] + CommandSpec.asked("settings").dropFirst() + [["show", "config"]],
            parse: SettingsParser.parse
        ),
    ]
}
