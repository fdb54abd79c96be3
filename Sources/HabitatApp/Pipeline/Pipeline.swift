import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging

/// The request pipeline of one server: a line is read (``Reading``), planned once (``Plan``), run, and its reply
/// rendered as the request and the session want it.
///
/// Every line is one job (``Job``), made by ``take(_:session:)`` as the line arrives: answered there when its plan
/// needs only memory, a change of the user's own file committed on its storage thread (``perform(_:completion:)``,
/// then ``finish(_:_:session:)``), or anything else awaited in a task of its own (``run(_:session:)``). A
/// connection's ``Conversation`` runs its jobs one at a time, in order. The pipeline knows nothing of sockets:
/// tests drive it with lines and sessions.
///
/// A class: each connection holds it (its handler and its conversation), by reference.
public final class Pipeline: Sendable {
    let accounts: Accounts
    let users: any UserGames
    let directory: any StorageContract
    let households: Households
    let presence: Presence
    let configuration: ServerConfiguration
    let logger: Logger
    /// What an operator is told of each request; `nil` when nobody asked (`--metrics`).
    let metrics: Metrics?
    /// `accounts.changes`, held apart: every line reads it, and reading it through `accounts` copies all of that.
    let passwordChanges: PasswordChanges
    /// When the server started, on its clock.
    let started: Date
    /// Where lines it could not read are kept (`--record-unknown`), if anywhere.
    let unknownLines: UnknownLines?
    /// The files being sent for `import`, on every connection.
    let uploads = Uploads()

    init(
        accounts: Accounts, users: any UserGames, directory: any StorageContract, households: Households, presence: Presence,
        configuration: ServerConfiguration, logger: Logger, metrics: Metrics? = nil
    ) {
        (self.accounts, self.users, self.directory, self.households) = (accounts, users, directory, households)
        (self.presence, self.configuration, self.logger, self.metrics) = (presence, configuration, logger, metrics)
        self.passwordChanges = accounts.changes
        self.started = configuration.clock()
        self.unknownLines = configuration.unknownLines.flatMap { url in
            do {
                return try UnknownLines(url, logger: logger)
            } catch {
                logger.error("can't keep unread lines", metadata: ["file": "\(url.path)", "error": "\(error)"])
                return nil
            }
        }
    }

    public static let version = "0.1.0"
    public static let greeting = Reply(
        .greeting, "Habitat \(version) — type 'help' for commands, or 'register <name> <password>' to begin.")

    // MARK: - A line's job

    /// What answering one line takes. Each ends in the line's reply, which the connection's ``Conversation`` writes
    /// in the same step whichever way it came.
    public enum Job: Sendable {
        /// Answered already: the reply (UTF-8), or `nil` for a blank line, which gets none.
        case done([UInt8]?)
        /// A change of the user's own file, to start now (``perform(_:completion:)``); its reply is rendered when it
        /// is committed (``finish(_:_:session:)``).
        case change(Change)
        /// Anything else (logging in, rooms, a view read from a file, a bridge's request), awaited in a task of its
        /// own (``run(_:session:)``).
        case task(Work)
    }

    /// A change of the user's own file; ``perform(_:completion:)`` runs it.
    public struct Change: Sendable {
        let fileID: String
        let action: Action
        let now: Date
        let request: Request
        let since: ContinuousClock.Instant?
        /// Whether a refusal for want of a name is read again in everyday words (``Pipeline/everyday(_:_:_:)``).
        var everyday = false
    }

    /// A line read and planned, to be awaited in a task of its own.
    ///
    /// A class: it is passed into the task as a reference rather than copied onto the task's stack.
    public final class Work: Sendable {
        enum What: Sendable {
            /// A player's request, with its plan.
            case plan(Request, Plan)
            /// A bridge's request (a chat user's), with the bridge's name.
            case bridge(String, text: String)
            /// A person's line, read whole as a command that was refused for a name it did not find (`failed`): read
            /// again in everyday words.
            case reread(Request, failed: Reply)
        }

        let what: What
        /// When the line was taken up, when requests are timed.
        let since: ContinuousClock.Instant?

        init(_ what: What, since: ContinuousClock.Instant?) {
            self.what = what
            self.since = since
        }
    }

