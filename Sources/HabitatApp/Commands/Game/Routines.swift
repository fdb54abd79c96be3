import Foundation
import HabitatCommands
import HabitatEngine

/// `add routine Morning: wake up, exercise, meditate`: recorded together with `did morning`.
struct AddRoutine: HabitatCommand {
    static let usage = "add routine <name>: <habit>, <habit>, ..."

    static let spec = Spec(
        "add routine", usage: usage, summary: "a named list of habits, recorded together with 'did <name>'",
        examples: ["add routine Morning: wake up, exercise, meditate"], triggers: [["add", "routine"], ["new", "routine"]]
    ) { rest in
        let text = rest.phrase
        guard let colon = text.firstIndex(of: ":") else { throw HabitatError.usage(usage, "Put a colon after the name.") }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let habits = text[text.index(after: colon)...].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !name.isEmpty, !habits.isEmpty else { throw HabitatError.usage(usage) }
        return AddRoutine(name: name, habits: habits)
    }

    let name: String
    let habits: [String]

    var touches: Touches { .change(.addRoutine(name: name, habits: habits)) }
}

/// `routines`: each routine and what it holds.
struct ListRoutines: PersonalView {
    static let spec = Spec(
        "routines", summary: "your routines and what they hold", triggers: Spec.asked("routines"), command: ListRoutines())

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply { Views.routines(state) }
}

/// `delete routine Morning`: its habits stay.
struct DeleteRoutine: HabitatCommand {
    static let spec = Spec(
        "delete routine", usage: "delete routine <name>", summary: "delete a routine (its habits stay)",
        examples: ["delete routine Morning"], triggers: [["delete", "routine"], ["remove", "routine"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("delete routine <name>", "Which routine?") }
        return DeleteRoutine(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    var touches: Touches { .change(.deleteRoutine(name)) }
}

/// `templates`: the starter packs of habits.
struct ListTemplates: PersonalView {
    static let spec = Spec("templates", summary: "starter packs of habits", triggers: Spec.asked("templates"), command: ListTemplates())

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply { Views.templates() }
}

/// `use template fitness`: a starter pack's area and habits in one step.
struct UseTemplate: HabitatCommand {
    static let spec = Spec(
        "use template", usage: "use template <name>", summary: "add a starter pack's area and habits in one step",
        examples: ["use template fitness"], triggers: [["use", "template"], ["template"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("use template <name>", "Which template? Type 'templates'.") }
        return UseTemplate(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    var touches: Touches { .change(.useTemplate(name)) }
}
