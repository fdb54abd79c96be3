import HabitatCommands
import HabitatEngine
import Testing

/// The `help` entry a parsed command belongs to.
private func specName(of command: Command) -> String {
    switch command {
    case .help: "help"
    case .register: "register"
    case .login: "login"
    case .logout: "logout"
    case .passwd: "passwd"
    case .mode: "mode"
    case .plain: "plain"
    case .quit: "quit"
    case .hello: "hello"
    case .thanks: "thanks"
    case .whoami: "whoami"
    case .figure(let figure): figure.rawValue
    case .status: "status"
    case .habits: "habits"
    case .store: "store"
    case .addHabit(let draft): draft.kind == .bad ? "add bad habit" : "add habit"
    case .addReward: "add reward"
    case .deleteReward: "delete reward"
    case .record: "did"
    case .buy: "buy"
    case .undo: "undo"
    case .addArea: "add area"
    case .renameArea: "rename area"
    case .deleteArea: "delete area"
    case .areas: "areas"
    case .showConfig, .configure: "config"
    case .startChallenge: "start challenge"
    case .ran: "ran"
    case .archive: "archive"
    case .unarchive: "unarchive"
    case .edit: "edit"
    case .rename: "rename"
    case .delete: "delete habit"
    case .confirm: "yes"
    case .cancel: "no"
    case .today: "today"
    case .history: "history"
    case .streaks: "streaks"
    case .heatmap: "heatmap"
    case .addRoutine: "add routine"
    case .routines: "routines"
    case .deleteRoutine: "delete routine"
    case .templates: "templates"
    case .useTemplate: "use template"
    case .startTimer: "start timer"
    case .timers: "timers"
    case .stopTimer: "stop timer"
    case .rooms: "rooms"
    case .bridge: "bridge"
    case .link: "link"
    case .pause: "pause"
    case .resume: "resume"
    case .remind: "remind me"
    case .reminders: "reminders"
    case .stopReminding(let name): name == nil ? "no more reminders" : "stop reminding"
    case .snooze: "snooze"
    case .room(let command):
        switch command {
        case .create: "room create"
        case .invite: "room invite"
        case .join: "room join"
        case .leave: "room leave"
        case .kick: "room kick"
        case .use: "room use"
        case .addHabit(let draft): draft.kind == .bad ? "room add bad habit" : "room add habit"
        case .deleteHabit: "room delete habit"
        case .status: "room status"
        case .log: "room log"
        case .fairness: "room fairness"
        case .today: "room today"
        case .record: "room did"
        case .report, .post(.report, _, _), .stopPosts([.report]): "room report"
        case .post(.chores, _, _), .stopPosts([.chores]): "room remind"
        case .posts: "room reminders"
        case .stopPosts: "room no more reminders"
        }
    }
}

@Suite("help")
struct HelpListTests {
    @Test func listsEveryCommandOfTheTable() {
        let reply = Views.help(topic: nil)
        #expect(reply.ok)
        #expect(reply.type == .info)
        let toast = reply.toasts[0]
        #expect(toast.message == "Habitat commands — 'help <command>' shows examples:")
        #expect(toast.details.count == CommandTable.all.count)
        for (line, spec) in zip(toast.details, CommandTable.all) {
            #expect(line.hasPrefix(spec.synopsis))
            #expect(line.hasSuffix("  " + spec.summary))
        }
    }

    @Test func summariesStartInOneColumn() {
        let toast = Views.help(topic: nil).toasts[0]
        let columns = Set(zip(toast.details, CommandTable.all).map { $0.count - $1.summary.count })
        #expect(columns.count == 1)
    }

    @Test func longUsagesAreShortenedToOptions() {
        let synopses = Dictionary(uniqueKeysWithValues: CommandTable.all.map { ($0.name, $0.synopsis) })
        #expect(synopses["did"] == "did <habit> [options]")
        #expect(synopses["add habit"] == "add habit <name> [options]")
        #expect(synopses["room add bad habit"] == "room add bad habit <name> [N life]")
        #expect(synopses["buy"] == "buy [N] <item>")
        #expect(synopses["register"] == "register <name> <password>")
        #expect(synopses["passwd"] == "passwd <old password> <new password>")
    }

    @Test func dataListsEveryCommandWithUsageAndSummary() {
        let commands = elements(Views.help(topic: nil).data?["commands"])
        #expect(commands.map { $0["name"]?.stringValue } == CommandTable.all.map(\.name))
        #expect(commands.map { $0["usage"]?.stringValue } == CommandTable.all.map(\.usage))
        #expect(commands.map { $0["summary"]?.stringValue } == CommandTable.all.map(\.summary))
        #expect(commands.allSatisfy { keys($0) == ["name", "usage", "summary"] })
    }

    @Test func namesAreUnique() {
        #expect(Set(CommandTable.all.map(\.name)).count == CommandTable.all.count)
    }

