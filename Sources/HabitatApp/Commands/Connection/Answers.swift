import HabitatCommands
import HabitatEngine

/// `yes`: confirms the question the server just asked (a delete). The line after a question is read as its answer
/// (``Plan/answer(_:text:)``); here, with no question waiting, it says so.
struct Yes: HabitatCommand {
    static let spec = Spec("yes", summary: "confirm what was just asked (a delete)", triggers: [["yes"], ["y"]], command: Yes())

    var touches: Touches { .say(Reply(error: Self.noQuestion)) }

    static let noQuestion = HabitatError(.notFound, "There's no question waiting for an answer.")
}

/// `no`, `cancel`: declines the question the server just asked.
struct No: HabitatCommand {
    static let spec = Spec("no", summary: "decline what was just asked", triggers: [["no"], ["n"], ["cancel"], ["nope"]], command: No())

    var touches: Touches { .say(Reply(error: Yes.noQuestion)) }
}
