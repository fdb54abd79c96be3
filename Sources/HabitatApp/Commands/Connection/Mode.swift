import HabitatCommands
import HabitatEngine

/// `mode json`, `mode text`: how this connection's replies are written.
struct Mode: HabitatCommand {
    static let spec = Spec(
        "mode", usage: "mode json | mode text", summary: "switch this connection to JSON replies, or back",
        examples: ["mode json", "mode text"], triggers: [["mode"]], beforeLogin: true, fromChat: false
    ) { rest in
        guard rest.count == 1, let mode = OutputMode(rawValue: rest[0].lower) else { throw HabitatError.usage("mode json | mode text") }
        return Mode(mode: mode)
    }
    static var beforeLogin: Bool { spec.beforeLogin }
    static var fromChat: Bool { spec.availableFromChat }

    let mode: OutputMode

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        session.mode = mode
        return mode == .json
            ? Reply(.info, "JSON mode: one JSON object per line from now on.") : Reply(.info, "Text mode: toasts from now on.")
    }
}
