import HabitatCommands
import HabitatEngine

/// `pause 7 days`, `pause floss until 2026-12-24`: a habit (or all) for a while.
struct PauseHabits: HabitatCommand {
    static let spec = Spec(
        "pause", usage: PauseParser.usage,
        summary: "pause all your habits, or one, for a while: no streak breaks and nothing counts as missed",
        examples: ["pause 7 days", "pause until 2026-12-24", "pause floss 3 days", "pause gym for 2 weeks"], triggers: [["pause"]]
    ) { rest in
        let (habit, length) = try PauseParser.parse(rest)
        return PauseHabits(habit, length)
    }

    let habit: String?
    let length: PauseLength

    init(_ habit: String?, _ length: PauseLength) {
        (self.habit, self.length) = (habit, length)
    }

    var touches: Touches { .change(.pause(habit, length)) }
}

/// `resume`, `resume floss`: a pause ends sooner.
struct Resume: HabitatCommand {
    static let spec = Spec(
        "resume", usage: "resume [habit]", summary: "end a pause sooner: all of them, or one habit's",
        examples: ["resume", "resume floss"], triggers: [["resume"], ["unpause"]]
    ) { rest in Resume(rest.isEmpty ? nil : rest.phrase) }

    let habit: String?

    init(_ habit: String?) {
        self.habit = habit
    }

    var touches: Touches { .change(.resume(habit)) }
}
