import HabitatCommands
import HabitatEngine

/// `undo`: the last recorded action taken back (in a room, its entry in the room's log too).
struct Undo: HabitatCommand {
    static let spec = Spec(
        "undo", summary: "take back your last recorded action (repeat to go further)",
        triggers: [["undo"], ["undo", "that"], ["undo", "last"], ["oops"]], command: Undo())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let (account, now, households) = (try context.account, context.now, context.households)
        return try await context.users.with(account.fileID) { try await households.undo(for: account, on: $0, now: now) }
    }
}
