import HabitatCommands
import HabitatEngine

/// `remind me to floss at 21:00`; without a habit (`remind me at 8:00`), the day's digest.
struct Remind: HabitatCommand {
    static let spec = Spec(
        "remind me", usage: ReminderParser.usage,
        summary: "a reminder at a time of your day, on days the habit is due and only if it isn't done; without a habit, the day's digest",
        examples: ["remind me to floss at 21:00", "remind me to stretch at 9pm", "remind me at 8:00"],
        triggers: [["remind", "me", "to"], ["remind", "me"], ["remind"]]
    ) { rest in
        let (habit, minute) = try ReminderParser.parse(rest)
        return Remind(habit: habit, minute: minute)
    }

    let habit: String?
    /// Minutes after midnight of the user's day.
    let minute: Int

    /// Reminders are kept in the directory.
    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.remind(habit, at: minute, for: try context.account, now: context.now)
    }
}

/// `reminders`.
struct ListReminders: PersonalView {
    static let spec = Spec("reminders", summary: "your reminders", triggers: Spec.asked("reminders"), command: ListReminders())

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        Views.reminders(try await context.directory.reminders(of: try context.account.id).map(\.reminder))
    }
}

/// `stop reminding floss`, `stop reminding 2`; `no more reminders` stops them all.
struct StopReminding: HabitatCommand {
    static let spec = Spec(
        "stop reminding", usage: "stop reminding <habit | number>", summary: "stop a reminder ('no more reminders' stops them all)",
        examples: ["stop reminding floss", "stop reminding 2"],
        triggers: [
            ["stop", "reminding", "me", "to"], ["stop", "reminding", "me"], ["stop", "reminding"], ["stop", "reminder"],
            ["delete", "reminder"], ["cancel", "reminder"],
        ]
    ) { rest in
        guard !rest.isEmpty else { throw HabitatError.usage("stop reminding <habit | number>", "Which reminder? Type 'reminders' to see them.") }
        return StopReminding(rest.phrase)
    }

    static let all = Spec(
        "no more reminders", summary: "stop all your reminders",
        triggers: [["no", "more", "reminders"], ["stop", "all", "reminders"], ["stop", "reminders"]], command: StopReminding(nil))

    /// `nil`: all of them.
    let reminder: String?

    init(_ reminder: String?) {
        self.reminder = reminder
    }

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.stopReminding(reminder, of: try context.account)
    }
}

/// `snooze 30 min`, `later`: the last reminder again after a while.
struct Snooze: HabitatCommand {
    static let spec = Spec(
        "snooze", usage: "snooze [N min]", summary: "after a reminder: say it again in a while (30 min unless told; 'later' too)",
        examples: ["snooze", "snooze 10 min", "snooze 1 hour", "later"], triggers: [["snooze"], ["later"], ["remind", "me", "later"]]
    ) { rest in Snooze(minutes: try ReminderParser.snooze(rest)) }

    /// `nil`: the usual 30 minutes.
    let minutes: Int?

    var touches: Touches { .run }

    func run(_ context: inout CommandContext) async throws -> Reply {
        try await context.pipeline.snooze(minutes, for: try context.account, now: context.now)
    }
}
