import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// What the server does with one request, decided once, by ``Plan/make(for:session:now:facts:)``, from the request
/// and the session: whether it may run at all (the rate limit, logging in, chat), what it touches, and so where it
/// can run. Every rule about a request is decided here; running a plan only carries it out.
///
/// A plan that needs nothing but memory (``say(_:)``, ``session(_:)``, ``show(_:)`` of a game in memory) is run as
/// the line arrives, one that needs nothing but the user's own file (``change(_:)``) is started there; every other
/// plan is awaited in a task of its own (``Pipeline/take(_:session:)``). Either way it is the same plan, carried out
/// by the same code.
public enum Plan: Sendable, Equatable {
    /// Answered as it is: refused (rate limited, not logged in, not from chat, not understood), or a nudge.
    case say(Reply)
    /// About the connection itself (`help`, `mode json`, `plain on`, `quit`, `logout`): no file.
    case session(Command)
    /// A view of the user's own game (`status`, `habits`, ...).
    case show(GameView)
    /// A change of the user's own game and nothing else (a personal `did`, `buy`, `add habit`, ...).
    case change(Action)
    /// `did …` of a user in rooms: a room's shared habit of that name, or their own.
    case record(Recording)
    /// The line after a delete's question (`text`): `yes` deletes, anything else keeps it.
    case answer(PendingDelete, text: String)
    /// `register`, `login` or `bridge`: what makes a connection someone's.
    case account(Command)
    /// The user's password changed on another connection since they logged in here: logged out, and told why.
    case lapse
    /// Everything else a logged-in user asks (rooms, timers, the ledger, deletes, `link`, ...).
    case run(Command)

    /// The plan for `request`: the rate limit first, then the answer to a question asked, then the command.
    /// Sets the request's `kind` when it reads its command.
    public static func make(for request: inout Request, session: inout Session, now: Date, facts: some PlanFacts) -> Plan {
        guard session.bucket.take(now: now) else {
            return .say(Reply(error: HabitatError(.rateLimited, "Slow down a little: at most \(session.bucket.rate) commands a second.")))
        }
        // A question (`delete habit`) is answered by the very next line: `yes`, or anything else cancels.
        if let pending = session.pendingDelete {
            session.pendingDelete = nil
            return .answer(pending, text: request.text)
        }
        return make(for: request.text, session: &session, facts: facts, kind: &request.kind)
    }

    /// The plan for the command `text` says.
    static func make(for text: String, session: inout Session, facts: some PlanFacts) -> Plan {
        var kind: String?
        return make(for: text, session: &session, facts: facts, kind: &kind)
    }

    /// The plan for the command `text` says; `kind` is set to the name of the command it asks for.
    static func make(for text: String, session: inout Session, facts: some PlanFacts, kind: inout String?) -> Plan {
        let command: Command?
        do {
            command = try CommandTable.parse(text, kind: &kind)
        } catch {
            return .say(Reply(error: misread(text, error, session: session)))
        }
        guard let command else { return .say(Reply(.info, "Type 'help' to see what I understand.")) }
        return make(for: command, session: &session, facts: facts)
    }

    /// The plan for `command`, as the session stands.
    static func make(for command: Command, session: inout Session, facts: some PlanFacts) -> Plan {
        switch command {
        case _ where session.chatUser != nil && !command.availableFromChat:
            return .say(Reply(error: notFromChat))
        case .help, .hello, .thanks, .whoami, .mode, .plain, .quit:
            return .session(command)
        // A line in someone's own words is about their habits: before login it was just not understood.
        case .record(let recording) where session.account == nil && recording.loose != nil:
            return .say(Reply(error: recording.loose!.unknown))
        case .logout where session.account != nil:
            return .session(command)
        case .confirm where session.account != nil, .cancel where session.account != nil:
            return .say(Reply(error: HabitatError(.notFound, "There's no question waiting for an answer.")))
        case .register, .login, .bridge:
            return .account(command)
        default:
            break
        }
        guard let accountID = session.account?.id else { return .say(Reply(error: authRequired)) }
        guard facts.loginHolds(&session) else { return .lapse }
        switch command {
        case .record(let recording):
            let (own, mine) = Self.own(recording)
            return mine || facts.inNoRoom(accountID) ? .change(.record(own)) : .record(own)
        // A delete asks first; a rename takes the habit's running timers and reminders with it, in the directory; a
        // habit given a bite has the server end the user's days, said in the directory too.
        case .delete, .deleteArea, .deleteReward, .rename:
            return .run(command)
        case .addHabit(let draft) where (draft.bite ?? 0) > 0:
            return .run(command)
        case .edit(_, let edit) where (edit.bite ?? 0) > 0:
            return .run(command)
        // A new clock moves the user's reminders and day end to it, in the directory too.
        case .configure(.timeZone, nil), .configure(.dayStart, nil):
            return .run(command)
        default:
            if let view = GameView(command) { return .show(view) }
            if let action = Self.action(for: command) { return .change(action) }
            return .run(command)
        }
    }