    /// Reads and plans a line as it arrives, and runs its plan right here when it needs only what is in memory: a
    /// refusal, a command about the connection itself, or a view of a game in memory. A change of the user's own
    /// file is handed back to be started; anything else to be awaited. Called only while no other line of the
    /// connection is in hand, so the session is this line's to read and change.
    public func take(_ line: IncomingLine, session: inout Session) -> Job {
        let since = metrics?.now
        var request: Request
        switch Reading(line, bridge: session.bridge != nil) {
        case .blank: return .done(nil)
        case .unreadable(let request, let error): return .done(render(Reply(error: error), to: request, session, since: since))
        case .request(let read): request = read
        }
        // A bridge's lines, each a chat user's request, are read as the chat user's.
        if let bridge = session.bridge { return .task(Work(.bridge(bridge, text: request.text), since: since)) }
        let now = configuration.clock()
        let plan = Plan.make(for: &request, session: &session, now: now, facts: self)
        switch plan {
        case .say(let reply) where !Self.readsAgain(reply, parsed: false) || !Self.everyday(request, plan, session):
            return .done(render(reply, to: request, session, since: since))
        case .session(let command):
            return .done(render(command.answer(&session, server: self), to: request, session, since: since))
        case .show(let command):
            guard let fileID = session.account?.fileID, let state = users.cachedState(of: fileID) else { break }
            return .done(render(command.view(of: state, now: now), to: request, session, since: since))
        case .change(let action):
            let everyday = Self.everyday(request, plan, session)
            // (`squats: 30` is read in everyday words first: ``answer(_:_:session:)``.)
            guard let fileID = session.account?.fileID, !(everyday && Self.amountAfterColon(in: plan)) else { break }
            return .change(Change(fileID: fileID, action: action, now: now, request: request, since: since, everyday: everyday))
        default:
            break
        }
        return .task(Work(.plan(request, plan), since: since))
    }

    /// Runs `change`; `completion` gets the outcome on a storage thread, once the change is committed (or refused,
    /// with nothing changed).
    public func perform(
        _ change: Change, completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        users.apply(change.action, to: change.fileID, at: change.now, completion: completion)
    }

    /// What is left of a change ``perform(_:completion:)`` has finished: its reply line (UTF-8), as the session wants
    /// it now, or, for a line refused for want of a name, the work of reading it again in everyday words.
    public func finish(_ change: Change, _ result: Result<(outcome: Outcome, state: GameState), any Error>, session: Session) -> Job {
        let reply = reply(to: change.action, result, session: session)
        if change.everyday, Self.readsAgain(reply, parsed: true) {
            return .task(Work(.reread(change.request, failed: reply), since: change.since))
        }
        return .done(render(reply, to: change.request, session, since: change.since))
    }

    /// The reply to a change of the user's own game: what it did, or why it was refused.
    func reply(to action: Action, _ result: Result<(outcome: Outcome, state: GameState), any Error>, session: Session) -> Reply {
        switch result {
        case .success(let done): Views.outcome(done.outcome, done.state)
        case .failure(let error):
            if case .record(let recording) = action {
                failure(Self.explained(error, recording), session: session)
            } else {
                failure(error, session: session)
            }
        }
    }

    /// Runs `work` for `session`: its reply (UTF-8), and the session as the work left it (logged in, say).
    public func run(_ work: Work, session: Session) async -> (reply: [UInt8], session: Session) {
        var session = session
        switch work.what {
        case .plan(let request, let plan):
            let reply = await answer(request, plan, session: &session)
            return (render(reply, to: request, session, since: work.since), session)
        case .bridge(let bridge, let text):
            let reply = await respond(asBridge: bridge, to: text, session: &session, since: work.since)
            return (reply, session)
        case .reread(let request, let failed):
            let reply = await understand(request, failed: failed, parsed: true, session: &session)
            return (render(reply, to: request, session, since: work.since), session)
        }
    }

    // MARK: - Rendering

    /// The reply as the request and the session want it, as UTF-8: JSON for a JSON request or in JSON mode, text
    /// otherwise. The reply to `mode json` is already JSON: the mode in force after the command decides. Counted and
    /// timed (from `since`) when the server has metrics.
    func render(_ reply: Reply, to request: Request, _ session: Session, since: ContinuousClock.Instant?) -> [UInt8] {
        metrics?.answered(request, with: reply, since: since)
        return request.inJSON(session)
            ? reply.jsonLine(id: request.id, plain: session.plain) : Array(reply.text(plain: session.plain).utf8)
    }
}

extension Pipeline: PlanFacts {
    /// Whether the session's login still holds: its account's password has not changed elsewhere since. A chat user
    /// has no password, so theirs always does.
    public func loginHolds(_ session: inout Session) -> Bool {
        guard session.chatUser == nil, let accountID = session.account?.id else { return true }
        return passwordChanges.holds(since: &session.passwordEpoch, for: accountID)
    }

    /// Whether the account is known to be in no room: then a `did` is theirs alone.
    public func inNoRoom(_ accountID: Int64) -> Bool {
        households.cachedRooms(of: accountID)?.isEmpty == true
    }
}

extension Request {
    /// Whether the reply is JSON: a JSON request's always is, others' as the session's mode says.
    func inJSON(_ session: Session) -> Bool { asJSON || session.mode == .json }
}
