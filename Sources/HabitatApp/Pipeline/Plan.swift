import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage

/// What the server does with one request, decided once, by ``Plan/make(for:session:now:facts:)``, from the request
/// and the session: whether it may run at all (the rate limit, logging in, chat), what it touches, and so where it
/// can run. Every rule about a request is decided here; running a plan only carries it out.
///
/// What it touches is the command's to say (``HabitatCommand/touches``); the rules about who may run it where are
/// here. A plan that needs nothing but memory (``say(_:)``, ``session(_:)``, ``show(_:)`` of a game in memory) is run as
/// the line arrives, one that needs nothing but the user's own file (``change(_:)``) is started there; every other
/// plan is awaited in a task of its own (``Pipeline/take(_:session:)``). Either way it is the same plan, carried out
/// by the same code.
public enum Plan: Sendable {
    /// Answered as it is: refused (rate limited, not logged in, not from chat, not understood), or a nudge.
    case say(Reply)
    /// About the connection itself (`help`, `mode json`, `plain on`, `quit`, `logout`): no file.
    case session(any HabitatCommand)
    /// A view of the user's own game (`status`, `store`, ...).
    case show(any HabitatCommand)
    /// A change of the user's own game and nothing else (a personal `did`, `buy`, `add habit`, ...).
    case change(Action)
    /// `did …` of a user in rooms: a room's shared habit of that name, or their own.
    case record(Recording)
    /// The line after a delete's question (`text`): `yes` deletes, anything else keeps it.
    case answer(PendingDelete, text: String)
    /// `yes` to what a line in everyday words was asked about: these strict commands.
    case accept([String])
    /// `register`, `login` or `bridge`: what makes a connection someone's.
    case account(any HabitatCommand)
    /// The user's password changed on another connection since they logged in here: logged out, and told why.
    case lapse
    /// Everything else a logged-in user asks (rooms, timers, the ledger, deletes, `link`, ...).
    case run(any HabitatCommand)

    /// The plan for `request`: the rate limit first, then the answer to a question asked, then the command.
    /// Sets the request's `kind` when it reads its command.
    public static func make(for request: inout Request, session: inout Session, now: Date, facts: some PlanFacts) -> Plan {
        // A file's `import data` lines come as fast as they are sent, and cost no more than a refusal would: the file
        // being sent is bounded (``ImportFile/most``), and so are the files being sent at once (``Uploads``).
        let sendingFile = session.upload != nil && request.text.hasPrefix("import data ")
        guard sendingFile || session.bucket.take(now: now) else {
            return .say(Reply(error: HabitatError(.rateLimited, "Slow down a little: at most \(session.bucket.rate) commands a second.")))
        }
        // A question (`delete habit`) is answered by the very next line: `yes`, or anything else cancels.
        if let pending = session.pendingDelete {
            session.pendingDelete = nil
            return .answer(pending, text: request.text)
        }
        // A reading asked about (`Did you mean 'did yoga'?`) is done by `yes`, dropped by `no`, forgotten by anything else.
        if let proposal = session.proposal {
            session.proposal = nil
            let answer = (try? Commands.parse(request.text)) ?? nil
            if answer is Yes { return .accept(proposal) }
            if answer is No { return .say(Reply(.info, "OK, nothing changed.")) }
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
        let command: (any HabitatCommand)?
        do {
            command = try Commands.table.parse(text, kind: &kind)
        } catch {
            return .say(Reply(error: misread(text, error, session: session)))
        }
        guard let command else { return .say(Reply(.info, "Type 'help' to see what I understand.")) }
        return make(for: command, session: &session, facts: facts)
    }

    /// The plan for `command`, as the session stands: refused from chat or before login unless it may be used there,
    /// then run where what it touches says.
    static func make(for command: any HabitatCommand, session: inout Session, facts: some PlanFacts) -> Plan {
        let type = type(of: command)
        if session.chatUser != nil && !type.fromChat { return .say(Reply(error: notFromChat)) }
        let touches = command.touches
        switch touches {
        case .say(let reply) where type.beforeLogin || session.account != nil:
            return .say(reply)
        case .session where type.beforeLogin || session.account != nil:
            return .session(command)
        // A line in someone's own words is about their habits: before login it was just not understood.
        case .record(let recording) where session.account == nil && recording.loose != nil:
            return .say(Reply(error: recording.loose!.unknown))
        case .account:
            return .account(command)
        default:
            break
        }
        guard let accountID = session.account?.id else { return .say(Reply(error: authRequired)) }
        guard facts.loginHolds(&session) else { return .lapse }
        switch touches {
        case .record(let recording):
            let (own, mine) = Self.own(recording)
            return mine || facts.inNoRoom(accountID) ? .change(.record(own)) : .record(own)
        case .view: return .show(command)
        case .change(let action): return .change(action)
        case .say, .session, .account, .run: return .run(command)
        }
    }

    /// Whether it shows a view of the user's own game (``PersonalView``).
    var showsPersonalView: Bool {
        switch self {
        case .show(let command), .run(let command): command is any PersonalView
        default: false
        }
    }

    /// The words for a line that did not parse, as the session stands: from chat, an account command is refused as
    /// such; before login, a command that needs it is; logged in, `login` or `register` says who is logged in,
    /// however the rest of the line is typed (and `login`, how to switch).
    static func misread(_ text: String, _ error: any Error, session: Session) -> HabitatError {
        guard let error = error as? HabitatError else {
            return HabitatError(.internal, "Something went wrong on our side, and nothing was changed. Please try again.")
        }
        if session.chatUser != nil && Commands.table.refusedFromChat(text) { return notFromChat }
        if session.account == nil && error.code != .authRequired && Commands.table.needsLogin(text) { return authRequired }
        if let account = session.account, error.code == .invalidArgument {
            switch Commands.table.commandName(text) {
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

    static let authRequired = HabitatError(.authRequired, "Log in first: 'login <name> <password>', or 'register <name> <password>' to start.")
    static let notFromChat = HabitatError(.forbidden, "That isn't available from chat.")

    static func alreadyLoggedIn(_ account: Account) -> HabitatError {
        HabitatError(.invalidArgument, "You're logged in as \(account.name). Type 'logout' first.")
    }
}

extension Plan: Equatable {
    /// The same plan for the same command.
    public static func == (lhs: Plan, rhs: Plan) -> Bool {
        switch (lhs, rhs) {
        case (.say(let a), .say(let b)): a == b
        case (.session(let a), .session(let b)), (.show(let a), .show(let b)), (.account(let a), .account(let b)), (.run(let a), .run(let b)):
            a.isSame(as: b)
        case (.change(let a), .change(let b)): a == b
        case (.record(let a), .record(let b)): a == b
        case (.answer(let a, let x), .answer(let b, let y)): a == b && x == y
        case (.accept(let a), .accept(let b)): a == b
        case (.lapse, .lapse): true
        default: false
        }
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