    /// The words for a line that did not parse, as the session stands: from chat, an account command is refused as
    /// such; before login, a command that needs it is; logged in, `login` or `register` says who is logged in,
    /// however the rest of the line is typed (and `login`, how to switch).
    static func misread(_ text: String, _ error: any Error, session: Session) -> HabitatError {
        guard let error = error as? HabitatError else {
            return HabitatError(.internal, "Something went wrong on our side, and nothing was changed. Please try again.")
        }
        if session.chatUser != nil && CommandTable.refusedFromChat(text) { return notFromChat }
        if session.account == nil && error.code != .authRequired && CommandTable.needsLogin(text) { return authRequired }
        if let account = session.account, error.code == .invalidArgument {
            switch CommandTable.commandName(text) {
            case "register": return alreadyLoggedIn(account)
            case "login": return HabitatError(.invalidArgument, "You're logged in as \(account.name). To switch: login <name> <password>")
            default: break
            }
        }
        return error
    }

    /// `did my <habit>` is the user's own habit, never a room's: the recording without the `my`.
    static func own(_ recording: Recording) -> (recording: Recording, mine: Bool) {
        // A name of one word (the common case) cannot start with "my ".
        guard recording.habit.containsSpace else { return (recording, false) }
        var recording = recording
        let words = recording.habit.split(separator: " ", maxSplits: 1)
        let mine = words.count == 2 && words[0].lowercased() == "my"
        if mine { recording.habit = String(words[1]) }
        return (recording, mine)
    }

    /// The game action a command performs, if it changes the user's game.
    static func action(for command: Command) -> Action? {
        switch command {
        case .addHabit(let draft): .addHabit(draft)
        case .pause(let name, let length): .pause(name, length)
        case .resume(let name): .resume(name)
        case .addReward(let name, let price): .addReward(name: name, price: price)
        case .deleteReward(let name): .deleteReward(name)
        case .buy(let item, let quantity): .buy(item: item, quantity: quantity)
        case .addArea(let name): .addArea(name)
        case .renameArea(let name, let newName): .renameArea(name, to: newName)
        case .deleteArea(let name): .deleteArea(name)
        case .configure(let setting, let area): .configure(setting, area: area)
        case .startChallenge: .startChallenge
        case .ran(let km): .run(km: km)
        case .archive(let name?): .archive(name)
        case .unarchive(let name): .unarchive(name)
        case .edit(let name, let edit): .edit(name, edit)
        case .rename(let name, let newName): .rename(name, to: newName)
        case .delete(let name): .delete(name)
        case .addRoutine(let name, let habits): .addRoutine(name: name, habits: habits)
        case .deleteRoutine(let name): .deleteRoutine(name)
        case .useTemplate(let name): .useTemplate(name)
        default: nil
        }
    }

    static let authRequired = HabitatError(.authRequired, "Log in first: 'login <name> <password>', or 'register <name> <password>' to start.")
    static let notFromChat = HabitatError(.forbidden, "That isn't available from chat.")

    static func alreadyLoggedIn(_ account: Account) -> HabitatError {
        HabitatError(.invalidArgument, "You're logged in as \(account.name). Type 'logout' first.")
    }
}

/// What a plan reads of the world beyond the request and the session, asked only when a rule needs it: the pipeline
/// answers from memory, tests with what they say.
public protocol PlanFacts {
    /// Whether the login of the session still holds: its account's password has not changed elsewhere since.
    func loginHolds(_ session: inout Session) -> Bool
    /// Whether the account is known to be in no room (without asking the directory).
    func inNoRoom(_ accountID: Int64) -> Bool
}
