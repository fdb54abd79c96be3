import Foundation
import HabitatCommands
import HabitatEngine

/// `help`, `help buy`, `help room`: the commands, as the table has them.
struct Help: HabitatCommand {
    static let spec = Spec(
        "help", usage: "help [command]", summary: "list commands, or show one with examples",
        examples: ["help", "help buy", "help room"], triggers: [["help"], ["?"], ["commands"]], beforeLogin: true
    ) { rest in
        let topic = rest.phrase.lowercased().trimmingCharacters(in: .whitespaces)
        return Help(topic: topic.isEmpty ? nil : topic)
    }
    static var beforeLogin: Bool { spec.beforeLogin }

    let topic: String?

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        Views.help(topic: topic, fromChat: session.chatUser != nil, in: Commands.table)
    }
}
