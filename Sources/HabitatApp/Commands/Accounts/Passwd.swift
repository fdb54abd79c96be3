import HabitatCommands
import HabitatEngine

/// `passwd <old> <new>`: the account's other connections are logged out at their next command.
struct Passwd: HabitatCommand {
    static let spec = Spec(
        "passwd", usage: "passwd <old password> <new password>", summary: "change your password",
        examples: ["passwd correct-horse battery-staple"], triggers: [["passwd"], ["password"]], fromChat: false, verbatim: true
    ) { rest in
        let (old, new) = try rest.pair(usage: "passwd <old password> <new password>")
        return Passwd(old: old, new: new)
    }
    static var fromChat: Bool { spec.availableFromChat }

    let old: String
    let new: String

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.accounts.changePassword(of: try context.account, old: old, new: new, now: context.now)
        // This connection stays logged in; the account's others are logged out at their next command.
        context.session.passwordEpoch = context.accounts.changes.epoch
        return Reply(.success, "Password changed. Your other connections are logged out.")
    }
}
