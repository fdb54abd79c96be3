import HabitatCommands
import HabitatEngine

/// `plain on`: words instead of emoji, for screen readers.
struct Plain: HabitatCommand {
    static let spec = Spec(
        "plain", usage: "plain on | plain off", summary: "words instead of emoji, for screen readers",
        examples: ["plain on", "plain off"], triggers: [["plain"]], beforeLogin: true
    ) { rest in
        switch rest.map(\.lower) {
        case [], ["on"]: return Plain(on: true)
        case ["off"]: return Plain(on: false)
        default: throw HabitatError.usage("plain on | plain off")
        }
    }
    static var beforeLogin: Bool { spec.beforeLogin }

    let on: Bool

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        session.plain = on
        return Reply(.info, on ? "Plain mode on: words instead of emoji." : "Plain mode off: emoji are back.")
    }
}
