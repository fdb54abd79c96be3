import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

/// The `help` entry a parsed command belongs to.
private func specName(of command: any HabitatCommand) -> String {
    switch command {
    case is Help: "help"
    case is CallHabit: "call"
    case is ForgetWord: "forget"
    case is Register: "register"
    case is Login: "login"
    case is Logout: "logout"
    case is Passwd: "passwd"
    case is DeleteAccount: "delete my account"
    case is Mode: "mode"
    case is Plain: "plain"
    case is Quit: "quit"
    case is Hello: "hello"
    case is Thanks: "thanks"
    case is WhoAmI: "whoami"
    case is Version: "version"
    case let figure as OneFigure: figure.figure.rawValue
    case is Status: "status"
    case is ListHabits: "habits"
    case is ShowStore: "store"
    case let add as AddHabit: add.draft.kind == .bad ? "add bad habit" : "add habit"
    case is AddReward: "add reward"
    case is AddTodo: "add todo"
    case is ListTodos: "todos"
    case is TickOff: "tick off"
    case is CheckItem: "check"
    case is AddChecklistItem: "checklist"
    case is EditTodo: "edit todo"
    case is DeleteTodo: "delete todo"
    case is DeleteReward: "delete reward"
    case is Did: "did"
    case is Buy: "buy"
    case is Undo: "undo"
    case is AddArea: "add area"
    case is RenameArea: "rename area"
    case is DeleteArea: "delete area"
    case is ListAreas: "areas"
    case is Config: "config"
    case is StartChallenge: "start challenge"
    case is Ran: "ran"
    case is Archive: "archive"
    case is Unarchive: "unarchive"
    case is EditHabit: "edit"
    case is RenameHabit: "rename"
    case is DeleteHabit: "delete habit"
    case is Yes: "yes"
    case is No: "no"
    case is Today: "today"
    case is History: "history"
    case is ShowStreaks: "streaks"
    case is Strength: "strength"
    case is Heatmap: "heatmap"
    case is AddRoutine: "add routine"
    case is ListRoutines: "routines"
    case is DeleteRoutine: "delete routine"
    case is ListTemplates: "templates"
    case is UseTemplate: "use template"
    case is StartTimer: "start timer"
    case is ListTimers: "timers"
    case is StopTimer: "stop timer"
    case is ListRooms: "rooms"
    case is BridgeLogin: "bridge"
    case is Link: "link"
    case is PauseHabits: "pause"
    case is Resume: "resume"
    case is Remind: "remind me"
    case is ListReminders: "reminders"
    case let stop as StopReminding: stop.reminder == nil ? "no more reminders" : "stop reminding"
    case is Snooze: "snooze"
    case is RoomCreate: "room create"
    case is RoomInvite: "room invite"
    case is RoomJoin: "room join"
    case is RoomLeave: "room leave"
    case is RoomKick: "room kick"
    case is RoomUse: "room use"
    case let add as RoomAddHabit: add.draft.kind == .bad ? "room add bad habit" : "room add habit"
    case is RoomDeleteHabit: "room delete habit"
    case is RoomStatus: "room status"
    case is RoomLog: "room log"
    case is RoomFairness: "room fairness"
    case is RoomToday: "room today"
    case is RoomDid: "room did"
    case let post as RoomSchedulePost: post.kind == .report ? "room report" : "room remind"
    case let stop as RoomStopPosts: stop.kinds == [.report] ? "room report" : stop.kinds == [.chores] ? "room remind" : "room no more reminders"
    case is RoomReport: "room report"
    case is RoomPosts: "room reminders"
    case is ImportFile: "import"
    case is RoomAddTodo: "room add todo"
    case is RoomListTodos: "room list"
    case is RoomGot: "room got"
    case is RoomDeleteTodo: "room delete todo"
    default: "?"
    }
}

@Suite("help")
struct HelpListTests {
    @Test func helpAllListsEveryCommandOfTheTable() {
        let reply = Views.help(topic: "all", in: Commands.table, guide: Help.guide)
        #expect(reply.ok)
        #expect(reply.type == .info)
        let toast = reply.toasts[0]
        #expect(toast.message == "Habitat commands — 'help <command>' shows examples:")
        #expect(toast.details.count == Commands.all.count)
        for (line, spec) in zip(toast.details, Commands.all) {
            #expect(line.hasPrefix(spec.synopsis))
            #expect(line.hasSuffix("  " + spec.summary))
        }
    }

    @Test func summariesStartInOneColumn() {
        let toast = Views.help(topic: "all", in: Commands.table, guide: Help.guide).toasts[0]
        let columns = Set(zip(toast.details, Commands.all).map { $0.count - $1.summary.count })
        #expect(columns.count == 1)
    }