    @Test func theCommandsOfTheSpecAreAllThere() {
        let names = Set(CommandTable.all.map(\.name))
        for name in [
            "register", "login", "logout", "passwd", "did", "status", "habits", "add habit", "add bad habit", "add reward",
            "store", "buy", "undo", "help", "mode", "plain", "quit",
        ] {
            #expect(names.contains(name), "help does not list '\(name)'")
        }
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func everyExampleParsesToItsOwnCommand(name: String) throws {
        let spec = try #require(CommandTable.all.first { $0.name == name })
        for example in spec.examples {
            let command = try #require(try parse(example), "example '\(example)'")
            #expect(specName(of: command) == name, "example '\(example)'")
        }
    }

    @Test func aChatUsersHelpLeavesOutWhatChatCantUse() throws {
        guard case .array(let commands)? = Views.help(topic: nil, fromChat: true).data?["commands"] else {
            Issue.record("help lists no commands")
            return
        }
        let listed = commands.compactMap { $0["name"]?.stringValue }
        #expect(CommandTable.all.count - listed.count == 7)
        for name in ["register", "login", "logout", "passwd", "mode", "quit", "bridge"] {
            #expect(!listed.contains(name), "\(name)")
        }
        for name in ["did", "status", "help", "plain", "link", "room did"] {
            #expect(listed.contains(name), "\(name)")
        }
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func everyCommandIsFoundByItsName(name: String) {
        #expect(helpedCommand(name) == name)
    }
}

@Suite("help <command>")
struct HelpTopicTests {
    @Test func helpBuy() {
        let reply = Views.help(topic: "buy")
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
        guard case .help(let topic) = command else {
            Issue.record("'help buy' parsed as \(command)")
            return
        }
        #expect(Views.help(topic: topic) == Views.help(topic: "buy"))
    }

    @Test func helpDidShowsTheFullUsage() {
        let reply = Views.help(topic: "did")
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
        #expect(Views.help(topic: topic).data?["name"]?.stringValue == name)
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func everyCommandHasAnExample(name: String) {
        let reply = Views.help(topic: name)
        #expect(reply.toasts[0].details.contains { $0.hasPrefix("e.g. ") })
        #expect(!elements(reply.data?["examples"]).isEmpty == true)
    }

    @Test func helpStatusShowsItsOtherPhrasingsAndAnExample() {
        #expect(
            Views.help(topic: "status").text(plain: false)
                == "ℹ️ status — your level, XP, health and coins\n  also: stats, me\n  e.g. status\n\n")
        #expect(Views.help(topic: "undo").text(plain: false) == "ℹ️ undo — take back your last recorded action (repeat to go further)\n  also: undo that, undo last, oops\n  e.g. undo\n\n")
    }

    @Test(arguments: [
        ("add", ["add habit", "add bad habit", "add reward", "add area", "add routine"]),
        ("start", ["start timer", "start challenge"]), ("delete", ["delete habit", "delete area", "delete routine", "delete reward"]),
        ("ROOM", [
            "room create", "room invite", "room join", "room leave", "room kick", "room use", "room add habit",
            "room add bad habit", "room delete habit", "room did", "room status", "room log", "room today", "room report", "room remind", "room reminders",
            "room no more reminders", "room fairness",
        ]),
    ])
    func aWordThatStartsSeveralCommandsListsThem(word: String, names: [String]) {
        let reply = Views.help(topic: word)
        #expect(reply.ok)
        #expect(reply.toasts[0].message == "The \(word.lowercased()) commands — 'help <command>' shows examples:")
        #expect(elements(reply.data?["commands"]).map { $0["name"]?.stringValue } == names)
        #expect(reply.toasts[0].details.count == names.count)
    }

    @Test func helpStartListsItsTwoCommands() {
        #expect(
            Views.help(topic: "start").text(plain: false)
                == "ℹ️ The start commands — 'help <command>' shows examples:\n  start timer <habit> <N> min  when the time is up, the habit is recorded and you're told\n  start challenge              after a game over: start the run back to health\n\n")
    }

    @Test func aWordThatStartsOneCommandShowsIt() {
        #expect(Views.help(topic: "use").data?["name"] == "use template")
    }

    @Test func anUnknownTopicIsNotFound() {
        let reply = Views.help(topic: "juggle")
        #expect(!reply.ok)
        #expect(reply.code == .notFound)
        #expect(reply.type == .error)
        #expect(reply.text(plain: false) == "❓ No command 'juggle'. Type 'help' to see them all.\n\n")
        #expect(reply.json(plain: false).contains(#""code":"not_found""#))
    }

    @Test(arguments: [#"help """#, #"help "  ""#, #"help ""#])
    func anEmptyTopicGetsTheWholeList(line: String) throws {
        #expect(try CommandTable.parse(line) == .help(topic: nil))
        #expect(Views.help(topic: "").ok == false)
    }
}

/// The name of the one command `help <topic>` is about, if it is about one.
func helpedCommand(_ topic: String) -> String? {
    guard case .command(let spec)? = CommandTable.helpTopic(topic) else { return nil }
    return spec.name
}
