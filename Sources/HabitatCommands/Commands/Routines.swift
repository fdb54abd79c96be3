import Foundation
import HabitatEngine

extension CommandTable {
    /// Routines, and the starter packs of habits.
    static let routines: [CommandSpec] = [
        CommandSpec(
            "add routine", usage: "add routine <name>: <habit>, <habit>, ...",
            summary: "a named list of habits, recorded together with 'did <name>'",
            examples: ["add routine Morning: wake up, exercise, meditate"],
            triggers: [["add", "routine"], ["new", "routine"]]
        ) { rest in
            let usage = "add routine <name>: <habit>, <habit>, ..."
            let text = rest.phrase
            guard let colon = text.firstIndex(of: ":") else { throw HabitatError.usage(usage, "Put a colon after the name.") }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let habits = text[text.index(after: colon)...].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !name.isEmpty, !habits.isEmpty else { throw HabitatError.usage(usage) }
            return .addRoutine(name: name, habits: habits)
        },
        CommandSpec("routines", summary: "your routines and what they hold", triggers: CommandSpec.asked("routines"), command: .routines),
        CommandSpec(
            "delete routine", usage: "delete routine <name>", summary: "delete a routine (its habits stay)",
            examples: ["delete routine Morning"], triggers: [["delete", "routine"], ["remove", "routine"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete routine <name>", "Which routine?") }
            return .deleteRoutine(rest.phrase)
        },
        CommandSpec("templates", summary: "starter packs of habits", triggers: CommandSpec.asked("templates"), command: .templates),
        CommandSpec(
            "use template", usage: "use template <name>", summary: "add a starter pack's area and habits in one step",
            examples: ["use template fitness"], triggers: [["use", "template"], ["template"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("use template <name>", "Which template? Type 'templates'.") }
            return .useTemplate(rest.phrase)
        },
    ]
}
