import HabitatEngine

extension CommandTable {
    /// Reminders, their digest and snoozing them.
    static let reminders: [CommandSpec] = [
        CommandSpec(
            "remind me", usage: ReminderParser.usage,
            summary: "a reminder at a time of your day, on days the habit is due and only if it isn't done; without a habit, the day's digest",
            examples: ["remind me to floss at 21:00", "remind me to stretch at 9pm", "remind me at 8:00"],
            triggers: [["remind", "me", "to"], ["remind", "me"], ["remind"]], parse: ReminderParser.parse
        ),
        CommandSpec("reminders", summary: "your reminders", triggers: CommandSpec.asked("reminders"), command: .reminders),
        CommandSpec(
            "stop reminding", usage: "stop reminding <habit | number>", summary: "stop a reminder ('no more reminders' stops them all)",
            examples: ["stop reminding floss", "stop reminding 2"],
            triggers: [
                ["stop", "reminding", "me", "to"], ["stop", "reminding", "me"], ["stop", "reminding"], ["stop", "reminder"],
                ["delete", "reminder"], ["cancel", "reminder"],
            ]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("stop reminding <habit | number>", "Which reminder? Type 'reminders' to see them.") }
            return .stopReminding(rest.phrase)
        },
        CommandSpec(
            "no more reminders", summary: "stop all your reminders",
            triggers: [["no", "more", "reminders"], ["stop", "all", "reminders"], ["stop", "reminders"]], command: .stopReminding(nil)),
        CommandSpec(
            "snooze", usage: "snooze [N min]", summary: "after a reminder: say it again in a while (30 min unless told; 'later' too)",
            examples: ["snooze", "snooze 10 min", "snooze 1 hour", "later"], triggers: [["snooze"], ["later"], ["remind", "me", "later"]],
            parse: ReminderParser.snooze
        ),
    ]
}
