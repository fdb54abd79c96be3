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
                return Self.sessionCommand(command, session: &session)
            case .show(let view):
                let account = try Self.account(of: session)
                return view.reply(of: try await users.with(account.fileID) { try await $0.state() }, now: configuration.clock())
            case .change(let action):
                let account = try Self.account(of: session)
                let result = await withCheckedContinuation { done in
                    users.apply(action, to: account.fileID, at: configuration.clock()) { done.resume(returning: $0) }
                }
                return reply(to: action, result, session: session)
            case .record(let recording):
                do {
                    return try await record(recording, session: session, account: try Self.account(of: session), now: configuration.clock())
                } catch {
                    throw Self.explained(error, recording)
                }
            case .answer(let pending, let text):
                return await answer(deleting: pending, with: text, session: &session)
            case .account(let command):
                return try await account(command, session: &session)
            case .lapse:
                session.account = nil
                return Reply(error: HabitatError(
                    .authRequired, "Your password was changed on another connection, so you're logged out here. Log in again with the new one."))
            case .run(let command):
                return try await execute(command, as: try Self.account(of: session), session: &session, confirmed: confirmed)
            }
        } catch {
            return failure(error, session: session)
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

    /// The reply to a command that failed: its own message, or an apology for the unexpected (which is logged).
    func failure(_ error: any Error, session: Session) -> Reply {
        if let error = error as? HabitatError { return Reply(error: error) }
        // Logged once for the file when it happened (``FullFiles``), not once per command refused.
        if error is StorageFullError { return Reply(error: Self.storageFull) }
        if let error = error as? UserFileError {
            var metadata: Logger.Metadata = ["file": "\(error.path)", "error": "\(error.underlying)", "connection": "\(session.id)"]
            if let account = session.account { metadata["user"] = "\(Self.logged(account.name))" }
            logger.error(error.damaged ? "a user's file is damaged: see 'habitat check'" : "a user's file could not be opened", metadata: metadata)
            if error.damaged {
                return Reply(error: HabitatError(
                    .internal, "Your saved game can't be read, and nothing was changed. Please tell whoever runs this server: its log says which file."))
            }
        } else {
            logger.error("command failed", metadata: ["error": "\(error)", "connection": "\(session.id)"])
        }
        return Reply(error: HabitatError(.internal, "Something went wrong on our side, and nothing was changed. Please try again."))
    }

    /// Commands about the connection itself, answered without touching any file.
    static func sessionCommand(_ command: Command, session: inout Session) -> Reply {
        switch command {
        case .help(let topic):
            return Views.help(topic: topic, fromChat: session.chatUser != nil)
        case .mode(let mode):
            session.mode = mode
            return mode == .json
                ? Reply(.info, "JSON mode: one JSON object per line from now on.") : Reply(.info, "Text mode: toasts from now on.")
        case .plain(let on):
            session.plain = on
            return Reply(.info, on ? "Plain mode on: words instead of emoji." : "Plain mode off: emoji are back.")
        case .quit:
            session.closing = true
            return Reply(.greeting, "Bye! Keep the streak going.")
        case .hello:
            guard let account = session.account else {
                return Reply(.greeting, "Hi! To begin, type 'register <name> <password>', or 'login <name> <password>' if you have an account. 'help' lists everything.")
            }
            return Reply(.greeting, "Hi, \(account.name)! Type 'today' to see what's left today, or 'help' for everything.")
        case .thanks:
            return Reply(.greeting, "You're welcome! Keep it going.")
        case .whoami:
            guard let account = session.account else {
                return Reply(.info, "You're not logged in. Type 'login <name> <password>', or 'register <name> <password>' to begin.")
            }
            return Reply(.info, "You're \(account.name).", data: ["name": .string(account.name)])
        case .logout:
            let name = session.account?.name ?? ""
            session.account = nil
            return Reply(.greeting, "Logged out. See you soon, \(name)!")
        default:
            return Reply(error: HabitatError(.internal, "Unhandled command."))
        }
    }

    /// The line after a delete's question (`delete habit`, `delete area`, `delete reward`, `room delete habit`):
    /// `yes` deletes, `no` keeps, anything else keeps it and is run as usual.
    @inline(never)
    func answer(deleting pending: PendingDelete, with text: String, session: inout Session) async -> Reply {
        let answer = try? CommandTable.parse(text)
        if answer == .confirm {
            // Carried out as the command the question was about, by that very name: still only for someone logged in.
            return await run(Plan.make(for: pending.command, session: &session, facts: self), session: &session, confirmed: pending)
        }
        let kept = Toast(.info, "Delete cancelled; \(pending.kept) is kept.")
        if answer == .cancel { return Reply(toasts: [kept]) }
        var reply = await run(Plan.make(for: text, session: &session, facts: self), session: &session)
        reply.toasts.insert(kept, at: 0)
        return reply
    }

    /// A command of a logged-in user that needs more than the user's own file, or asks first.
    func execute(_ command: Command, as account: Account, session: inout Session, confirmed: PendingDelete?) async throws -> Reply {
        let now = configuration.clock()
        switch command {
        case .passwd(let old, let new):
            try await accounts.changePassword(of: account, old: old, new: new, now: now)
            // This connection stays logged in; the account's others are logged out at their next command.
            session.passwordEpoch = accounts.changes.epoch
            return Reply(.success, "Password changed. Your other connections are logged out.")
        case .link(let code):
            return try await link(code, session: &session, account: account, now: now)
        case .rooms:
            return try await households.list(for: account, current: try await households.currentRoom(of: account, chosen: session.room))
        case .room(let command):
            return try await room(command, session: &session, account: account, now: now, confirmed: confirmed)
        case .undo:
            return try await users.with(account.fileID) { try await households.undo(for: account, on: $0, now: now) }
        case .startTimer(let name, let minutes):
            return try await startTimer(name, minutes: minutes, for: account, now: now)
        case .timers:
            return try await listTimers(of: account, now: now)
        case .stopTimer(let name):
            return try await stopTimer(name, of: account)
        case .remind(let habit, let minute):
            return try await remind(habit, at: minute, for: account, now: now)
        case .reminders:
            return Views.reminders(try await directory.reminders(of: account.id).map(\.reminder))
        case .stopReminding(let name):
            return try await stopReminding(name, of: account)
        case .snooze(let minutes):
            return try await snooze(minutes, for: account, now: now)
        case .rename(let name, let newName):
            return try await users.with(account.fileID) { [directory] database in
                let habit = try await database.state().habit(named: name)
                // A timer running for it records it under its new name when it ends, and its reminders say the new name:
                // renamed with the habit, or neither is.
                let (outcome, state) = try await database.apply(.rename(name, to: newName), at: now) { _, state in
                    if let renamed = state.habits.first(where: { $0.id == habit.id }), renamed.name != habit.name {
                        try directory.habitRenamed(of: account.id, from: habit.name, to: renamed.name)
                    }
                }
                return Views.outcome(outcome, state)
            }
        case .configure:
            // A new time zone or day start: the reminders come at their times on the new clock, and the next day end at
            // the new midnight (both or neither).
            guard let action = Plan.action(for: command) else { throw HabitatError(.internal, "Unhandled command.") }
            return try await users.with(account.fileID) { [directory] database in
                let (outcome, state) = try await database.apply(action, at: now) { _, state in
                    try directory.moveReminders(of: account.id, to: state.settings, after: now)
                    if let due = state.nextDayEnd() { try directory.scheduleDayEnd(of: account.id, at: due) }
                }
                return Views.outcome(outcome, state)
            }
        case .addHabit, .edit:
            // Given a bite: the server is to end this user's days, from the day it begins (both or neither).
            guard let action = Plan.action(for: command) else { throw HabitatError(.internal, "Unhandled command.") }
            return try await users.with(account.fileID) { [directory] database in
                let (outcome, state) = try await database.apply(action, at: now) { _, state in
                    if let due = state.nextDayEnd() { try directory.scheduleDayEnd(of: account.id, at: due) }
                }
                return Views.outcome(outcome, state)
            }
        case .delete, .deleteArea, .deleteReward:
            guard let confirmed else { return try await ask(command, session: &session, account: account) }
            guard let action = Plan.action(for: command) else { throw HabitatError(.internal, "Unhandled command.") }
            let reply = try await users.with(account.fileID) { database in
                let (outcome, state) = try await database.apply(action, at: now) { state in try Self.stillThere(confirmed, in: state) }
                return Views.outcome(outcome, state)
            }
            // A deleted habit's reminders go with it (one left over would be dropped when it came due anyway).
            if case .habit(let name) = confirmed {
                let reminders = try await directory.reminders(of: account.id).filter { $0.reminder.habit == name }
                try await directory.removeReminders(reminders.map(\.reminder.id))
            }
            return reply
        case .today:
            return try await users.with(account.fileID) { try await today(on: $0, now: now) }
        case .habits, .streaks, .archive(nil):
            return try await users.with(account.fileID) { try await kept(command, on: $0, now: now) }
        case .history(let name):
            return try await users.with(account.fileID) { try await history(of: name, on: $0) }
        case .heatmap(let name):
            return try await users.with(account.fileID) { try await heatmap(of: name, on: $0, now: now) }
        default:
            throw HabitatError(.internal, "Unhandled command.")
        }
    }

    /// `delete habit`, `delete area`, `delete reward`: the question, whose answer the next line gives.
    func ask(_ command: Command, session: inout Session, account: Account) async throws -> Reply {
        let state = try await users.with(account.fileID) { try await $0.state() }
        switch command {
        case .delete(let name):
            let habit = try state.habit(named: name, includingArchived: true)
            session.pendingDelete = .habit(habit.name)
            return Reply(.ask, "Delete \(habit.name) for good? Past completions stay in your history. Type 'yes' to confirm; anything else cancels.")
        case .deleteArea(let name):
            let area = try state.area(named: name)
            session.pendingDelete = .area(area.name)
            return Reply(.ask, state.deleteAreaQuestion(area))
        case .deleteReward(let name):
            let reward = try state.reward(named: name)
            session.pendingDelete = .reward(reward.name)
            return Reply(.ask, state.deleteRewardQuestion(reward))
        default:
            throw HabitatError(.internal, "Unhandled command.")
        }
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

    func today(on database: UserDatabase, now: Date) async throws -> Reply {
        let state = try await database.state()
        let today = state.settings.day(of: now)
        let (recordings, days) = try await database.read { (try $0.recordings(from: today, through: today), try $0.habitDays()) }
        return Views.today(state, recordings: recordings, days: days, today: today)
    }

    /// `habits`, `streaks` and `archive`: the habits with their streaks and strength, counted from the ledger's days.
    func kept(_ command: Command, on database: UserDatabase, now: Date) async throws -> Reply {
        let state = try await database.state()
        let today = state.settings.day(of: now)
        let days = try await database.read { try $0.habitDays() }
        switch command {
        case .streaks: return Views.streaks(state, today: today, days: days)
        case .archive: return Views.archive(state, today: today, days: days)
        default: return Views.habits(state, today: today, days: days)
        }
    }

    func history(of name: String?, on database: UserDatabase) async throws -> Reply {
        let state = try await database.state()
        let habit = try name.map { try state.habit(named: $0, includingArchived: true) }
        let entries = try await database.read { try $0.recent(limit: 20, habitID: habit?.id) }
        return Views.history(entries, habit: habit?.name, in: state)
    }

    func heatmap(of name: String?, on database: UserDatabase, now: Date) async throws -> Reply {
        let state = try await database.state()
        let habit = try name.map { try state.habit(named: $0, includingArchived: true) }
        let today = state.settings.day(of: now)
        let start = Views.heatmapStart(today: today)
        let recordings = try await database.read { try $0.recordings(from: start, through: today, habitID: habit?.id) }
        return Views.heatmap(recordings, today: today, habit: habit?.name)
    }
}
