import HabitatCommands
import HabitatEngine

/// `delete my account <password>`: the account, its file and every row of the directory that is its, for good.
/// Without the password it says what would go, and offers the export first.
struct DeleteAccount: HabitatCommand {
    static let spec = Spec(
        "delete my account", usage: "delete my account <password>",
        summary: "delete your account and everything in it, for good (asks for your password)",
        examples: ["delete my account correct-horse"], triggers: [["delete", "my", "account"]], fromChat: false,
        verbatim: true
    ) { rest in
        guard rest.count <= 1 else {
            throw HabitatError.usage("delete my account <password>", #"A password with spaces goes in quotes ("correct horse battery staple")."#)
        }
        return DeleteAccount(password: rest.first?.text)
    }
    static var fromChat: Bool { spec.availableFromChat }

    let password: String?

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        let account = try context.account
        guard let password else {
            let rooms = try await context.households.rooms(of: account.id).count
            return Reply(
                .ask,
                "This deletes your account \(account.name): every habit, all your history, your reminders and timers, for good\(rooms > 0 ? "; you leave your \(rooms == 1 ? "room" : "\(rooms) rooms"), and a room you own passes to its longest-standing member" : ""). Want a copy first? 'habitat export --user \(account.name)' on the server's machine writes it all out, and whoever runs the server can do it for you. To go on, type 'delete my account <your password>'.")
        }
        try await context.accounts.verify(password, of: account, now: context.now)
        let rooms = try await context.pipeline.deleteAccount(account, now: context.now)
        context.session.account = nil
        return Reply(
            .success,
            "Your account \(account.name) is deleted, with everything in it\(rooms > 0 ? "; in your rooms' history you're now 'a former member'" : ""). Goodbye, and thank you for playing.")
    }
}