    @Test func longUsagesAreShortenedToOptions() {
        let synopses = Dictionary(uniqueKeysWithValues: Commands.all.map { ($0.name, $0.synopsis) })
        #expect(synopses["did"] == "did <habit> [options]")
        #expect(synopses["add habit"] == "add habit <name> [options]")
        #expect(synopses["room add bad habit"] == "room add bad habit <name> [N life]")
        #expect(synopses["buy"] == "buy [N] <item>")
        #expect(synopses["register"] == "register <name> <password>")
        #expect(synopses["passwd"] == "passwd <old password> <new password>")
    }

    @Test func dataListsEveryCommandWithUsageAndSummary() {
        let commands = elements(Views.help(topic: nil, in: Commands.table, guide: Help.guide).data?["commands"])
        #expect(commands.map { $0["name"]?.stringValue } == Commands.all.map(\.name))
        #expect(commands.map { $0["usage"]?.stringValue } == Commands.all.map(\.usage))
        #expect(commands.map { $0["summary"]?.stringValue } == Commands.all.map(\.summary))
        #expect(commands.allSatisfy { keys($0) == ["name", "usage", "summary"] })
    }

    @Test func namesAreUnique() {
        #expect(Set(Commands.all.map(\.name)).count == Commands.all.count)
    }

    @Test func theCommandsOfTheSpecAreAllThere() {
        let names = Set(Commands.all.map(\.name))
        for name in [
            "register", "login", "logout", "passwd", "did", "status", "habits", "add habit", "add bad habit", "add reward",
            "store", "buy", "undo", "help", "mode", "plain", "quit",
        ] {
            #expect(names.contains(name), "help does not list '\(name)'")
        }
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyExampleParsesToItsOwnCommand(name: String) throws {
        let spec = try #require(Commands.all.first { $0.name == name })
        for example in spec.examples {
            let command = try #require(try parse(example), "example '\(example)'")
            #expect(specName(of: command) == name, "example '\(example)'")
        }
    }

    @Test func aChatUsersHelpLeavesOutWhatChatCantUse() throws {
        guard case .array(let commands)? = Views.help(topic: nil, fromChat: true, in: Commands.table, guide: Help.guide).data?["commands"] else {
            Issue.record("help lists no commands")
            return
        }
        let listed = commands.compactMap { $0["name"]?.stringValue }
        #expect(Commands.all.count - listed.count == 8)
        for name in ["register", "login", "logout", "passwd", "mode", "quit", "bridge", "delete my account"] {
            #expect(!listed.contains(name), "\(name)")
        }
        // `import`: the Matrix bridge sends a file sent to its direct chat.
        for name in ["did", "status", "help", "plain", "link", "room did", "import"] {
            #expect(listed.contains(name), "\(name)")
        }
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyCommandIsFoundByItsName(name: String) {
        #expect(helpedCommand(name) == name)
    }
}

@Suite("help's card and topics")
struct HelpCardTests {
    @Test func helpIsACardOfEightLines() {
        let reply = Views.help(topic: nil, in: Commands.table, guide: Help.guide)
        #expect(reply.ok)
        #expect(
            reply.text(plain: false) == """
                ℹ️ Habitat — what people do most:
                  did <habit>       record it: 'did exercise', 'flossed', 'did water 3'
                  today             what's done and what's left today
                  status            your level, XP, health and coins
                  add habit <name>  start one: 'add habit Yoga on mon wed fri'
                  undo              take back the last thing recorded
                  More: help habits · today · todos · amounts · schedules · pauses · reminders · store · rooms · chores · list · words · account · json
                  'help <command>' shows one with examples; 'help all' lists every command.


                """)
        #expect(reply.text(plain: false).split(separator: "\n").count == 8)
    }

    @Test func theCardsDataKeepsEveryCommandAndNamesTheTopics() {
        let data = Views.help(topic: nil, in: Commands.table, guide: Help.guide).data
        #expect(elements(data?["commands"]).map { $0["name"]?.stringValue } == Commands.all.map(\.name))
        #expect(elements(data?["topics"]).map { $0["name"]?.stringValue } == [
            "habits", "today", "todos", "amounts", "schedules", "pauses", "reminders", "store", "rooms", "chores", "list", "words", "account",
            "json",
        ])
        #expect(elements(data?["topics"])[3]["summary"] == "habits you count: glasses, kilometres, minutes, pages")
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyCommandIsInATopic(name: String) {
        #expect(Help.guide.topics.contains { $0.commands.contains(name) }, "no topic of help has '\(name)'")
    }

