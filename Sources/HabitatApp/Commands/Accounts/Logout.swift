import HabitatCommands
import HabitatEngine

/// `logout`: the connection stays open.
struct Logout: HabitatCommand {
    static let spec = Spec(
        "logout", summary: "log out (the connection stays open)", triggers: [["logout"], ["log", "out"]], fromChat: false,
        command: Logout())
    static var fromChat: Bool { spec.availableFromChat }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        let name = session.account?.name ?? ""
        session.account = nil
        return Reply(.greeting, "Logged out. See you soon, \(name)!")
    }
}
