import HabitatCommands
import HabitatEngine

/// `did exercise`, `slipped smoking`, `exercise done`, or a habit in the player's own words (`flossed`): a
/// recording of their own habit, or of a room's shared habit of that name.
struct Did: HabitatCommand {
    static let spec = Spec(
        "did", usage: RecordingParser.usage,
        summary: "record a habit, good or bad (one with a target: the amount, 'did water 3')",
        examples: [
            "did exercise", "exercise done", "did pushups x3", "slipped smoking", "did exercise yesterday",
            "did breakfast: oatmeal with berries", "did water 3",
        ],
        triggers: [
            ["did"], ["done"], ["completed"], ["complete"], ["slipped"], ["record"], ["i", "did"], ["i", "slipped"],
            ["done", "with"], ["finished"], ["finished", "with"], ["i", "finished"], ["i", "completed"], ["have", "done"],
            ["have", "finished"], ["have", "completed"],
        ]
    ) { trigger, rest, line in Did(try RecordingParser.parse(rest, line: line, slipped: trigger.last == "slipped")) }

    var recording: Recording

    init(_ recording: Recording) {
        self.recording = recording
    }

    var touches: Touches { .record(recording) }

    /// A user in rooms: a shared habit of the current room, else their own habit or routine.
    func run(_ context: inout CommandContext) async throws -> Reply {
        do {
            return try await context.pipeline.record(recording, session: context.session, account: try context.account, now: context.now)
        } catch {
            throw Pipeline.explained(error, recording)
        }
    }
}