    @Test func topicsNameOnlyCommandsOfTheTable() {
        let names = Set(Commands.all.map(\.name))
        for topic in Help.guide.topics {
            for name in topic.commands { #expect(names.contains(name), "\(topic.name): '\(name)'") }
        }
        for (name, _, _) in Help.guide.first { #expect(names.contains(name), "card: '\(name)'") }
    }

    @Test(arguments: Help.guide.topics.flatMap { topic in topic.examples.map { (topic.name, $0) } })
    func everyExampleOfATopicIsUnderstood(topic: String, example: String) throws {
        #expect(try parse(example) != nil, "help \(topic): '\(example)'")
    }

    @Test func helpAmountsListsItsCommandsThenExamples() {
        let reply = Views.help(topic: "amounts", in: Commands.table, guide: Help.guide)
        #expect(reply.ok)
        #expect(reply.toasts.map(\.message) == ["Amounts — habits you count: glasses, kilometres, minutes, pages", "Said like this:"])
        #expect(reply.toasts[0].details == [
            "did <habit> [options]           record a habit, good or bad (one with a target: the amount, 'did water 3')",
            "add habit <name> [options]      add a good habit (default +10 XP, +5 coins, every day); with a target, it's done for the day at that amount",
            "add bad habit <name> [options]  add a bad habit (default -10 life); with a limit, the first so many a day cost nothing",
            "edit <habit> [options]          change a habit's rewards, cost, area, time tracking, target or limit, or schedule",
            "ran <distance>                  log a run for the recovery challenge",
            "start timer <habit> <N> min     when the time is up, the habit is recorded and you're told",
            "timers                          your running timers",
            "stop timer [habit | number]     cancel a timer (nothing is recorded)",
        ])
        #expect(reply.toasts[1].details.first == "e.g. add habit Water target 8 glasses")
        #expect(reply.data?["topic"] == "amounts")
        #expect(elements(reply.data?["commands"]).map { $0["name"]?.stringValue } == [
            "did", "add habit", "add bad habit", "edit", "ran", "start timer", "timers", "stop timer",
        ])
    }

    @Test(arguments: [("everyday", "words"), ("HOLIDAY", "pauses"), ("household", "rooms"), ("today", "today"), ("store", "store")])
    func aTopicIsFoundByItsNameOrAnotherWord(word: String, topic: String) {
        #expect(Views.help(topic: word, in: Commands.table, guide: Help.guide).data?["topic"]?.stringValue == topic)
    }

    @Test func aChatUsersCardAndTopicsLeaveOutWhatChatCantUse() {
        let card = Views.help(topic: nil, fromChat: true, in: Commands.table, guide: Help.guide)
        #expect(card.toasts[0].details.count == 7)
        let account = Views.help(topic: "account", fromChat: true, in: Commands.table, guide: Help.guide)
        #expect(elements(account.data?["commands"]).map { $0["name"]?.stringValue } == ["whoami", "link", "config", "import", "version", "help"])
        let json = Views.help(topic: "json", fromChat: true, in: Commands.table, guide: Help.guide)
        #expect(elements(json.data?["commands"]).map { $0["name"]?.stringValue } == ["plain"])
    }
}

