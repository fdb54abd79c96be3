import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging

/// The request pipeline of one server: a line is read (``Reading``), planned once (``Plan``), run, and its reply
/// rendered as the request and the session want it.
///
/// There are two places a plan runs, and one way to run each. ``start(_:session:)`` is called as a line arrives,
/// and runs there the plans that need only memory, or starts a change of the user's own file
/// (``perform(_:completion:)``); ``respond(to:planned:session:)``, in the connection's task, runs any plan. It
/// knows nothing of sockets: tests drive it with lines and sessions.
///
/// A class: each connection holds it (its handler and its conversation), by reference.
public final class Pipeline: Sendable {
    let accounts: Accounts
    let users: UserDatabases
    let directory: DirectoryDatabase
    let households: Households
    let presence: Presence
    let configuration: ServerConfiguration
    let logger: Logger
    /// What an operator is told of each request; `nil` when nobody asked (`--metrics`).
    let metrics: Metrics?
    /// `accounts.changes`, held apart: every line reads it, and reading it through `accounts` copies all of that.
    let passwordChanges: PasswordChanges

    init(
        accounts: Accounts, users: UserDatabases, directory: DirectoryDatabase, households: Households, presence: Presence,
        configuration: ServerConfiguration, logger: Logger, metrics: Metrics? = nil
    ) {
        (self.accounts, self.users, self.directory, self.households) = (accounts, users, directory, households)
        (self.presence, self.configuration, self.logger, self.metrics) = (presence, configuration, logger, metrics)
        self.passwordChanges = accounts.changes
    }

    public static let version = "0.1.0"
    public static let greeting = Reply(
        .greeting, "Habitat \(version) — type 'help' for commands, or 'register <name> <password>' to begin.")

    // MARK: - As a line arrives

    /// What ``start(_:session:)`` made of a line.
    public enum Start: Sendable {
        /// The reply, to be written now (UTF-8).
        case reply([UInt8])
        /// A change of the user's own game, to start now (``perform(_:completion:)``); its reply comes later.
        case change(Change)
        /// The line runs in the connection's task, with its plan when it has one already.
        case later(Planned?)
    }

    /// A line read and planned ahead, for the connection's task to run.
    ///
    /// A class: it travels through the connection's task, whose stack memory is kept as large as it ever was for
    /// as long as the connection lives, so it is passed as a reference rather than copied.
    public final class Planned: Sendable {
        let request: Request
        let plan: Plan
        /// When the line was taken up, when requests are timed.
        let since: ContinuousClock.Instant?

        init(_ request: Request, _ plan: Plan, since: ContinuousClock.Instant?) {
            self.request = request
            self.plan = plan
            self.since = since
        }
    }

    /// A change of the user's own file, started at once; ``perform(_:completion:)`` runs it.
    public struct Change: Sendable {
        let fileID: String
        let action: Action
        let now: Date
        let request: Request
        let since: ContinuousClock.Instant?
    }

    /// Reads and plans a line as it arrives, and runs its plan here when it needs only what is in memory: a
    /// refusal, or a view of a game in memory. A change of the user's own file is handed back to be started.
    /// Anything else goes to the connection's task with its plan. Called only while the task has no line in hand,
    /// so the session is this line's to read and change.
    public func start(_ line: IncomingLine, session: inout Session) -> Start {
        // A bridge's lines, each a chat user's request, run in the task.
        guard session.bridge == nil else { return .later(nil) }
        let since = metrics?.now
        var request: Request
        switch Reading(line) {
        case .blank: return .reply([])
        case .unreadable(let request, let error): return .reply(render(Reply(error: error), to: request, session, since: since))
        case .request(let read): request = read
        }
        let now = configuration.clock()
        let plan = Plan.make(for: &request, session: &session, now: now, facts: self)
        switch plan {
        case .say(let reply):
            return .reply(render(reply, to: request, session, since: since))
        case .show(let view):
            guard let fileID = session.account?.fileID, let state = users.cachedState(of: fileID) else { break }
            return .reply(render(view.reply(of: state, now: now), to: request, session, since: since))
        case .change(let action):
            guard let fileID = session.account?.fileID else { break }
            return .change(Change(fileID: fileID, action: action, now: now, request: request, since: since))
        default:
            break
        }
        return .later(Planned(request, plan, since: since))
    }

    /// Runs `change`; `completion` gets the outcome on a storage thread, once the change is committed (or refused,
    /// with nothing changed).
    public func perform(
        _ change: Change, completion: @escaping @Sendable (Result<(outcome: Outcome, state: GameState), any Error>) -> Void
    ) {
        users.apply(change.action, to: change.fileID, at: change.now, completion: completion)
    }

    /// The reply line (UTF-8) to a change ``perform(_:completion:)`` has finished, as the session wants it now.
    public func finish(_ change: Change, _ result: Result<(outcome: Outcome, state: GameState), any Error>, session: Session) -> [UInt8] {
        render(reply(to: change.action, result, session: session), to: change.request, session, since: change.since)
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

    // MARK: - In the connection's task

    /// The reply (UTF-8) to a line in the connection's task, or `nil` when there is nothing to say (a blank line).
    /// `planned` is the line's plan when ``start(_:session:)`` made it already.
    public func respond(to line: IncomingLine, planned: Planned?, session: inout Session) async -> [UInt8]? {
        if let planned {
            let reply = await run(planned.plan, session: &session)
            return render(reply, to: planned.request, session, since: planned.since)
        }
        let since = metrics?.now
        switch Reading(line, bridge: session.bridge != nil) {
        case .blank:
            return nil
        case .unreadable(let request, let error):
            return render(Reply(error: error), to: request, session, since: since)
        case .request(var request):
            if let bridge = session.bridge {
                return await respond(asBridge: bridge, to: request.text, session: &session, since: since)
            }
            let plan = Plan.make(for: &request, session: &session, now: configuration.clock(), facts: self)
            let reply = await run(plan, session: &session)
            return render(reply, to: request, session, since: since)
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
