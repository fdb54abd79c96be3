import HabitatCommands
import HabitatEngine

/// `rename exercise to Workout`: history and streaks come along, and so do its running timers and reminders.
struct RenameHabit: HabitatCommand {
    static let spec = Spec(
        "rename", usage: "rename <habit> to <new name>", summary: "rename a habit; history and streaks come along",
        examples: ["rename exercise to Workout"], triggers: [["rename"]]
    ) { rest in
        let (name, newName) = try rest.renaming(usage: "rename <habit> to <new name>")
        return RenameHabit(name, to: newName)
    }

    let name: String
    let newName: String

    init(_ name: String, to newName: String) {
        (self.name, self.newName) = (name, newName)
    }

    /// The habit's timers and reminders are in the directory.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (account, now, directory, name, newName) = (try context.account, context.now, context.directory, name, newName)
        return try await context.users.with(account.fileID) { database in
            let habit = try await database.state().habit(named: name)
            // A timer running for it records it under its new name when it ends, and its reminders say the new name:
            // renamed with the habit, or neither is.
            let (outcome, state) = try await database.apply(.rename(name, to: newName), at: now) { _, state in
                if let renamed = state.habits.first(where: { $0.id == habit.id }), renamed.name != habit.name {
                    try directory.habitRenamed(of: account.id, from: habit.name, to: renamed.name)
                }
            }
            return Views.outcome(outcome, state)
        }
    }
}