@Suite("help <command>")
struct HelpTopicTests {
    @Test func helpBuy() {
        let reply = Views.help(topic: "buy", in: Commands.table, guide: Help.guide)
        #expect(
            reply.text(plain: false)
                == "ℹ️ buy [N] <item> — buy a potion or one of your rewards\n  also: purchase, redeem\n  e.g. buy potion\n  e.g. buy 2 potions\n  e.g. buy movie night\n\n"
        )
        #expect(keys(reply.data) == ["name", "usage", "summary", "examples", "also"])
        #expect(reply.data?["also"] == ["purchase", "redeem"])
        #expect(reply.data?["name"] == "buy")
        #expect(reply.data?["usage"] == "buy [N] <item>")
        #expect(reply.data?["examples"] == ["buy potion", "buy 2 potions", "buy movie night"])
    }

    @Test func helpBuyAsTyped() throws {
        let command = try #require(try parse("help buy"))
        guard let topic = (command as? Help)?.topic else {
            Issue.record("'help buy' parsed as \(command)")
            return
        }
        #expect(Views.help(topic: topic, in: Commands.table, guide: Help.guide) == Views.help(topic: "buy", in: Commands.table, guide: Help.guide))
    }

    @Test func helpDidShowsTheFullUsage() {
        let reply = Views.help(topic: "did", in: Commands.table, guide: Help.guide)
        #expect(reply.toasts[0].message.hasPrefix("did <habit> [x3] [yesterday | N days ago | on YYYY-MM-DD] [at 6:45am] [: note] — "))
        #expect(reply.toasts[0].details.contains("e.g. did pushups x3"))
    }

    @Test(arguments: [
        ("stats", "status"), ("me", "status"), ("done", "did"), ("i did", "did"), ("slipped", "did"), ("log in", "login"),
        ("add habit", "add habit"), ("ADD HABIT", "add habit"), ("add bad habit", "add bad habit"), ("shop", "store"),
        ("?", "help"), ("did exercise", "did"), ("signup", "register"),
    ])
    func aTopicMayBeAnyWayOfTypingTheCommand(topic: String, name: String) {
        #expect(helpedCommand(topic) == name)
        #expect(Views.help(topic: topic, in: Commands.table, guide: Help.guide).data?["name"]?.stringValue == name)
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyCommandHasAnExample(name: String) {
        // A command whose name is a topic's (`help today`) is shown in that topic, with the topic's examples.
        let reply = Views.help(topic: name, in: Commands.table, guide: Help.guide)
        #expect(reply.toasts.flatMap(\.details).contains { $0.hasPrefix("e.g. ") })
        #expect(!elements(reply.data?["examples"]).isEmpty == true)
    }

    @Test func helpStatusShowsItsOtherPhrasingsAndAnExample() {
        #expect(
            Views.help(topic: "status", in: Commands.table, guide: Help.guide).text(plain: false)
                == "ℹ️ status — your level, XP, health and coins\n  also: stats, me\n  e.g. status\n\n")
        #expect(Views.help(topic: "undo", in: Commands.table, guide: Help.guide).text(plain: false) == "ℹ️ undo — take back your last recorded action (repeat to go further)\n  also: undo that, undo last, oops\n  e.g. undo\n\n")
    }

    @Test(arguments: [
        ("add", ["add habit", "add bad habit", "add reward", "add todo", "add area", "add routine"]),
        ("start", ["start timer", "start challenge"]), ("delete", ["delete my account", "delete todo", "delete habit", "delete area", "delete routine", "delete reward"]),
        ("ROOM", [
            "room create", "room invite", "room join", "room leave", "room kick", "room use", "room add habit",
            "room add bad habit", "room delete habit", "room did", "room status", "room log", "room today", "room report", "room remind", "room reminders",
            "room no more reminders", "room fairness", "room add todo", "room list", "room got", "room delete todo",
        ]),
    ])
    func aWordThatStartsSeveralCommandsListsThem(word: String, names: [String]) {
        let reply = Views.help(topic: word, in: Commands.table, guide: Help.guide)
        #expect(reply.ok)
        #expect(reply.toasts[0].message == "The \(word.lowercased()) commands — 'help <command>' shows examples:")
        #expect(elements(reply.data?["commands"]).map { $0["name"]?.stringValue } == names)
        #expect(reply.toasts[0].details.count == names.count)
    }

    @Test func helpStartListsItsTwoCommands() {
        #expect(
            Views.help(topic: "start", in: Commands.table, guide: Help.guide).text(plain: false)
                == "ℹ️ The start commands — 'help <command>' shows examples:\n  start timer <habit> <N> min  when the time is up, the habit is recorded and you're told\n  start challenge              after a game over: start the run back to health\n\n")
    }

    @Test func aWordThatStartsOneCommandShowsIt() {
        #expect(Views.help(topic: "use", in: Commands.table, guide: Help.guide).data?["name"] == "use template")
    }

    @Test func anUnknownTopicIsNotFound() {
        let reply = Views.help(topic: "juggle", in: Commands.table, guide: Help.guide)
        #expect(!reply.ok)
        #expect(reply.code == .notFound)
        #expect(reply.type == .error)
        #expect(reply.text(plain: false) == "❓ No command or topic 'juggle'. Type 'help' to see the topics.\n\n")
        #expect(reply.json(plain: false).contains(#""code":"not_found""#))
    }

    @Test(arguments: [#"help """#, #"help "  ""#, #"help ""#])
    func anEmptyTopicGetsTheWholeList(line: String) throws {
        #expect(try Commands.table.parse(line) == Help(topic: nil))
        #expect(Views.help(topic: "", in: Commands.table, guide: Help.guide).ok == false)
    }
}

/// The name of the one command `help <topic>` is about, if it is about one.
func helpedCommand(_ topic: String) -> String? {
    guard case .command(let spec)? = Commands.table.helpTopic(topic) else { return nil }
    return spec.name
}
