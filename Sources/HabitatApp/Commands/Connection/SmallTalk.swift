import HabitatCommands
import HabitatEngine

/// `hi`, `hello`: answered kindly, with the next step.
struct Hello: HabitatCommand {
    static let spec = Spec(
        "hello", summary: "say hello, and hear what to do next", triggers: [["hello"], ["hi"], ["hey"], ["yo"]], beforeLogin: true,
        command: Hello())
    static var beforeLogin: Bool { spec.beforeLogin }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        guard let account = session.account else {
            return Reply(.greeting, "Hi! To begin, type 'register <name> <password>', or 'login <name> <password>' if you have an account. 'help' lists everything.")
        }
        return Reply(.greeting, "Hi, \(account.name)! Type 'today' to see what's left today, or 'help' for everything.")
    }
}

/// `thanks`: you're welcome.
struct Thanks: HabitatCommand {
    static let spec = Spec(
        "thanks", summary: "you're welcome",
        triggers: [
            ["thanks"], ["thank", "you"], ["thank", "u"], ["thx"], ["ty"], ["cheers"], ["thank", "you", "so", "much"],
            ["thanks", "a", "lot"], ["many", "thanks"],
        ], beforeLogin: true, command: Thanks())
    static var beforeLogin: Bool { spec.beforeLogin }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        Reply(.greeting, "You're welcome! Keep it going.")
    }
}
