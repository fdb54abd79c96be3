import Foundation
import HabitatCommands
import HabitatEngine

/// `add area Fitness`: a life area with its own level.
struct AddArea: HabitatCommand {
    static let spec = Spec(
        "add area", usage: "add area <name>", summary: "add a life area with its own level (Fitness, Mind, Home)",
        examples: ["add area Fitness"],
        triggers: [["add", "area"], ["new", "area"], ["add", "an", "area"], ["add", "a", "new", "area"], ["add", "new", "area"], ["create", "area"]]
    ) { rest in
        var rest = rest
        // `add an area called Garden`
        if rest.count > 1, !rest[0].quoted, ["called", "named"].contains(rest[0].lower) { rest.removeFirst() }
        guard !rest.isEmpty else { throw HabitatError.usage("add area <name>", "Give the area a name.") }
        // `add an area called Body and put yoga in it`: a name, then another request, which is never part of it.
        // (`add area Work and habit deep work 2 hours in it`: so is a habit to add to it.)
        if let and = rest.indices.first(where: { !rest[$0].quoted && rest[$0].lower == "and" }), and > 0, and + 1 < rest.count,
            ["put", "move", "add", "create", "habit", "habits"].contains(rest[and + 1].lower)
                || rest[and + 1].lower == "a" && and + 2 < rest.count && rest[and + 2].lower == "habit"
        {
            let area = rest[..<and].map(\.text).joined(separator: " ")
            let then = ["put", "move"].contains(rest[and + 1].lower) ? "'edit <habit> in \(area)'" : "'add habit <name> in \(area)'"
            throw HabitatError(.unknownCommand, "One thing at a time: 'add area \(area)', then \(then).")
        }
        return AddArea(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    var touches: Touches { .change(.addArea(name)) }
}

/// `areas`: the areas with their levels.
struct ListAreas: PersonalView {
    static let spec = Spec("areas", summary: "your areas with their levels", triggers: Spec.asked("areas"), command: ListAreas())

    var touches: Touches { .view }

    func view(of state: GameState, now: Date) -> Reply { Views.areas(state) }
}

/// `rename area Fitness to Health`.
struct RenameArea: HabitatCommand {
    static let spec = Spec(
        "rename area", usage: "rename area <area> to <new name>", summary: "rename an area; its level, XP and habits come along",
        examples: ["rename area Fitness to Health"], triggers: [["rename", "area"]]
    ) { rest in
        let (name, newName) = try rest.renaming(usage: "rename area <area> to <new name>")
        return RenameArea(name, to: newName)
    }

    let name: String
    let newName: String

    init(_ name: String, to newName: String) {
        (self.name, self.newName) = (name, newName)
    }

    var touches: Touches { .change(.renameArea(name, to: newName)) }
}

/// `delete area Fitness`: asks first; its habits stay, with no area.
struct DeleteArea: HabitatCommand {
    static let spec = Spec(
        "delete area", usage: "delete area <area>", summary: "delete an area (asks for 'yes' first); its habits stay, with no area",
        examples: ["delete area Fitness"], triggers: [["delete", "area"], ["remove", "area"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("delete area <area>", "Which area?") }
        return DeleteArea(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    /// It asks first.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        guard let confirmed = context.confirmed else {
            let state = try await context.state()
            let area = try state.area(named: name)
            context.session.pendingDelete = .area(area.name)
            return Reply(.ask, state.deleteAreaQuestion(area))
        }
        return try await context.applyConfirmed(.deleteArea(name), confirmed)
    }
}
