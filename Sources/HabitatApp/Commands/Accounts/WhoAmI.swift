import HabitatCommands
import HabitatEngine

/// `who am i`: who this connection is logged in as.
struct WhoAmI: HabitatCommand {
    static let spec = Spec(
        "whoami", summary: "who you're logged in as", examples: ["whoami", "who am i"], triggers: [["whoami"]], beforeLogin: true,
        command: WhoAmI())
    static var beforeLogin: Bool { spec.beforeLogin }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        guard let account = session.account else {
            return Reply(.info, "You're not logged in. Type 'login <name> <password>', or 'register <name> <password>' to begin.")
        }
        return Reply(.info, "You're \(account.name).", data: ["name": .string(account.name)])
    }
}
