import Foundation
import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp
@testable import HabitatStorage

/// Every rule about a request is decided by one function, `Plan.make`: these pin it, line by line.
@Suite("Planning a request")
struct PlanTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let alice = Account(id: 1, name: "alice", passwordHash: "h", fileID: "ab12", created: now)

    /// A session of a connection, logged in as alice unless `account` says otherwise; no rate limit unless `rate`.
    static func session(_ account: Account? = alice, rate: Int = 0) -> Session {
        var session = Session(id: "c1", rateLimit: rate, now: now)
        session.account = account
        return session
    }

    /// What a plan is told of the world: as a test says.
    struct Facts: PlanFacts {
        let holds: Bool
        let inRooms: Bool
        func loginHolds(_ session: inout Session) -> Bool { holds }
        func inNoRoom(_ accountID: Int64) -> Bool { !inRooms }
    }

    /// The plan for `line` said on `session`, with alice known to be in no room unless `inRooms`.
    static func plan(_ line: String, _ session: inout Session, inRooms: Bool = false, loginHolds: Bool = true) -> Plan {
        var request = Request(text: line)
        return Plan.make(for: &request, session: &session, now: now, facts: Facts(holds: loginHolds, inRooms: inRooms))
    }

    static func plan(_ line: String, inRooms: Bool = false, loginHolds: Bool = true) -> Plan {
        var session = session()
        return plan(line, &session, inRooms: inRooms, loginHolds: loginHolds)
    }

    static func refusal(_ code: ErrorCode, _ message: String, symbol: ToastSymbol = .error) -> Plan {
        .say(Reply(error: HabitatError(code, message, symbol: symbol)))
    }

    @Test func aViewOfTheUsersOwnGameIsShown() {
        #expect(Self.plan("status") == .show(Status()))
        #expect(Self.plan("store") == .show(ShowStore()))
        #expect(Self.plan("config") == .show(Config(nil, area: nil)))
    }

    @Test func viewsWithStreaksReadTheLedger() {
        #expect(Self.plan("habits") == .run(ListHabits()))
        #expect(Self.plan("streaks") == .run(ShowStreaks()))
        #expect(Self.plan("archive") == .run(Archive(nil)))
    }

    @Test func aChangeOfTheUsersOwnGameIsAChangeOfTheirFileAlone() {
        #expect(Self.plan("buy potion") == .change(.buy(item: "potion", quantity: 1)))
        #expect(Self.plan("add habit Yoga") == .change(.addHabit(HabitDraft(name: "Yoga"))))
        #expect(Self.plan("archive yoga") == .change(.archive("yoga")))
    }

    @Test func didIsPersonalForSomeoneInNoRoomOrWhoSaysMyAndARoomsQuestionOtherwise() {
        #expect(Self.plan("did exercise") == .change(.record(Recording(habit: "exercise"))))
        #expect(Self.plan("did exercise", inRooms: true) == .record(Recording(habit: "exercise")))
        #expect(Self.plan("did my dishes", inRooms: true) == .change(.record(Recording(habit: "dishes"))))
        #expect(Self.plan("did my morning run", inRooms: true) == .change(.record(Recording(habit: "morning run"))))
        #expect(Self.plan("did myth", inRooms: true) == .record(Recording(habit: "myth")))
    }

    @Test func whatAsksFirstOrTouchesMoreThanTheUsersFileRunsInTheTask() {
        #expect(Self.plan("delete habit yoga") == .run(DeleteHabit("yoga")))
        #expect(Self.plan("rename yoga to stretch") == .run(RenameHabit("yoga", to: "stretch")))
        #expect(Self.plan("undo") == .run(Undo()))
        #expect(Self.plan("today") == .run(Today()))
        #expect(Self.plan("room status") == .run(RoomStatus()))
        #expect(Self.plan("timers") == .run(ListTimers()))
        // A new clock moves the reminders in the directory; other settings are the user's file alone.
        #expect(Self.plan("config timezone Europe/Berlin") == .run(Config(.timeZone("Europe/Berlin"), area: nil)))
        #expect(Self.plan("config day start 4") == .run(Config(.dayStart(hour: 4), area: nil)))
        #expect(Self.plan("config multiplier 2") == .change(.configure(.multiplier(2), area: nil)))
    }

    @Test func theConnectionsOwnCommandsAreTheSessions() {
        #expect(Self.plan("help") == .session(Help(topic: nil)))
        #expect(Self.plan("mode json") == .session(Mode(mode: .json)))
        #expect(Self.plan("quit") == .session(Quit()))
        #expect(Self.plan("logout") == .session(Logout()))
        #expect(Self.plan("login bob correct-horse") == .account(Login(name: "bob", password: "correct-horse")))
    }

    @Test func beforeLoginOnlyWhatNeedsNoAccountRuns() {
        var anonymous = Self.session(nil)
        let authRequired = Self.refusal(.authRequired, "Log in first: 'login <name> <password>', or 'register <name> <password>' to start.")
        #expect(Self.plan("status", &anonymous) == authRequired)
        #expect(Self.plan("logout", &anonymous) == authRequired)
        #expect(Self.plan("yes", &anonymous) == authRequired)
        // However the rest of the line is typed.
        #expect(Self.plan("room create", &anonymous) == authRequired)
        #expect(Self.plan("register bob correct-horse", &anonymous) == .account(Register(name: "bob", password: "correct-horse")))
        #expect(Self.plan("help", &anonymous) == .session(Help(topic: nil)))
        #expect(Self.plan("hey", &anonymous) == .session(Hello()))
    }

    @Test func loggedInLoginAndRegisterSayWhoIsLoggedInHoweverTheRestIsTyped() {
        #expect(Self.plan("login") == Self.refusal(.invalidArgument, "You're logged in as alice. To switch: login <name> <password>"))
        #expect(Self.plan("register") == Self.refusal(.invalidArgument, "You're logged in as alice. Type 'logout' first."))
        #expect(Self.plan("login bob correct-horse") == .account(Login(name: "bob", password: "correct-horse")))
        #expect(Self.plan("yes") == Self.refusal(.notFound, "There's no question waiting for an answer."))
        #expect(Self.plan("cancel") == Self.refusal(.notFound, "There's no question waiting for an answer."))
    }

    @Test func aLoginThatLapsedIsLoggedOutAtItsNextCommand() {
        #expect(Self.plan("status", loginHolds: false) == .lapse)
        #expect(Self.plan("did exercise", loginHolds: false) == .lapse)
        // What is about the connection alone still runs.
        #expect(Self.plan("help", loginHolds: false) == .session(Help(topic: nil)))
    }

    @Test func fromChatTheAccountAndConnectionCommandsAreRefused() {
        var chat = Self.session()
        chat.chatUser = "irc:alice"
        let refused = Self.refusal(.forbidden, "That isn't available from chat.")
        #expect(Self.plan("passwd old-one new-one-here", &chat) == refused)
        #expect(Self.plan("mode json", &chat) == refused)
        #expect(Self.plan("login", &chat) == refused)
        #expect(Self.plan("status", &chat) == .show(Status()))
    }

    @Test func theRateLimitComesFirstAndTakesOneTokenPerLine() {
        var session = Self.session(rate: 2)
        #expect(Self.plan("status", &session) == .show(Status()))
        #expect(Self.plan("xyzzy", &session) != Self.refusal(.rateLimited, "Slow down a little: at most 2 commands a second."))
        #expect(Self.plan("status", &session) == Self.refusal(.rateLimited, "Slow down a little: at most 2 commands a second."))
    }

    @Test func theLineAfterADeletesQuestionAnswersIt() {
        var session = Self.session()
        session.pendingDelete = .habit("Yoga")
        #expect(Self.plan("status", &session) == .answer(.habit("Yoga"), text: "status"))
        #expect(session.pendingDelete == nil)
        #expect(Self.plan("status", &session) == .show(Status()))
    }

    @Test func whatDoesNotParseIsSaidWithItsCode() {
        var session = Self.session(nil)
        guard case .say(let reply) = Self.plan("xyzzy", &session) else {
            Issue.record("not refused")
            return
        }
        #expect(reply.code == .unknownCommand)
        #expect(reply.toasts.first?.message.hasPrefix("I don't know 'xyzzy'.") == true)
    }

    /// Logged in, a line that is no command may be the player's own words for one of their habits (`flossed`): the
    /// engine looks, and answers `unknown_command` when none goes by them.
    @Test func aLineThatIsNoCommandIsLookedForAmongThePlayersHabits() throws {
        guard case .change(.record(let recording)) = Self.plan("flossed") else {
            Issue.record("not a recording")
            return
        }
        #expect(recording.habit == "flossed")
        let loose = try #require(recording.loose)
        #expect(loose.unknown == HabitatError(.unknownCommand, "I don't know 'flossed'. Type 'help' to see what I understand.", symbol: .question))
        #expect(loose.suggestsHabit)
        guard case .change(.record(let typo)) = Self.plan("stauts") else {
            Issue.record("not a recording")
            return
        }
        #expect(typo.loose?.suggestsHabit == false)
    }

    /// The plan names the command it read, for the metrics, so they need not read the line again; it names none when
    /// it read no command.
    @Test func thePlanNamesTheCommandItReadEvenOneThatIsRefused() {
        func kind(_ line: String, _ session: inout Session) -> String? {
            var request = Request(text: line)
            _ = Plan.make(for: &request, session: &session, now: Self.now, facts: Facts(holds: true, inRooms: false))
            return request.kind
        }
        var session = Self.session()
        #expect(kind("did exercise yesterday", &session) == "did")
        #expect(kind("how many coins do I have?", &session) == "coins")
        #expect(kind("I flossed", &session) == "did")
        #expect(kind("buy", &session) == "buy")
        #expect(kind("", &session) == "unknown")
        var limited = Self.session(rate: 1)
        #expect(kind("status", &limited) == "status")
        #expect(kind("status", &limited) == nil)
    }
}
