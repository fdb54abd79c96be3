import HabitatCommands
import HabitatEngine

/// `start timer meditation 10 min`: when the time is up, the habit is recorded and the user told.
struct StartTimer: HabitatCommand {
    static let spec = Spec(
        "start timer", usage: TimerParser.usage, summary: "when the time is up, the habit is recorded and you're told",
        examples: ["start timer meditation 10 min", "start timer reading 1 hour"], triggers: [["start", "timer"], ["timer"]]
    ) { rest in
        let (habit, minutes) = try TimerParser.parse(rest)
        return StartTimer(habit: habit, minutes: minutes)
    }

    let habit: String
    let minutes: Int

    /// Timers are kept in the directory.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.startTimer(habit, minutes: minutes, for: try context.account, now: context.now)
    }
}

/// `timers`: the running timers.
struct ListTimers: PersonalView {
    static let spec = Spec("timers", summary: "your running timers", triggers: Spec.asked("timers"), command: ListTimers())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.listTimers(of: try context.account, now: context.now)
    }
}

/// `stop timer`, `stop timer meditation`, `stop timer 2`: cancelled, nothing recorded.
struct StopTimer: HabitatCommand {
    static let spec = Spec(
        "stop timer", usage: "stop timer [habit | number]", summary: "cancel a timer (nothing is recorded)",
        examples: ["stop timer", "stop timer meditation", "stop timer 2"], triggers: [["stop", "timer"], ["cancel", "timer"]]
    ) { rest in StopTimer(rest.isEmpty ? nil : rest.phrase) }

    /// `nil`: the only one.
    let habit: String?

    init(_ habit: String?) {
        self.habit = habit
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.stopTimer(habit, of: try context.account)
    }
}
