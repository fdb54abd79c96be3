import HabitatCommands
import HabitatEngine

/// `mode json`, `mode text`: how this connection's replies are written. The forms people try work too: `json`, `json
/// on`, `json mode`, `json off`, `text mode`.
struct Mode: HabitatCommand {
    static let spec = Spec(
        "mode", usage: "mode json | mode text", summary: "switch this connection to JSON replies, or back",
        examples: ["mode json", "mode text"], triggers: [["mode"], ["json"], ["text", "mode"]], beforeLogin: true, fromChat: false
    ) { trigger, rest, _ in
        let said = rest.map(\.lower)
        switch trigger {
        case ["json"] where said.isEmpty || said == ["on"] || said == ["mode"]: return Mode(mode: .json)
        case ["json"] where said == ["off"]: return Mode(mode: .text)
        case ["text", "mode"] where said.isEmpty || said == ["on"]: return Mode(mode: .text)
        case ["mode"] where said.count == 1:
            if let mode = OutputMode(rawValue: said[0]) { return Mode(mode: mode) }
        default: break
        }
        throw HabitatError.usage("mode json | mode text")
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
