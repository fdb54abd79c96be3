import HabitatEngine

extension CommandTable {
    /// Timers that record a habit when the time is up.
    static let timers: [CommandSpec] = [
        CommandSpec(
            "start timer", usage: "start timer <habit> <N> min", summary: "when the time is up, the habit is recorded and you're told",
            examples: ["start timer meditation 10 min", "start timer reading 1 hour"], triggers: [["start", "timer"], ["timer"]],
            parse: TimerParser.parse
        ),
        CommandSpec("timers", summary: "your running timers", triggers: CommandSpec.asked("timers"), command: .timers),
        CommandSpec(
            "stop timer", usage: "stop timer [habit | number]", summary: "cancel a timer (nothing is recorded)",
            examples: ["stop timer", "stop timer meditation", "stop timer 2"], triggers: [["stop", "timer"], ["cancel", "timer"]]
        ) { rest in .stopTimer(rest.isEmpty ? nil : rest.phrase) },
    ]
}
