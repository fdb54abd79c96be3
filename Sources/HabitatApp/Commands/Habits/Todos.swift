import Foundation
import HabitatCommands
import HabitatEngine

/// `add todo Call the dentist`, `todo renew passport by friday`: something to do once, due by a day when one is said.
struct AddTodo: HabitatCommand {
    static let spec = Spec(
        "add todo", usage: TodoParser.usage, summary: "something to do once, due by a day if you say one; it's worth more the longer it waits",
        examples: [
            "add todo Call the dentist", "todo renew passport by friday", "add todo Pay rent by the 3rd",
            "add todo Move house: pack books, book the van, clean the oven",
        ],
        triggers: [
            ["add", "todo"], ["add", "to-do"], ["add", "a", "todo"], ["add", "a", "to-do"], ["new", "todo"], ["new", "to-do"], ["todo"],
            ["to-do"], ["add", "a", "to", "do"], ["add", "to", "do"],
        ]
    ) { rest in
        let (name, due, checklist) = try TodoParser.parse(rest)
        return AddTodo(name: name, due: due, checklist: checklist)
    }

    let name: String
    let due: DayWords?
    let checklist: [String]

    var touches: Touches { .change(.addTodo(name: name, due: due, checklist: checklist)) }
}

/// `check pack books`, `tick van`: an item of a to-do's checklist ticked; the last one finishes the to-do.
struct CheckItem: HabitatCommand {
    static let spec = Spec(
        "check", usage: "check <item>", summary: "tick an item of a to-do's checklist or a habit's step; the last finishes the to-do or records the habit",
        examples: ["check pack books", "tick van"],
        triggers: [["check"], ["tick"], ["checked"], ["ticked"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("check <item>", "Which item?") }
        return CheckItem(item: rest.phrase)
    }

    let item: String

    var touches: Touches { .change(.checkItem(item)) }
}

/// `checklist move house add clean the oven`: one more item on a to-do's checklist; `checklist morning routine add
/// stretch`: a step of a habit's, the last of which records it.
struct AddChecklistItem: HabitatCommand {
    static let usage = "checklist <to-do or habit> add <item>"
    static let spec = Spec(
        "checklist", usage: usage, summary: "add an item to a to-do's checklist, or a step to a habit's (ticking its last step records it)",
        examples: ["checklist move house add clean the oven", "checklist morning routine add stretch"],
        triggers: [["checklist"]]
    ) { rest in
        guard let at = rest.firstIndex(where: { $0.lower == "add" }), at > 0, at < rest.count - 1 else {
            throw HabitatError.usage(usage, "Say the to-do or habit, then 'add' and the item.")
        }
        return AddChecklistItem(owner: Array(rest[..<at]).phrase, item: Array(rest[(at + 1)...]).phrase)
    }

    let owner: String
    let item: String

    var touches: Touches { .change(.addChecklistItem(to: owner, item: item)) }
}

/// `todos`: the open to-dos, overdue first; `todos done`: those done lately.
struct ListTodos: PersonalView {
    static let spec = Spec(
        "todos", usage: "todos [done]", summary: "your open to-dos, overdue first, with what each is worth; 'todos done' the ones done lately",
        examples: ["todos", "todos done"],
        triggers: [["todos"], ["to-dos"], ["my", "todos"], ["my", "to-dos"], ["todo", "list"], ["to-do", "list"]]
    ) { rest in
        guard rest.isEmpty || rest.map(\.lower) == ["done"] else { throw HabitatError.usage("todos [done]") }
        return ListTodos(done: !rest.isEmpty)
    }

    let done: Bool

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply { Views.todos(state, today: state.settings.day(of: now), done: done) }
}

/// `tick off dentist`, `ticked off call the dentist`: a to-do done (as `done call the dentist` is, when no habit goes by
/// that name).
struct TickOff: HabitatCommand {
    static let spec = Spec(
        "tick off", usage: "tick off <to-do>", summary: "a to-do done ('done <to-do>' and 'did <to-do>' do it too)",
        examples: ["tick off dentist", "ticked off call the dentist"],
        triggers: [["tick", "off"], ["ticked", "off"], ["check", "off"], ["checked", "off"], ["cross", "off"], ["crossed", "off"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("tick off <to-do>", "Which to-do?") }
        return TickOff(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .change(.completeTodo(name)) }
}

/// `edit todo dentist by monday`, `edit todo dentist no due`, `edit todo dentist rename Call Dr Lee`.
struct EditTodo: HabitatCommand {
    static let usage = "edit todo <to-do> [by <day> | no due] [rename <new name>]"
    static let spec = Spec(
        "edit todo", usage: usage, summary: "change a to-do's due day or its name",
        examples: ["edit todo dentist by monday", "edit todo dentist no due", "edit todo dentist rename Call Dr Lee"],
        triggers: [["edit", "todo"], ["edit", "to-do"], ["change", "todo"], ["change", "to-do"]]
    ) { rest in
        var words = Array(rest)
        var edit = TodoEdit()
        if let at = words.firstIndex(where: { $0.lower == "rename" }) {
            let name = words[(at + 1)...]
            guard !name.isEmpty else { throw HabitatError.usage(usage, "Rename it to what?") }
            edit.name = Array(name).phrase
            words.removeSubrange(at...)
        }
        let lower = words.map(\.lower)
        if lower.suffix(2) == ["no", "due"] || lower.suffix(3) == ["no", "due", "day"] || lower.suffix(3) == ["no", "due", "date"] {
            edit.due = .some(nil)
            words.removeLast(lower.last == "due" ? 2 : 3)
        } else {
            let (due, taken) = try TodoParser.due(of: lower)
            if let due {
                edit.due = .some(due)
                words.removeLast(taken)
            }
        }
        guard !words.isEmpty else { throw HabitatError.usage(usage, "Which to-do?") }
        return EditTodo(name: words.phrase, edit: edit)
    }

    let name: String
    let edit: TodoEdit

    var touches: Touches { .change(.editTodo(name, edit)) }
}

/// `delete todo dentist`: an open to-do gone, done or not (what was earned stays).
struct DeleteTodo: HabitatCommand {
    static let spec = Spec(
        "delete todo", usage: "delete todo <to-do>", summary: "take away an open to-do you won't do",
        examples: ["delete todo dentist"],
        triggers: [["delete", "todo"], ["delete", "to-do"], ["remove", "todo"], ["remove", "to-do"], ["drop", "todo"], ["drop", "to-do"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("delete todo <to-do>", "Which to-do?") }
        return DeleteTodo(name: rest.phrase)
    }

    let name: String

    var touches: Touches { .change(.deleteTodo(name)) }
}
