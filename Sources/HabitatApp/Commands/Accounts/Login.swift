import HabitatCommands
import HabitatEngine

/// `login alice correct-horse`.
struct Login: HabitatCommand {
    static let spec = Spec(
        "login", usage: "login <name> <password>", summary: "log in to your account",
        examples: ["login alice correct-horse", #"login alice "correct horse battery staple""#],
        triggers: [["login"], ["log", "in"]], beforeLogin: true, fromChat: false, verbatim: true
    ) { rest in
        let (name, password) = try rest.pair(usage: "login <name> <password>")
        return Login(name: name, password: password)
    }
    static var beforeLogin: Bool { spec.beforeLogin }
    static var fromChat: Bool { spec.availableFromChat }

    let name: String
    let password: String

    var touches: Touches { .account }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.login(name, password: password, session: &context.session)
    }
}
