import HabitatCommands
import HabitatEngine

/// `register alice correct-horse`: a new account, logged in.
struct Register: HabitatCommand {
    static let spec = Spec(
        "register", usage: "register <name> <password>",
        summary: "create your account (name: 2–32 of a-z 0-9 _ -; password: 8+ characters)",
        examples: ["register alice correct-horse", #"register alice "correct horse battery staple""#],
        triggers: [["register"], ["signup"], ["sign", "up"]], beforeLogin: true, fromChat: false, verbatim: true
    ) { rest in
        // A server that takes new accounts by invitation wants its code after the password; any other third word is
        // most likely a password with a space, which is refused rather than cut short.
        let words = Array(rest)
        if words.count == 3, words[2].text.wholeMatch(of: /[2-9A-Za-z]{4}-[2-9A-Za-z]{4}-[2-9A-Za-z]{4}/) != nil {
            return Register(name: words[0].text, password: words[1].text, invite: words[2].text)
        }
        let (name, password) = try rest.pair(usage: "register <name> <password>")
        return Register(name: name, password: password)
    }
    static var beforeLogin: Bool { spec.beforeLogin }
    static var fromChat: Bool { spec.availableFromChat }

    let name: String
    let password: String
    var invite: String?

    var touches: Touches { .account }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.register(name, password: password, invite: invite, session: &context.session)
    }
}
