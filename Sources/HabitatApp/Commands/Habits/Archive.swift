import HabitatCommands
import HabitatEngine

/// `archive exercise`: put away, history kept; `archive` alone lists what is put away.
struct Archive: HabitatCommand {
    static let spec = Spec(
        "archive", usage: "archive [habit]", summary: "put a habit away (history kept); alone: list archived habits",
        examples: ["archive exercise", "archive"], triggers: [["archive"]]
    ) { rest in Archive(rest.isEmpty ? nil : rest.phrase) }

    let name: String?

    init(_ name: String?) {
        self.name = name
    }

    /// The list counts streaks from the ledger.
    var touches: Touches { name.map { .change(.archive($0)) } ?? .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.withStreaks { state, today, days in Views.archive(state, today: today, days: days) }
    }
}

/// `unarchive exercise`.
struct Unarchive: HabitatCommand {
    static let spec = Spec(
        "unarchive", usage: "unarchive <habit>", summary: "bring an archived habit back",
        examples: ["unarchive exercise"], triggers: [["unarchive"], ["restore"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("unarchive <habit>", "Which habit?") }
        return Unarchive(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    var touches: Touches { .change(.unarchive(name)) }
}
