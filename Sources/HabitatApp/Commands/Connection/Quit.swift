import HabitatCommands
import HabitatEngine

/// `quit`: the connection closes after the reply.
struct Quit: HabitatCommand {
    static let spec = Spec(
        "quit", summary: "close the connection", triggers: [["quit"], ["exit"], ["bye"]], beforeLogin: true, fromChat: false,
        command: Quit())
    static var beforeLogin: Bool { spec.beforeLogin }
    static var fromChat: Bool { spec.availableFromChat }

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        session.closing = true
        return Reply(.greeting, "Bye! Keep the streak going.")
    }
}
