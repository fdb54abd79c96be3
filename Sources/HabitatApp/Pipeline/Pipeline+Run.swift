import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging

/// Running a plan awaited in a task of its own: any plan can run here.
extension Pipeline {
    /// Runs `plan` for the session; `confirmed` is the delete a `yes` just confirmed, carried out without asking
    /// again. Never throws: what went wrong is the reply.
    func run(_ plan: Plan, session: inout Session, confirmed: PendingDelete? = nil) async -> Reply {
        do {
            switch plan {
            case .say(let reply):
                return reply
            case .session(let command):
                return command.answer(&session, server: self)
            case .show(let command):
                let account = try Self.account(of: session)
                return command.view(of: try await users.with(account.fileID) { try await $0.state() }, now: configuration.clock())
            case .change(let action):
                let account = try Self.account(of: session)
                let result = await withCheckedContinuation { done in
                    users.apply(action, to: account.fileID, at: configuration.clock()) { done.resume(returning: $0) }
                }
                return reply(to: action, result, session: session)
            case .record(let recording):
                return try await run(Did(recording), session: &session, confirmed: nil)
            case .answer(let pending, let text):
                return await answer(deleting: pending, with: text, session: &session)
            case .accept(let lines):
                return await run(lines, session: &session)
            case .lapse:
                let reason = session.account.map { accounts.changes.reason(for: $0.id) } ?? .changed
                session.account = nil
                return Reply(error: HabitatError(.authRequired, Self.loggedOut(reason)))
            case .account(let command), .run(let command):
                return try await run(command, session: &session, confirmed: confirmed)
            }
        } catch {
            return failure(error, session: session)
        }
    }

    /// What a connection whose login lapsed is told.
    static func loggedOut(_ reason: PasswordChanges.Reason) -> String {
        switch reason {
        case .changed: "Your password was changed on another connection, so you're logged out here. Log in again with the new one."
        case .reset: "Your password was reset by whoever runs this server, so you're logged out. Log in with the code they give you."
        case .locked: "Your account was locked by whoever runs this server, so you're logged out."
        case .deleted: "Your account was deleted, so you're logged out. 'register' makes a new one."
        }
    }

    /// Runs a command that touches more than memory and the user's own file, in a context of this pipeline.
    func run(_ command: any HabitatCommand, session: inout Session, confirmed: PendingDelete?) async throws -> Reply {
        var context = CommandContext(pipeline: self, session: session, now: configuration.clock(), confirmed: confirmed)
        do {
            let reply = try await command.run(&context)
            session = context.session
            return reply
        } catch {
            session = context.session
            throw error
        }
    }

    /// The account a plan of a logged-in user runs as (every such plan is made only for one).
    static func account(of session: Session) throws -> Account {
        guard let account = session.account else { throw Plan.authRequired }
        return account
    }

    /// A habit that matched nothing because an option after its name couldn't be read: the option's fault.
    static func explained(_ error: any Error, _ recording: Recording) -> any Error {
        guard (error as? HabitatError)?.code == .unknownHabit, let problem = recording.unreadOption else { return error }
        return problem
    }

    static let storageFull = HabitatError(
        .storageFull, "The server's storage is full, so nothing was changed. Please try again later, and tell whoever runs this server.")

    static let unavailable = HabitatError(
        .unavailable, "The server can't reach its database just now, so this may not have been saved. Please try again in a moment.")

    /// The reply to a command that failed: its own message, or an apology for the unexpected (which is logged).
    func failure(_ error: any Error, session: Session) -> Reply {
        if let error = error as? HabitatError { return Reply(error: error) }
        // Logged once for the file when it happened (``FullFiles``), not once per command refused.
        if error is StorageFullError { return Reply(error: Self.storageFull) }
        if let error = error as? any StoreFailure, error.unreachable {
            logger.warning("the database can't be reached", metadata: session.logged.merging(["error": "\(error.logged)"]) { $1 })
            return Reply(error: Self.unavailable)
        }
        if let error = error as? UserFileError {
            var metadata: Logger.Metadata = ["file": "\(error.path)", "error": "\(error.underlying)", "connection": "\(session.id)"]
            if let account = session.account { metadata["user"] = "\(Self.logged(account.name))" }
            logger.error(error.damaged ? "a user's file is damaged: see 'habitat check'" : "a user's file could not be opened", metadata: metadata)
            if error.damaged {
                return Reply(error: HabitatError(
                    .internal, "Your saved game can't be read, and nothing was changed. Please tell whoever runs this server: its log says which file."))
            }
        } else {
            logger.error("command failed", metadata: session.logged.merging(["error": "\(error)"]) { $1 })
        }
        return Reply(error: HabitatError(.internal, "Something went wrong on our side, and nothing was changed. Please try again."))
    }

    /// The line after a delete's question (`delete habit`, `delete area`, `delete reward`, `room delete habit`):
    /// `yes` deletes, `no` keeps, anything else keeps it and is run as usual.
    @inline(never)
    func answer(deleting pending: PendingDelete, with text: String, session: inout Session) async -> Reply {
        let answer = (try? Commands.parse(text)) ?? nil
        if answer is Yes {
            // Carried out as the command the question was about, by that very name: still only for someone logged in.
            return await run(Plan.make(for: pending.command, session: &session, facts: self), session: &session, confirmed: pending)
        }
        let kept = Toast(.info, "Delete cancelled; \(pending.kept) is kept.")
        if answer is No { return Reply(toasts: [kept]) }
        var reply = await run(Plan.make(for: text, session: &session, facts: self), session: &session)
        reply.toasts.insert(kept, at: 0)
        return reply
    }

    /// A `yes` deletes what its question named, by that very name, or nothing: if it was renamed or deleted
    /// meanwhile (on another connection), a name it only begins would otherwise find something else.
    static func stillThere(_ pending: PendingDelete, in state: GameState) throws {
        // The codes are those of the same name typed in a command: `unknown_habit`, `not_found`, `unknown_item`.
        let (code, name, found): (ErrorCode, String, Bool)
        switch pending {
        case .habit(let habit): (code, name, found) = (.unknownHabit, habit, state.habits.contains { $0.name.isSameName(as: habit) })
        case .area(let area): (code, name, found) = (.notFound, "area \(area)", state.areas.contains { $0.name.isSameName(as: area) })
        case .reward(let reward):
            (code, name, found) = (.unknownItem, "reward \(reward)", state.rewards.contains { $0.name.isSameName(as: reward) })
        case .sharedHabit: return
        }
        guard found else {
            throw HabitatError(code, "There's no \(name) any more (it was renamed or deleted meanwhile), so nothing was deleted.", symbol: .question)
        }
    }
}
