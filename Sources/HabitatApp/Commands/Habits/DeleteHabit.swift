import HabitatCommands
import HabitatEngine

/// `delete habit exercise`: asks first; `yes` deletes it, and its reminders with it.
struct DeleteHabit: HabitatCommand {
    static let spec = Spec(
        "delete habit", usage: "delete habit <habit>", summary: "delete a habit for good (asks for 'yes' first)",
        examples: ["delete habit exercise"], triggers: [["delete", "habit"], ["delete"], ["remove", "habit"]]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("delete habit <habit>", "Which habit?") }
        return DeleteHabit(rest.phrase)
    }

    let name: String

    init(_ name: String) {
        self.name = name
    }

    /// It asks first.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        guard let confirmed = context.confirmed else {
            let habit = try await context.state().habit(named: name, includingArchived: true)
            context.session.pendingDelete = .habit(habit.name)
            return Reply(.ask, "Delete \(habit.name) for good? Past completions stay in your history. Type 'yes' to confirm; anything else cancels.")
        }
        let reply = try await context.applyConfirmed(.delete(name), confirmed)
        // A deleted habit's reminders go with it (one left over would be dropped when it came due anyway).
        if case .habit(let name) = confirmed {
            let reminders = try await context.directory.reminders(of: try context.account.id).filter { $0.reminder.habit == name }
            try await context.directory.removeReminders(reminders.map(\.reminder.id))
        }
        return reply
    }
}

extension CommandContext {
    /// The user's game.
    func state() async throws -> GameState {
        try await users.with(try account.fileID) { try await $0.state() }
    }

    /// A delete a `yes` confirmed: carried out only if what it names is still there by that very name.
    func applyConfirmed(_ action: Action, _ confirmed: PendingDelete) async throws -> Reply {
        let now = now
        return try await users.with(try account.fileID) { database in
            let (outcome, state) = try await database.apply(action, at: now) { state in try Pipeline.stillThere(confirmed, in: state) }
            return Views.outcome(outcome, state)
        }
    }
}
