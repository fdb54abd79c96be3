import Foundation
import HabitatCommands
import HabitatEngine

/// `help`, `help amounts`, `help buy`, `help room`, `help all`: a short card, a topic, one command, a family of
/// commands, or all of them, as the table and ``guide`` have them.
struct Help: HabitatCommand {
    static let spec = Spec(
        "help", usage: "help [topic | command | all]", summary: "what people use most, and the topics; a topic, a command with examples, or all",
        examples: ["help", "help amounts", "help buy", "help room", "help all"], triggers: [["help"], ["?"], ["commands"]],
        beforeLogin: true
    ) { rest in
        let topic = rest.phrase.lowercased().trimmingCharacters(in: .whitespaces)
        return Help(topic: topic.isEmpty ? nil : topic)
    }
    static var beforeLogin: Bool { spec.beforeLogin }

    let topic: String?

    var touches: Touches { .session }

    func answer(_ session: inout Session, server: Pipeline) -> Reply {
        Views.help(topic: topic, fromChat: session.chatUser != nil, in: Commands.table, guide: Self.guide)
    }

    /// How `help` is arranged: every command belongs to at least one topic (a test holds it to that).
    static let guide = HelpGuide(
        first: [
            ("did", "did <habit>", "record it: 'did exercise', 'flossed', 'did water 3'"),
            ("today", "today", "what's done and what's left today"),
            ("status", "status", "your level, XP, health and coins"),
            ("add habit", "add habit <name>", "start one: 'add habit Yoga on mon wed fri'"),
            ("undo", "undo", "take back the last thing recorded"),
        ],
        topics: [
            HelpTopic(
                "habits", summary: "make, change, group and put away your habits",
                commands: [
                    "add habit", "add bad habit", "habits", "edit", "rename", "archive", "unarchive", "delete habit", "add area",
                    "areas", "rename area", "delete area", "add routine", "routines", "delete routine", "templates", "use template",
                ],
                examples: ["add a habit called Journal", "add bad habit Vaping", "rename walk to morning walk", "use template fitness"]),
            HelpTopic(
                "today", summary: "what you did, what's left, and how you're doing",
                commands: [
                    "did", "today", "status", "level", "xp", "health", "coins", "history", "streaks", "strength", "heatmap", "undo",
                    "start challenge",
                ],
                examples: ["did exercise", "flossed", "did exercise yesterday", "what's left today?", "how am I doing?", "oops"]),
            HelpTopic(
                "todos", also: ["todo", "to-do", "to-dos"], summary: "things to do once, due by a day, worth more the longer they wait",
                commands: ["add todo", "todos", "tick off", "did", "check", "checklist", "edit todo", "delete todo", "undo"],
                examples: [
                    "add todo Call the dentist", "todo renew passport by friday", "done call the dentist", "todos", "todos done",
                    "add todo Move house: pack books, book the van", "check pack books",
                ]),
            HelpTopic(
                "amounts", summary: "habits you count: glasses, kilometres, minutes, pages",
                commands: ["did", "add habit", "add bad habit", "edit", "ran", "start timer", "timers", "stop timer"],
                examples: [
                    "add habit Water target 8 glasses", "did water 3", "drank 2 more glasses of water", "ran 5k",
                    "add habit Swim 1.5 km a day", "did swim 0.75", "add bad habit Coffee limit 2 cups", "edit water target 10 glasses",
                    "start timer meditation 10 min",
                ]),
            HelpTopic(
                "schedules", summary: "habits due on some days, not every day",
                commands: ["add habit", "edit", "room add habit"],
                examples: [
                    "add habit Gym 3 times a week", "add habit Piano on mon wed fri",
                    "add habit Laundry every 3 days", "edit piano every day", "edit floss 5 life if missed",
                ]),
            HelpTopic(
                "pauses", also: ["pause", "holiday", "holidays"], summary: "a holiday or a sick day: nothing counts as missed",
                commands: ["pause", "resume"],
                examples: ["pause 7 days", "pause floss 3 days", "on holiday until the 3rd", "away till sunday", "I'm back"]),
            HelpTopic(
                "reminders", summary: "a nudge at a time of your day, only if it isn't done",
                commands: ["remind me", "reminders", "stop reminding", "no more reminders", "snooze"],
                examples: ["remind me to floss at 21:00", "remind me at 8:00", "every evening at 21:30 remind me to stretch", "snooze 10 min"]),
            HelpTopic(
                "store", also: ["rewards", "coins"], summary: "spend your coins on potions and your own rewards",
                commands: ["store", "buy", "add reward", "delete reward"],
                examples: ["buy potion", "add reward Movie night 100 coins", "buy movie night", "what can I buy?"]),
            HelpTopic(
                "rooms", also: ["household", "family"], summary: "a room for a household or friends: see each other's progress",
                commands: [
                    "rooms", "room create", "room invite", "room join", "room use", "room leave", "room kick", "room status",
                    "room today", "room log", "room report", "room reminders", "room no more reminders",
                ],
                examples: ["room create Smiths", "room invite", "room join smiths K7P-2QX", "room status"]),
            HelpTopic(
                "chores", summary: "shared habits of a room: anyone can do them, everyone sees who did",
                commands: ["room add habit", "room add bad habit", "room did", "room fairness", "room remind", "room delete habit"],
                examples: ["room add habit Dishes every day rotate", "room did dishes", "who did the dishes?", "room remind at 8:00"]),
            HelpTopic(
                "list", also: ["shopping", "shopping list", "shared list"],
                summary: "a room's shared list: anyone adds to it, whoever gets an item first is credited",
                commands: ["room add todo", "room list", "room got", "room delete todo", "undo"],
                examples: ["room add todo Milk", "room add todo Fix the tap by saturday for ny", "room list", "room got milk"]),
            HelpTopic(
                "words", also: ["everyday", "everyday words", "talk"], summary: "your own words for your habits, and answers",
                commands: ["call", "forget", "yes", "no", "hello", "thanks"],
                examples: ["call exercise workout", "when I say workout I mean exercise", "forget workout"]),
            HelpTopic(
                "account", also: ["accounts", "settings"], summary: "your account, settings and connection",
                commands: [
                    "register", "login", "logout", "passwd", "whoami", "link", "config", "import", "version", "help", "quit", "bridge",
                    "delete my account",
                ],
                examples: ["whoami", "config timezone Europe/Berlin", "config day start 4", "link"]),
            HelpTopic(
                "json", also: ["mode", "text"], summary: "replies as JSON for programs, or as plain text",
                commands: ["mode", "plain"],
                examples: ["mode json", "json on", "text mode", "plain on"]),
        ])
}
