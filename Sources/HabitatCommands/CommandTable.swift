import Foundation
import HabitatEngine

/// Every command: the parser reads this table, and `help` is printed from it.
public enum CommandTable {
    static let editUsage =
        "edit <habit> [N xp] [N coins] [N life] [in <area> | in none] [track time | no track time] [target N <unit> | no target] [limit N <unit> | no limit] [N life if missed] [schedule]"

    public static let all: [CommandSpec] = [
        CommandSpec(
            "register", usage: "register <name> <password>",
            summary: "create your account (name: 2–32 of a-z 0-9 _ -; password: 8+ characters)",
            examples: ["register alice correct-horse", #"register alice "correct horse battery staple""#],
            triggers: [["register"], ["signup"], ["sign", "up"]], beforeLogin: true
        ) { rest in
            let (name, password) = try pair(rest, usage: "register <name> <password>")
            return .register(name: name, password: password)
        }.keptVerbatim(),
        CommandSpec(
            "login", usage: "login <name> <password>", summary: "log in to your account",
            examples: ["login alice correct-horse", #"login alice "correct horse battery staple""#],
            triggers: [["login"], ["log", "in"]], beforeLogin: true
        ) { rest in
            let (name, password) = try pair(rest, usage: "login <name> <password>")
            return .login(name: name, password: password)
        }.keptVerbatim(),
        CommandSpec("logout", summary: "log out (the connection stays open)", triggers: [["logout"], ["log", "out"]], command: .logout),
        CommandSpec(
            "passwd", usage: "passwd <old password> <new password>", summary: "change your password",
            examples: ["passwd correct-horse battery-staple"], triggers: [["passwd"], ["password"]]
        ) { rest in
            let (old, new) = try pair(rest, usage: "passwd <old password> <new password>")
            return .passwd(old: old, new: new)
        }.keptVerbatim(),
        CommandSpec(
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
        ) { trigger, rest, line in try RecordingParser.parse(rest, line: line, slipped: trigger.last == "slipped") },
        CommandSpec("status", summary: "your level, XP, health and coins", triggers: [["status"], ["stats"], ["me"]], command: .status),
        CommandSpec("level", summary: "your level, and the XP to the next", triggers: CommandSpec.asked("level") + [["lvl"]], command: .figure(.level)),
        CommandSpec("xp", summary: "your XP toward the next level", triggers: CommandSpec.asked("xp") + [["exp"], ["experience"]], command: .figure(.xp)),
        CommandSpec("health", summary: "your health", triggers: CommandSpec.asked("health") + [["hp"], ["life"], ["my", "hp"], ["my", "life"]], command: .figure(.health)),
        CommandSpec("coins", summary: "how many coins you have", triggers: CommandSpec.asked("coins") + [["gold"], ["money"], ["balance"], ["my", "balance"], ["my", "money"]], command: .figure(.coins)),
        CommandSpec("habits", summary: "list your habits with their rewards and streaks", triggers: CommandSpec.asked("habits") + [["list"]], command: .habits),
        CommandSpec(
            "add habit", usage: HabitDraftParser.usage(.good, room: false),
            summary: "add a good habit (default +10 XP, +5 coins, every day); with a target, it's done for the day at that amount",
            examples: [
                "add habit Exercise", "add habit Exercise 15 xp 3 coins", "add habit \"Run 5k\" 20 xp", "add habit Wake up track time",
                "add habit Gym 3 times a week", "add habit Piano on mon wed fri", "add habit Laundry every 3 days",
                "add habit Water target 8 glasses", "add habit Read 20 pages a day", "add habit Floss every day 5 life if missed",
            ],
            triggers: [
                ["add", "habit"], ["add", "good", "habit"], ["new", "habit"], ["create", "habit"], ["add", "a", "habit"],
                ["add", "a", "new", "habit"], ["add", "new", "habit"], ["add", "a", "good", "habit"], ["create", "a", "habit"],
                ["create", "a", "new", "habit"], ["create", "new", "habit"], ["new", "good", "habit"], ["make", "a", "habit"],
            ]
        ) { rest in .addHabit(try HabitDraftParser.parse(rest, kind: .good)) },
        CommandSpec(
            "add bad habit", usage: HabitDraftParser.usage(.bad, room: false),
            summary: "add a bad habit (default -10 life); with a limit, the first so many a day cost nothing",
            examples: ["add bad habit Smoking", "add bad habit Smoking 25 life", "add bad habit Junk food in Nutrition", "add bad habit Coffee limit 2 cups"],
            triggers: [
                ["add", "bad", "habit"], ["new", "bad", "habit"], ["create", "bad", "habit"], ["add", "a", "bad", "habit"],
                ["add", "a", "new", "bad", "habit"], ["add", "new", "bad", "habit"], ["create", "a", "bad", "habit"],
                ["create", "new", "bad", "habit"],
            ]
        ) { rest in .addHabit(try HabitDraftParser.parse(rest, kind: .bad)) },
        CommandSpec(
            "add reward", usage: "add reward <name> <price> coins", summary: "put your own reward in the store",
            examples: ["add reward Movie night 100 coins"],
            triggers: [["add", "reward"], ["new", "reward"], ["add", "a", "reward"], ["add", "a", "new", "reward"], ["create", "reward"], ["create", "a", "reward"]],
            parse: RewardParser.parse
        ),
        CommandSpec(
            "edit", usage: Self.editUsage,
            summary: "change a habit's rewards, cost, area, time tracking, target or limit, or schedule",
            examples: [
                "edit exercise 20 xp", "edit smoking 30 life", "edit stretch in Fitness", "edit wake up track time",
                "edit wake up no track time", "edit gym 4 times a week", "edit piano every day", "edit water target 10 glasses",
                "edit coffee no limit", "edit floss 5 life if missed", "edit floss 0 life if missed",
            ],
            triggers: [["edit"], ["change"]]
        ) { rest in
            let usage = Self.editUsage
            var (name, draft, tracksTime) = try HabitDraftParser.nameAndOptions(rest, usage: usage)
            // `edit gym 3 times a week`
            if draft.schedule == nil, let (named, schedule) = HabitDraftParser.splitSchedule(name) {
                (name, draft.schedule) = (named, schedule)
            }
            // `edit water 10 glasses a day`
            if draft.amount == nil, !draft.removesAmount, let (named, amount) = HabitDraftParser.splitDailyAmount(name) {
                (name, draft.amount) = (named, amount)
            }
            let amount: HabitEdit.AmountChange? = draft.removesAmount ? .remove : draft.amount.map { .set($0) }
            let edit = HabitEdit(
                xp: draft.xp, coins: draft.coins, life: draft.life, area: draft.area, tracksTime: tracksTime, schedule: draft.schedule,
                amount: amount, amountSaidAs: draft.amountKeyword, bite: draft.bite)
            return .edit(name.phrase, edit)
        },
        CommandSpec(
            "rename", usage: "rename <habit> to <new name>", summary: "rename a habit; history and streaks come along",
            examples: ["rename exercise to Workout"], triggers: [["rename"]]
        ) { rest in
            let (name, newName) = try renaming(rest, usage: "rename <habit> to <new name>")
            return .rename(name, to: newName)
        },
        CommandSpec(
            "archive", usage: "archive [habit]", summary: "put a habit away (history kept); alone: list archived habits",
            examples: ["archive exercise", "archive"], triggers: [["archive"]]
        ) { rest in .archive(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec(
            "unarchive", usage: "unarchive <habit>", summary: "bring an archived habit back",
            examples: ["unarchive exercise"], triggers: [["unarchive"], ["restore"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("unarchive <habit>", "Which habit?") }
            return .unarchive(rest.phrase)
        },
        CommandSpec(
            "delete habit", usage: "delete habit <habit>", summary: "delete a habit for good (asks for 'yes' first)",
            examples: ["delete habit exercise"], triggers: [["delete", "habit"], ["delete"], ["remove", "habit"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete habit <habit>", "Which habit?") }
            return .delete(rest.phrase)
        },
        CommandSpec(
            "pause", usage: PauseParser.usage,
            summary: "pause all your habits, or one, for a while: no streak breaks and nothing counts as missed",
            examples: ["pause 7 days", "pause until 2026-12-24", "pause floss 3 days", "pause gym for 2 weeks"],
            triggers: [["pause"]], parse: PauseParser.parse
        ),
        CommandSpec(
            "resume", usage: "resume [habit]", summary: "end a pause sooner: all of them, or one habit's",
            examples: ["resume", "resume floss"], triggers: [["resume"], ["unpause"]]
        ) { rest in .resume(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec("yes", summary: "confirm what was just asked (a delete)", triggers: [["yes"], ["y"]], command: .confirm),
        CommandSpec("no", summary: "decline what was just asked", triggers: [["no"], ["n"], ["cancel"], ["nope"]], command: .cancel),
        CommandSpec(
            "add area", usage: "add area <name>", summary: "add a life area with its own level (Fitness, Mind, Home)",
            examples: ["add area Fitness"],
            triggers: [["add", "area"], ["new", "area"], ["add", "an", "area"], ["add", "a", "new", "area"], ["add", "new", "area"], ["create", "area"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("add area <name>", "Give the area a name.") }
            return .addArea(rest.phrase)
        },
        CommandSpec("areas", summary: "your areas with their levels", triggers: CommandSpec.asked("areas"), command: .areas),
        CommandSpec(
            "rename area", usage: "rename area <area> to <new name>", summary: "rename an area; its level, XP and habits come along",
            examples: ["rename area Fitness to Health"], triggers: [["rename", "area"]]
        ) { rest in
            let (name, newName) = try renaming(rest, usage: "rename area <area> to <new name>")
            return .renameArea(name, to: newName)
        },
        CommandSpec(
            "delete area", usage: "delete area <area>", summary: "delete an area (asks for 'yes' first); its habits stay, with no area",
            examples: ["delete area Fitness"], triggers: [["delete", "area"], ["remove", "area"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete area <area>", "Which area?") }
            return .deleteArea(rest.phrase)
        },
        CommandSpec(
            "today", summary: "today's habits by area, done (✓) or not yet (·)", triggers: [["today"], ["day"]], command: .today),
        CommandSpec(
            "history", usage: "history [habit]", summary: "recent completions, slips and purchases, with notes",
            examples: ["history", "history breakfast"], triggers: [["history"], ["show", "history"], ["show", "my", "history"], ["my", "history"]]
        ) { rest in .history(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec("streaks", summary: "current and best streaks of every habit", triggers: CommandSpec.asked("streaks") + CommandSpec.asked("streak"), command: .streaks),
        CommandSpec(
            "heatmap", usage: "heatmap [habit]", summary: "the last 12 weeks as a picture",
            examples: ["heatmap", "heatmap exercise"], triggers: [["heatmap"], ["calendar"]]
        ) { rest in .heatmap(rest.isEmpty ? nil : rest.phrase) },
        CommandSpec(
            "add routine", usage: "add routine <name>: <habit>, <habit>, ...",
            summary: "a named list of habits, recorded together with 'did <name>'",
            examples: ["add routine Morning: wake up, exercise, meditate"],
            triggers: [["add", "routine"], ["new", "routine"]]
        ) { rest in
            let usage = "add routine <name>: <habit>, <habit>, ..."
            let text = rest.phrase
            guard let colon = text.firstIndex(of: ":") else { throw HabitatError.usage(usage, "Put a colon after the name.") }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let habits = text[text.index(after: colon)...].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !name.isEmpty, !habits.isEmpty else { throw HabitatError.usage(usage) }
            return .addRoutine(name: name, habits: habits)
        },
        CommandSpec("routines", summary: "your routines and what they hold", triggers: CommandSpec.asked("routines"), command: .routines),
        CommandSpec(
            "delete routine", usage: "delete routine <name>", summary: "delete a routine (its habits stay)",
            examples: ["delete routine Morning"], triggers: [["delete", "routine"], ["remove", "routine"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete routine <name>", "Which routine?") }
            return .deleteRoutine(rest.phrase)
        },
        CommandSpec("templates", summary: "starter packs of habits", triggers: CommandSpec.asked("templates"), command: .templates),
        CommandSpec(
            "use template", usage: "use template <name>", summary: "add a starter pack's area and habits in one step",
            examples: ["use template fitness"], triggers: [["use", "template"], ["template"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("use template <name>", "Which template? Type 'templates'.") }
            return .useTemplate(rest.phrase)
        },
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
        CommandSpec("rooms", summary: "the household rooms you're in", triggers: CommandSpec.asked("rooms"), command: .rooms),
        CommandSpec(
            "room create", usage: "room create <name>", summary: "start a household room; you get an invite code",
            examples: ["room create Smiths"], triggers: [["room", "create"], ["create", "room"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room create <name>", "Name the room.") }
            return .room(.create(rest.phrase))
        },
        CommandSpec("room invite", summary: "a new single-use invite code for your room (valid 7 days)", triggers: [["room", "invite"]], command: .room(.invite)),
        CommandSpec(
            "room join", usage: "room join <name> <code>", summary: "join a room with an invite code",
            examples: ["room join smiths K7P-2QX"], triggers: [["room", "join"], ["join", "room"]]
        ) { rest in
            guard rest.count >= 2 else { throw HabitatError.usage("room join <name> <code>") }
            return .room(.join(rest.dropLast().phrase, code: rest.last!.text))
        }.keptVerbatim(),
        CommandSpec(
            "room leave", usage: "room leave [name]", summary: "leave your room",
            examples: ["room leave", "room leave Smiths"], triggers: [["room", "leave"], ["leave", "room"]]
        ) { rest in .room(.leave(rest.isEmpty ? nil : rest.phrase)) },
        CommandSpec(
            "room kick", usage: "room kick <user>", summary: "remove someone from your room (owner only)",
            examples: ["room kick bob"], triggers: [["room", "kick"], ["room", "remove"]]
        ) { rest in
            guard rest.count == 1 else { throw HabitatError.usage("room kick <user>") }
            return .room(.kick(rest[0].text))
        },
        CommandSpec(
            "room use", usage: "room use <name>", summary: "choose which room this connection's room commands are about",
            examples: ["room use Smiths"], triggers: [["room", "use"], ["use", "room"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room use <name>") }
            return .room(.use(rest.phrase))
        },
        CommandSpec(
            "room add habit", usage: HabitDraftParser.usage(.good, room: true),
            summary: "a shared habit anyone in the room can record (its XP also goes to their own area of that name)",
            examples: ["room add habit Dishes 10 xp", "room add habit Dishes 10 xp in Home", "room add habit Dishes every day rotate", "room add habit Bins on mon thu rotate"],
            triggers: [["room", "add", "habit"], ["room", "add", "good", "habit"]]
        ) { rest in .room(.addHabit(try HabitDraftParser.parse(rest, kind: .good, room: true))) },
        CommandSpec(
            "room add bad habit", usage: HabitDraftParser.usage(.bad, room: true), summary: "a shared bad habit",
            examples: ["room add bad habit Takeout 20 life"], triggers: [["room", "add", "bad", "habit"]]
        ) { rest in .room(.addHabit(try HabitDraftParser.parse(rest, kind: .bad, room: true))) },
        CommandSpec(
            "room delete habit", usage: "room delete habit <name>",
            summary: "delete a shared habit for good (owner only; asks for 'yes' first); its past entries stay",
            examples: ["room delete habit Dishes"], triggers: [["room", "delete", "habit"], ["room", "delete", "bad", "habit"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("room delete habit <name>", "Which shared habit?") }
            return .room(.deleteHabit(rest.phrase))
        },
        CommandSpec(
            "room did", usage: RecordingParser.roomUsage, summary: "record the room's shared habit (when you have one of the same name)",
            examples: ["room did dishes", "room did dishes yesterday"], triggers: [["room", "did"], ["room", "done"]], parseLine: { _, rest, line in
                let usage = RecordingParser.roomUsage
                guard case .record(let recording) = try RecordingParser.parse(rest, line: line, usage: usage) else { throw HabitatError.usage(usage) }
                return .room(.record(recording))
            }),
        CommandSpec(
            "room status", usage: "room status", summary: "members, today's shared habits and the week's leaderboard",
            examples: ["room status", "room"], triggers: [["room", "status"], ["room"]]
        ) { rest in
            // `room` alone is the status; `room` and a word that is no room command is not understood.
            guard rest.isEmpty else { throw unknown([Token("room")] + rest) }
            return .room(.status)
        },
        CommandSpec("room log", summary: "the room's recent activity", triggers: [["room", "log"]], command: .room(.log)),
        CommandSpec(
            "room today", summary: "the room's chores today: which are due, whose turn each is, and who did it",
            triggers: [["room", "today"]], command: .room(.today)),
        CommandSpec(
            "room report", usage: "room report [on <weekday> at <time> | off]",
            summary: "the room's week so far; the owner sets a day and time to post it to everyone",
            examples: ["room report", "room report on sunday at 19:00", "room report off"], triggers: [["room", "report"]],
            parse: ReminderParser.roomReport
        ),
        CommandSpec(
            "room remind", usage: "room remind at <time> | room remind off",
            summary: "the owner: each day at that time, the room hears the chores due and whose turn each is",
            examples: ["room remind at 8:00", "room remind off"], triggers: [["room", "remind"], ["room", "remind", "us"]],
            parse: ReminderParser.roomRemind
        ),
        CommandSpec("room reminders", summary: "what the room posts on its own, and when", triggers: [["room", "reminders"]], command: .room(.posts)),
        CommandSpec(
            "room no more reminders", summary: "the owner: the room posts nothing on its own any more",
            triggers: [["room", "no", "more", "reminders"], ["room", "stop", "reminders"]], command: .room(.stopPosts([.chores, .report]))),
        CommandSpec("room fairness", summary: "each member's share of chores this week, and who is due next", triggers: [["room", "fairness"], ["room", "fair"]], command: .room(.fairness)),
        CommandSpec("store", summary: "what you can buy", triggers: CommandSpec.asked("store") + CommandSpec.asked("shop"), command: .store),
        CommandSpec(
            "buy", usage: "buy [N] <item>", summary: "buy a potion or one of your rewards",
            examples: ["buy potion", "buy 2 potions", "buy movie night"], triggers: [["buy"], ["purchase"], ["redeem"]],
            parse: PurchaseParser.parse
        ),
        CommandSpec(
            "delete reward", usage: "delete reward <name>", summary: "take one of your rewards out of the store (asks for 'yes' first)",
            examples: ["delete reward movie night"], triggers: [["delete", "reward"], ["remove", "reward"]]
        ) { rest in
            guard !rest.isEmpty else { throw HabitatError.usage("delete reward <name>", "Which reward?") }
            return .deleteReward(rest.phrase)
        },
        CommandSpec(
            "start challenge", summary: "after a game over: start the run back to health",
            triggers: [["start", "challenge"], ["start", "running"]], command: .startChallenge),
        CommandSpec(
            "ran", usage: "ran <distance>", summary: "log a run for the recovery challenge",
            examples: ["ran 2.5 km", "ran 2500 m", "run 3km"], triggers: [["ran"], ["run"], ["i", "ran"]]
        ) { rest in
            guard let km = Distance.kilometres(rest) else { throw HabitatError.usage("ran <distance>, e.g. ran 2.5 km") }
            return .ran(km: km)
        },
        CommandSpec(
            "config", usage: "config [setting value]", summary: "show your settings, or change one",
            examples: [
                "config", "config curve exponential", "config multiplier 2", "config xp per level 200",
                "config running target 3 km", "config timezone Europe/Berlin", "config day start 4",
                "config area Fitness curve flat",
            ],
            triggers: [["config"], ["settings"], ["set"]] + CommandSpec.asked("settings").dropFirst() + [["show", "config"]],
            parse: SettingsParser.parse
        ),
        CommandSpec("undo", summary: "take back your last recorded action (repeat to go further)", triggers: [["undo"], ["undo", "that"], ["undo", "last"], ["oops"]], command: .undo),
        CommandSpec(
            "help", usage: "help [command]", summary: "list commands, or show one with examples",
            examples: ["help", "help buy", "help room"], triggers: [["help"], ["?"], ["commands"]], beforeLogin: true
        ) { rest in
            let topic = rest.phrase.lowercased().trimmingCharacters(in: .whitespaces)
            return .help(topic: topic.isEmpty ? nil : topic)
        },
        CommandSpec(
            "mode", usage: "mode json | mode text", summary: "switch this connection to JSON replies, or back",
            examples: ["mode json", "mode text"], triggers: [["mode"]], beforeLogin: true
        ) { rest in
            guard rest.count == 1, let mode = OutputMode(rawValue: rest[0].lower) else {
                throw HabitatError.usage("mode json | mode text")
            }
            return .mode(mode)
        },
        CommandSpec(
            "plain", usage: "plain on | plain off", summary: "words instead of emoji, for screen readers",
            examples: ["plain on", "plain off"], triggers: [["plain"]], beforeLogin: true
        ) { rest in
            switch rest.map(\.lower) {
            case [], ["on"]: return .plain(true)
            case ["off"]: return .plain(false)
            default: throw HabitatError.usage("plain on | plain off")
            }
        },
        CommandSpec(
            "link", usage: "link | link <code>", summary: "play as this account from chat too: get a code here, say 'link <code>' in chat",
            examples: ["link", "link 4KQ-7ZD"], triggers: [["link"]]
        ) { rest in .link(rest.isEmpty ? nil : rest.phrase) }.keptVerbatim(),
        CommandSpec(
            "bridge", usage: "bridge <name> <token>", summary: "(for chat bridges) authenticate this connection as a bridge",
            examples: ["bridge irc hbt_2f6c1d0e9a8b47e3b5c4d2a1f0e9d8c7b6a5f4e3d2c1b0a9"], triggers: [["bridge"]], beforeLogin: true
        ) { rest in
            guard rest.count == 2 else { throw HabitatError.usage("bridge <name> <token>") }
            return .bridge(name: rest[0].lower, token: rest[1].text)
        }.keptVerbatim(),
        CommandSpec("quit", summary: "close the connection", triggers: [["quit"], ["exit"], ["bye"]], beforeLogin: true, command: .quit),
        CommandSpec(
            "hello", summary: "say hello, and hear what to do next", triggers: [["hello"], ["hi"], ["hey"], ["yo"]], beforeLogin: true,
            command: .hello),
        CommandSpec("thanks", summary: "you're welcome", triggers: [
                ["thanks"], ["thank", "you"], ["thank", "u"], ["thx"], ["ty"], ["cheers"], ["thank", "you", "so", "much"],
                ["thanks", "a", "lot"], ["many", "thanks"],
            ], beforeLogin: true, command: .thanks),
        CommandSpec("whoami", summary: "who you're logged in as", examples: ["whoami", "who am i"], triggers: [["whoami"]], beforeLogin: true, command: .whoami),
    ]

    /// Understands one line. `nil` for a blank line; ``HabitatError`` when it can't be understood.
    ///
    /// A command's words are read as typed when it holds a secret or a code (`login`, `passwd`, `link`); any other
    /// line is first tidied of the words around it that mean nothing (``EverydayWords/tidy(_:)``: `please`, `I
    /// just`, `!`), then read as a question (`how many coins do I have`), a command, `<habit> done`, or last, in the
    /// user's own words: a recording (``Recording/loose``) of whichever of their habits goes by those words
    /// (`flossed`, `I meditated this morning`, a bare habit name), which is `unknown_command` when none does.
    public static func parse(_ line: String) throws -> Command? {
        var kind: String?
        return try parse(line, kind: &kind)
    }

    /// Understands one line as ``parse(_:)`` does, and sets `kind` to the name of the command it asks for
    /// (``kind(of:)``), found on the way, before anything is thrown.
    public static func parse(_ line: String, kind: inout String?) throws -> Command? {
        let typed = tokenize(line)
        let selected = selection(typed)
        kind = Self.kind(of: selected)
        let tokens: [Token]
        switch selected {
        case nil:
            return nil
        case .command(let spec, let trigger, let words):
            return try spec.parse(trigger, Array(words.dropFirst(trigger.count)), line)
        case .question(let command):
            return command
        case .ownWords(let tidied):
            tokens = tidied
        }
        // "exercise done", "meditation completed yesterday" (a word of the note is just a word)
        let beforeNote = tokens.firstIndex(where: RecordingParser.endsName) ?? tokens.endIndex
        if let done = tokens[..<beforeNote].indices.dropFirst().first(where: { ["done", "completed", "finished"].contains(tokens[$0].lower) && !tokens[$0].quoted }) {
            var words = tokens
            words.remove(at: done)
            // After `done` come when and how often, never more of the name: `read done book` is not "read book".
            let command = try RecordingParser.parse(words, line: line)
            guard case .record(let recording) = command, recording.habit == tokens[..<done].phrase else { throw unknown(tokens) }
            return command
        }
        let (unknown, hinted) = reading(tokens)
        guard case .record(var recording)? = try? RecordingParser.parse(tokens, line: line) else { throw unknown }
        // A habit may be named with a word that is set aside elsewhere (Just dance): its whole name is looked for first.
        let asTyped = typed.count > tokens.count ? typed.phrase.trimmingCharacters(in: CharacterSet(charactersIn: ".!?")) : nil
        recording.loose = LooseReading(unknown: unknown, suggestsHabit: !hinted, asTyped: asTyped)
        return .record(recording)
    }

    /// What a line's words select, in the order ``parse(_:)`` reads them.
    enum Selection {
        /// A command of the table, by `trigger`, in `words`: as typed for a command that keeps them verbatim, else
        /// tidied.
        case command(CommandSpec, trigger: [String], words: [Token])
        /// A question (`how many coins do I have`) asking for `Command`.
        case question(Command)
        /// No command: the tidied words are the player's own (`exercise done`, `flossed`).
        case ownWords([Token])
    }

    /// What the `typed` words select: a command that keeps its words as typed (`login`, `passwd`) by them; any other
    /// line once tidied (``EverydayWords/tidy(_:)``), as a question first, then a command. `nil` for no words.
    static func selection(_ typed: [Token]) -> Selection? {
        guard !typed.isEmpty else { return nil }
        let typedMatch = match(typed)
        if let (spec, trigger) = typedMatch, spec.verbatim { return .command(spec, trigger: trigger, words: typed) }
        let tokens = EverydayWords.tidy(typed)
        if let command = EverydayWords.question(tokens) { return .question(command) }
        // Most lines have nothing to tidy: their command was found already.
        if let (spec, trigger) = tokens == typed ? typedMatch : match(tokens) {
            return .command(spec, trigger: trigger, words: tokens)
        }
        return .ownWords(tokens)
    }

    /// Whether `line` asks for a command that needs a logged-in user, however the rest of it is typed.
    public static func needsLogin(_ line: String) -> Bool {
        guard let spec = match(tokenize(line))?.spec else { return false }
        return !spec.beforeLogin
    }

    /// Whether `line` asks for a command a chat user may not use (`login`, `mode`, …), however the rest of it is typed.
    public static func refusedFromChat(_ line: String) -> Bool {
        guard let spec = match(tokenize(line))?.spec else { return false }
        return !spec.availableFromChat
    }

    /// The name of the command `line` asks for (`login`, `did`), however the rest of it is typed.
    public static func commandName(_ line: String) -> String? {
        match(tokenize(line))?.spec.name
    }

    /// What `help <topic>` shows.
    public enum HelpTopic {
        /// One command: named, or typed any way that selects it.
        case command(CommandSpec)
        /// The commands whose names start with the topic's words (`help room`, `help add`).
        case commands(String, [CommandSpec])
    }

    /// A command by its name; else the commands whose names start with the topic (one alone is shown itself);
    /// else the command the topic selects when typed (`help stats`, `help did exercise`).
    public static func helpTopic(_ topic: String) -> HelpTopic? {
        let words = tokenize(topic).map(\.lower).joined(separator: " ")
        if let named = all.first(where: { $0.name == words }) { return .command(named) }
        let family = all.filter { $0.name.hasPrefix(words + " ") }
        if family.count > 1 { return .commands(words, family) }
        if let spec = family.first ?? match(tokenize(topic))?.spec { return .command(spec) }
        return nil
    }

    /// The two words of `register`, `login` and `passwd`. More than two are most likely a password with
    /// spaces, which goes in quotes.
    static func pair(_ rest: [Token], usage: String) throws -> (String, String) {
        guard rest.count == 2 else {
            throw HabitatError.usage(usage, rest.count > 2 ? #"A password with spaces goes in quotes ("correct horse battery staple")."# : nil)
        }
        return (rest[0].text, rest[1].text)
    }

    /// The old and new names of `rename … <old> to <new>`: split at the last unquoted `to`.
    static func renaming(_ rest: [Token], usage: String) throws -> (String, String) {
        guard let to = rest.lastIndex(where: { $0.lower == "to" && !$0.quoted }), to > 0, to < rest.count - 1 else {
            throw HabitatError.usage(usage)
        }
        return (rest[..<to].phrase, rest[(to + 1)...].phrase)
    }

    /// The commands a chat user can use, for their `help`.
    public static let fromChat = all.filter(\.availableFromChat)

    /// The longest trigger the line starts with; of equally long ones, the first in the table.
    static func match(_ tokens: [Token]) -> (spec: CommandSpec, trigger: [String])? {
        guard let first = tokens.first, !first.quoted, let candidates = triggersByFirstWord[first.lower] else { return nil }
        for candidate in candidates where candidate.trigger.count <= tokens.count {
            if zip(candidate.trigger, tokens).allSatisfy({ $0 == $1.lower && !$1.quoted }) {
                return (all[candidate.spec], candidate.trigger)
            }
        }
        return nil
    }

    /// Every trigger under its first word, longest first (table order among equals), so matching a
    /// line looks at a handful of triggers instead of the whole table.
    private static let triggersByFirstWord: [String: [(spec: Int, trigger: [String])]] = {
        var table: [String: [(spec: Int, trigger: [String], order: Int)]] = [:]
        var order = 0
        for (index, spec) in all.enumerated() {
            for trigger in spec.triggers {
                guard let first = trigger.first else { continue }
                table[first, default: []].append((index, trigger, order))
                order += 1
            }
        }
        return table.mapValues { candidates in
            candidates
                .sorted { ($0.trigger.count, -$0.order) > ($1.trigger.count, -$1.order) }
                .map { ($0.spec, $0.trigger) }
        }
    }()

    /// Every trigger as one phrase, with its number of words and of characters.
    private static let phrases: [(phrase: String, words: Int, length: Int)] = all.flatMap(\.triggers).map {
        let phrase = $0.joined(separator: " ")
        return (phrase, $0.count, phrase.count)
    }

    /// The trigger of the same number of words that `typed` (a whole line, lowercased) most likely meant: one or two
    /// letters away (`list habit` → `list habits`), never the line itself.
    static func closestTrigger(to typed: String) -> String? {
        let (words, length) = (typed.split(separator: " ").count, typed.count)
        var best: (phrase: String, distance: Int)?
        for (phrase, phraseWords, phraseLength) in phrases where phraseWords == words && abs(phraseLength - length) <= 2 {
            guard phrase != typed else { continue }
            let distance = editDistance(typed, phrase)
            guard distance <= min(2, max(1, phraseLength / 3)) else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.phrase < phrase) { continue }
            best = (phrase, distance)
        }
        return best?.phrase
    }

    /// `unknown_command`, with the command the words most likely meant: `add habbit` → 'add habit',
    /// a bare `add` → its completions.
    static func unknown(_ tokens: [Token]) -> HabitatError { reading(tokens).unknown }

    /// ``unknown(_:)``, and whether it suggests a command.
    static func reading(_ tokens: [Token]) -> (unknown: HabitatError, hinted: Bool) {
        let words = tokens.map(\.lower)
        // `room bogus`: the first word starts several commands, and the suggestion is one of them.
        let family = all.map(\.name).filter { $0.hasPrefix(words[0] + " ") }
        let inFamily = words.count > 1 && family.count > 1 && !tokens[0].quoted
        let triggers = all.flatMap(\.triggers).filter {
            $0.allSatisfy { $0.allSatisfy(\.isLetter) } && (!inFamily || ($0.count > 1 && $0[0] == words[0]))
        }
        var hint = ""
        let completions = triggers.filter { $0.count > words.count && Array($0.prefix(words.count)) == words }
        if !completions.isEmpty {
            let names = completions.map { "'\($0.joined(separator: " "))'" }
            hint = "Did you mean \(GameState.either(names))? "
        } else {
            let scored = triggers.compactMap { trigger -> (String, Int)? in
                guard trigger.count <= words.count else { return nil }
                let typed = words.prefix(trigger.count).joined(separator: " ")
                let phrase = trigger.joined(separator: " ")
                // No suggestion is further than 2 edits away: a longer word (a line-long one) isn't measured.
                guard typed.count >= 3, abs(typed.count - phrase.count) <= 2 else { return nil }
                return (phrase, editDistance(typed, phrase))
            }
            if let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }),
                best.1 > 0, best.1 <= min(2, max(1, best.0.count / 3))
            {
                hint = "Did you mean '\(best.0)'? "
            }
        }
        var typed = tokens[0].text
        var more = "Type 'help' to see what I understand."
        if inFamily {
            typed = tokens.prefix(2).phrase
            if hint.isEmpty { hint = "The \(words[0]) commands are \(family.map { "'\($0)'" }.joined(separator: ", ")). " }
            more = "Type 'help \(words[0])' to see them."
        }
        return (HabitatError(.unknownCommand, "I don't know '\(typed)'. \(hint)\(more)", symbol: .question), !hint.isEmpty)
    }
}
