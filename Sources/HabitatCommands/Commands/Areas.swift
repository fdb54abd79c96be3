import HabitatEngine

extension CommandTable {
    /// Life areas, each with its own level.
    static let areas: [CommandSpec] = [
        CommandSpec(
            "add area", usage: "add area <name>", summary: "add a life area with its own level (Fitness, Mind, Home)",
            examples: ["add area Fitness"],
            triggers: [["add", "area"], ["new", "area"], ["add", "an", "area"], ["add", "a", "new", "area"], ["add", "new", "area"], ["create", "area"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("add area <name>", "Give the area a name.") }
            return .addArea(rest.phrase)
        },
        CommandSpec("areas", summary: "your areas with their levels", triggers: CommandSpec.asked("areas"), command: .areas),
        CommandSpec(
            "rename area", usage: "rename area <area> to <new name>", summary: "rename an area; its level, XP and habits come along",
            examples: ["rename area Fitness to Health"], triggers: [["rename", "area"]]
        ) { rest in
            let (name, newName) = try renaming(rest, usage: "rename area <area> to <new name>")
            return .renameArea(name, to: newName)
        },
        CommandSpec(
            "delete area", usage: "delete area <area>", summary: "delete an area (asks for 'yes' first); its habits stay, with no area",
            examples: ["delete area Fitness"], triggers: [["delete", "area"], ["remove", "area"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete area <area>", "Which area?") }
            return .deleteArea(rest.phrase)
        },
    ]
}
