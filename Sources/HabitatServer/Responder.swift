import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import LineFraming
import Logging
import NIOCore

/// Turns request lines into reply text for one session: parsing, auth, the game, rendering.
///
/// It knows nothing of sockets, so tests can drive the protocol directly.
public struct Responder: Sendable {
    let accounts: Accounts
    let users: UserDatabases
    let directory: DirectoryDatabase
    let household: Household
    let hub: Hub
    let configuration: ServerConfiguration
    let logger: Logger

    public static let version = "0.1.0"
    public static let greeting = Reply(
        .greeting, "Habitat \(version) — type 'help' for commands, or 'register <name> <password>' to begin.")

    /// The reply text for one framed line, or `nil` when there is nothing to say (a blank line).
    /// `prepared` is what ``respondAtOnce(to:session:)`` already read of the line, if anything.
    public func respond(to frame: LineFrame, prepared: Prepared? = nil, session: inout Session) async -> String? {
        if let prepared, session.bridge == nil { return await respond(prepared, session: &session) }
        switch frame {
        case .tooLong(let firstByte):
            let limit = configuration.maxLineLength
            let error = HabitatError(.lineTooLong, "That line was longer than \(limit) bytes and was dropped.")
            return render(Reply(error: error), session, jsonRequest: firstByte == UInt8(ascii: "{"))
        case .line(let bytes):
            guard let line = String(validating: bytes.readableBytesView, as: UTF8.self) else {
                let error = HabitatError(.invalidUTF8, "That line wasn't valid UTF-8 and was dropped.")
                return render(Reply(error: error), session, jsonRequest: LineFramer.firstByte(of: bytes.readableBytesView) == UInt8(ascii: "{"))
            }
            return await respond(to: line, session: &session)
        }
    }

    /// The reply text for one request line.
    public func respond(to line: String, session: inout Session) async -> String? {
        let trimmed = Self.trimmed(line)
        guard !trimmed.isEmpty else { return nil }
        if let bridge = session.bridge { return await respond(asBridge: bridge, to: trimmed, session: &session) }
        switch Request.read(trimmed) {
        case .success(let request): return await respond(Prepared(request: request, command: nil), session: &session)
        case .failure(let problem): return Reply(error: problem.error).json(id: problem.id, plain: session.plain)
        }
    }

    private func respond(_ prepared: Prepared, session: inout Session) async -> String {
        let reply: Reply
        if !session.bucket.take(now: configuration.clock()) {
            reply = rateLimited
        } else {
            reply = await execute(prepared.request.text, prepared: prepared, session: &session)
        }
        return render(reply, to: prepared.request, session)
    }

    /// The reply text for a line that can be answered at once, without waiting for anything: a view of the
    /// logged-in user's game while it is in memory (`status`, `habits`, …). Any other line must take the
    /// usual way (``respond(to:prepared:session:)``), with what was read of it so far; then nothing about the
    /// session has changed.
    ///
    /// The server calls this on the connection's event loop, as the line arrives.
    public func respondAtOnce(to frame: LineFrame, session: inout Session) -> Immediate {
        guard case .line(let bytes) = frame, session.bridge == nil, session.pendingDelete == nil,
            let account = session.account, loginHolds(&session), let line = String(validating: bytes.readableBytesView, as: UTF8.self)
        else { return .later(nil) }
        let trimmed = Self.trimmed(line)
        guard !trimmed.isEmpty, case .success(let request) = Request.read(trimmed) else { return .later(nil) }
        let command = Result { try CommandTable.parse(request.text) }
        guard case .success(let parsed?) = command else { return .later(Prepared(request: request, command: command)) }
        let now = configuration.clock()
        if let view = Self.gameView(parsed), let state = users.cachedState(of: account.fileID) {
            let reply = session.bucket.take(now: now) ? Self.view(view, of: state, now: now) : rateLimited
            return .reply(renderLine(reply, to: request, session))
        }
        if let action = personalAction(parsed, of: account) {
            guard session.bucket.take(now: now) else { return .reply(renderLine(rateLimited, to: request, session)) }
            return .change(Change(fileID: account.fileID, action: action, now: now, request: request))
        }
        return .later(Prepared(request: request, command: command))
    }

    /// The change `command` makes to the user's own game, when it needs nothing but their file: not a room's
    /// shared habit (a `did` is personal only while the user is known to be in no room), not a question
    /// (`delete` asks first), and not a rename (the habit's running timers follow it, in the directory).
    func personalAction(_ command: Command, of account: Account) -> Action? {
        switch command {
        case .record(let recording):
            guard household.cachedRooms(of: account.id)?.isEmpty == true else { return nil }
            return .record(Self.own(recording).recording)
        case .delete, .deleteArea, .deleteReward, .rename:
            return nil
        default:
            return Self.action(for: command)
        }
    }

    /// A change to start at once, on the user's file; ``perform(_:completion:)`` runs it.
    public struct Change: Sendable {
        let fileID: String
        let action: Action
        let now: Date
        let request: Request
    }

    /// Runs `change`; `completion` gets the reply text on a storage thread, once the change is committed (or
    /// refused, with nothing changed). `plain` and `mode` are the session's when the reply is rendered.
    public func perform(_ change: Change, completion: @escaping @Sendable (Result<Reply, any Error>) -> Void) {
        users.apply(change.action, to: change.fileID, at: change.now) { result in
            completion(result.map { Views.outcome($0.outcome, $0.state) })
        }
    }

    /// The reply line (UTF-8) to a change ``perform(_:completion:)`` has finished.
    public func reply(to change: Change, _ result: Result<Reply, any Error>, session: Session) -> [UInt8] {
        let reply: Reply
        switch result {
        case .success(let done): reply = done
        case .failure(let error):
            guard case .record(let recording) = change.action else {
                reply = failure(error, session: session)
                break
            }
            reply = failure(Self.explained(error, recording), session: session)
        }
        return renderLine(reply, to: change.request, session)
    }

    /// What ``respondAtOnce(to:session:)`` made of a line.
    public enum Immediate: Sendable {
        /// The reply, to be written now (UTF-8).
        case reply([UInt8])
        /// The line must wait its turn; what was read of it comes along, so it is not read twice.
        case later(Prepared?)
        /// A change of the user's own game, to start now (``perform(_:completion:)``); its reply comes later.
        case change(Change)
    }

    /// A request line read and parsed ahead. Both depend on the line alone, not on the session.
    ///
    /// A class: it travels through the connection's task, whose stack memory is kept as large as it ever
    /// was for as long as the connection lives, so it is passed as a reference rather than copied.
    public final class Prepared: Sendable {
        let request: Request
        /// The parsed command, or why it didn't parse; `nil` if not parsed yet.
        let command: Result<Command?, any Error>?

        init(request: Request, command: Result<Command?, any Error>?) {
            self.request = request
            self.command = command
        }
    }

    /// One request's text, with the id and JSON-ness a JSON request (`{"id": 1, "text": "status"}`) gives it.
    struct Request: Sendable {
        var text: String
        var id: JSON?
        var asJSON: Bool

        /// Whether the reply is JSON: a JSON request's always is, others' as the session's mode says.
        func inJSON(_ session: Session) -> Bool { asJSON || session.mode == .json }

        struct Problem: Error {
            let error: HabitatError
            let id: JSON?
        }

        static func read(_ trimmed: String) -> Result<Request, Problem> {
            guard trimmed.hasPrefix("{") else { return .success(Request(text: trimmed, id: nil, asJSON: false)) }
            // A JSON request is always answered in JSON, whatever the mode.
            let request = JSONRequest(trimmed, strings: ["text"])
            guard request.wellFormed, let text = request.strings[0] else {
                let error = HabitatError(.invalidArgument, #"A JSON request is an object with a "text" string, e.g. {"id": 1, "text": "status"}."#)
                return .failure(Problem(error: error, id: request.id))
            }
            return .success(Request(text: text, id: request.id, asJSON: true))
        }
    }

    var rateLimited: Reply {
        Reply(error: HabitatError(.rateLimited, "Slow down a little: at most \(configuration.rateLimit) commands a second."))
    }

    /// The reply as the request and the session want it. The reply to `mode json` is already JSON: the mode
    /// in force after the command decides.
    func render(_ reply: Reply, to request: Request, _ session: Session) -> String {
        request.inJSON(session) ? reply.json(id: request.id, plain: session.plain) : reply.text(plain: session.plain)
    }

    /// `render` as UTF-8 bytes, for the connection's handler to write: a JSON reply never becomes a `String`.
    func renderLine(_ reply: Reply, to request: Request, _ session: Session) -> [UInt8] {
        request.inJSON(session)
            ? reply.jsonLine(id: request.id, plain: session.plain) : Array(reply.text(plain: session.plain).utf8)
    }

    /// `line` without what can't be seen around it: Unicode white space (tabs, vertical tabs, form feeds, CRs,
    /// NEL, line and paragraph separators, …) and invisible format characters (zero-width spaces and joiners,
    /// byte order marks). A line with nothing else is blank: it gets no reply. Most lines start and end with
    /// a printable ASCII byte, and are returned as they are.
    static func trimmed(_ line: String) -> String {
        func plain(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if plain(line.utf8.first), plain(line.utf8.last) { return line }
        func invisible(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
        }
        let scalars = line.unicodeScalars
        guard let start = scalars.firstIndex(where: { !invisible($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !invisible($0) })!
        return String(scalars[start...end])
    }

    /// A reply to a line that could not be read: JSON when the line looked like a JSON request (it started with
    /// `{`), as the session's mode says otherwise. No `id`: none could be read.
    func render(_ reply: Reply, _ session: Session, jsonRequest: Bool = false) -> String {
        jsonRequest || session.mode == .json ? reply.json(plain: session.plain) : reply.text(plain: session.plain)
    }

    /// Runs a request's text; `prepared` has its command when it was parsed already.
    func execute(_ text: String, prepared: Prepared? = nil, session: inout Session) async -> Reply {
        // A question (`delete habit`) is answered by the very next line: `yes`, or anything else cancels.
        if let pending = session.pendingDelete {
            session.pendingDelete = nil
            return await answer(deleting: pending, with: text, session: &session)
        }
        do {
            guard let command = try Self.command(text, prepared: prepared) else {
                return Reply(.info, "Type 'help' to see what I understand.")
            }
            return try await execute(command, session: &session)
        } catch is HabitatError where session.chatUser != nil && CommandTable.refusedFromChat(text) {
            // From chat, the account and connection commands are refused as such, however the rest is typed.
            return Reply(error: Self.notFromChat)
        } catch let error as HabitatError where session.account == nil && error.code != .authRequired && CommandTable.needsLogin(text) {
            // Before login, a command that needs it is refused as such, however the rest of the line is typed.
            return Reply(error: Self.authRequired)
        } catch let error as HabitatError
            where error.code == .invalidArgument && ["login", "register"].contains(CommandTable.commandName(text) ?? "")
        {
            // Logged in already: that is what to say, whatever was wrong with the rest of the line.
            guard let account = session.account else { return failure(error, session: session) }
            return Reply(error: alreadyLoggedIn(account))
        } catch {
            return failure(error, session: session)
        }
    }

    static let storageFull = HabitatError(
        .storageFull, "The server's storage is full, so nothing was changed. Please try again later, and tell whoever runs this server.")
    static let authRequired = HabitatError(.authRequired, "Log in first: 'login <name> <password>', or 'register <name> <password>' to start.")
    static let notFromChat = HabitatError(.forbidden, "That isn't available from chat.")

    /// The command `text` asks for, parsed now unless `prepared` holds it already.
    @inline(never)
    static func command(_ text: String, prepared: Prepared?) throws -> Command? {
        if let parsed = prepared?.command { return try parsed.get() }
        return try CommandTable.parse(text)
    }

    /// The line after a delete's question (`delete habit`, `delete area`, `delete reward`, `room delete habit`):
    /// `yes` deletes, `no` keeps, anything else keeps it and is run as usual.
    @inline(never)
    func answer(deleting pending: PendingDelete, with text: String, session: inout Session) async -> Reply {
        let answer = try? CommandTable.parse(text)
        if answer == .confirm {
            do {
                return try await execute(pending.command, session: &session, confirmed: pending)
            } catch {
                return failure(error, session: session)
            }
        }
        let kept = Toast(.info, "Delete cancelled; \(pending.kept) is kept.")
        if answer == .cancel { return Reply(toasts: [kept]) }
        var reply = await execute(text, session: &session)
        reply.toasts.insert(kept, at: 0)
        return reply
    }

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

    /// Runs `command`; `confirmed` is the delete a `yes` just confirmed, which is carried out without asking again.
    func execute(_ command: Command, session: inout Session, confirmed: PendingDelete? = nil) async throws -> Reply {
        if let reply = try Self.sessionCommand(command, session: &session) { return reply }
        switch command {
        case .bridge(let name, let token):
            return try await connectBridge(name, token: token, session: &session)
        case .register(let name, let password):
            return try await register(name, password: password, session: &session)
        case .login(let name, let password):
            return try await login(name, password: password, session: &session)
        default:
            guard let account = session.account else { throw Self.authRequired }
            guard loginHolds(&session) else {
                session.account = nil
                throw HabitatError(
                    .authRequired, "Your password was changed on another connection, so you're logged out here. Log in again with the new one.")
            }
            return try await execute(command, as: account, session: &session, confirmed: confirmed)
        }
    }

    /// Commands about the connection itself, answered without touching any file.
    static func sessionCommand(_ command: Command, session: inout Session) throws -> Reply? {
        switch command {
        case _ where session.chatUser != nil && !command.availableFromChat:
            throw notFromChat
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
        case .logout:
            guard let account = session.account else { return nil }
            session.account = nil
            return Reply(.greeting, "Logged out. See you soon, \(account.name)!")
        case .confirm, .cancel:
            guard session.account != nil else { return nil }
            throw HabitatError(.notFound, "There's no question waiting for an answer.")
        default:
            return nil
        }
    }

    func connectBridge(_ name: String, token: String, session: inout Session) async throws -> Reply {
        guard session.account == nil, session.bridge == nil else {
            throw HabitatError(.invalidArgument, "This connection is already in use; a bridge needs a connection of its own.")
        }
        session.bridgeTokenHash = try await authenticateBridge(name, token: token, connection: session.id, now: configuration.clock())
        session.bridge = name
        session.mode = .json
        session.chatUsers = RecentTable(capacity: configuration.chatUsersPerBridge)
        logger.info("bridge connected", metadata: ["bridge": "\(name)"])
        return Reply(.success, "Bridge \(name) ready.", data: ["bridge": .string(name)])
    }

    func register(_ name: String, password: String, session: inout Session) async throws -> Reply {
        if let current = session.account { throw alreadyLoggedIn(current) }
        let account = try await accounts.register(
            name: name, password: password, now: configuration.clock(),
            makeFile: { fileID in try await users.with(fileID) { _ = try await $0.state() } },
            discardFile: { fileID in try? await users.discard(fileID) })
        _ = try? await household.rooms(of: account.id)  // known from here on: a personal `did` takes the short way
        session.account = account
        session.passwordEpoch = accounts.changes.epoch
        logger.info("registered", metadata: ["user": "\(account.name)"])
        return Reply(.success, "Welcome to Habitat, \(account.name)! You're logged in. Try 'add habit Exercise', then 'did exercise'.")
    }

    /// A name someone typed, for a log line: as it is (lowercased) when it could be a name; otherwise in quotes,
    /// with quotes, backslashes and control characters escaped, so it can't end the line, pose as another
    /// field or send the operator's terminal an escape sequence.
    static func logged(_ typed: String) -> Logger.MetadataValue {
        if let name = try? Accounts.validName(typed) { return "\(name)" }
        let quoted = String(typed.prefix(64)).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(quoted.echoed)\""
    }

    /// Whether the session's login still holds: its account's password has not changed elsewhere since. A chat
    /// user has no password, so theirs always does.
    func loginHolds(_ session: inout Session) -> Bool {
        guard session.chatUser == nil, let account = session.account else { return true }
        return accounts.changes.holds(since: &session.passwordEpoch, for: account.id)
    }

    func login(_ name: String, password: String, session: inout Session) async throws -> Reply {
        if let current = session.account { throw alreadyLoggedIn(current) }
        // Counted before the password is checked: a change made meanwhile makes this login lapse.
        let epoch = accounts.changes.epoch
        let account: Account
        do {
            account = try await accounts.login(name: name, password: password, connection: session.id, now: configuration.clock())
        } catch let error as HabitatError where error.code == .badCredentials || error.code == .rateLimited {
            // What an operator needs to see a password being guessed.
            logger.notice(
                error.code == .rateLimited ? "login refused: too many failures" : "login failed",
                metadata: ["user": Self.logged(name), "connection": "\(session.id)"])
            throw error
        }
        let state = try await users.with(account.fileID) { try await $0.state() }
        _ = try? await household.rooms(of: account.id)  // known from here on: a personal `did` takes the short way
        session.account = account
        session.passwordEpoch = epoch
        let status = Views.status(state)
        return Reply(toasts: [Toast(.success, "Welcome back, \(account.name)! \(status.toasts[0].message)")], data: status.data)
    }

    /// A command of a logged-in user.
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
            return try await household.list(for: account, current: try await household.currentRoom(of: account, chosen: session.room))
        case .room(let command):
            return try await room(command, session: &session, account: account, now: now, confirmed: confirmed)
        case .record(let recording):
            return try await record(recording, session: session, account: account, now: now)
        case .undo:
            return try await users.with(account.fileID) { try await household.undo(for: account, on: $0, now: now) }
        case .startTimer(let name, let minutes):
            return try await startTimer(name, minutes: minutes, for: account, now: now)
        case .timers:
            return try await listTimers(of: account, now: now)
        case .stopTimer(let name):
            return try await stopTimer(name, of: account)
        case .rename(let name, let newName):
            return try await users.with(account.fileID) { [directory] database in
                let habit = try await database.state().habit(named: name)
                // A timer running for it records it under its new name when it ends: renamed with the habit, or neither is.
                let (outcome, state) = try await database.apply(.rename(name, to: newName), at: now) { _, state in
                    if let renamed = state.habits.first(where: { $0.id == habit.id }), renamed.name != habit.name {
                        try directory.renameTimers(of: account.id, from: habit.name, to: renamed.name)
                    }
                }
                return Views.outcome(outcome, state)
            }
        case .delete(let name) where confirmed == nil:
            let habit = try await users.with(account.fileID) { try await $0.state() }.habit(named: name, includingArchived: true)
            session.pendingDelete = .habit(habit.name)
            return Reply(.ask, "Delete \(habit.name) for good? Past completions stay in your history. Type 'yes' to confirm; anything else cancels.")
        case .deleteArea(let name) where confirmed == nil:
            let state = try await users.with(account.fileID) { try await $0.state() }
            let area = try state.area(named: name)
            session.pendingDelete = .area(area.name)
            return Reply(.ask, state.deleteAreaQuestion(area))
        case .deleteReward(let name) where confirmed == nil:
            let state = try await users.with(account.fileID) { try await $0.state() }
            let reward = try state.reward(named: name)
            session.pendingDelete = .reward(reward.name)
            return Reply(.ask, state.deleteRewardQuestion(reward))
        case .delete, .deleteArea, .deleteReward:
            guard let confirmed, let action = Self.action(for: command) else { throw HabitatError(.internal, "Unhandled command.") }
            return try await users.with(account.fileID) { database in
                let (outcome, state) = try await database.apply(action, at: now) { state in try Self.stillThere(confirmed, in: state) }
                return Views.outcome(outcome, state)
            }
        default:
            return try await users.with(account.fileID) { database in
                try await play(command, on: database, now: now)
            }
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

    /// Game commands, on the logged-in user's own file.
    ///
    /// The async part is kept small on purpose: a task keeps the stack memory its deepest call ever needed for
    /// as long as the connection lives, so the per-command work is done in the synchronous helpers below.
    func play(_ command: Command, on database: UserDatabase, now: Date) async throws -> Reply {
        if let action = Self.action(for: command) {
            let (outcome, state) = try await database.apply(action, at: now)
            return Views.outcome(outcome, state)
        }
        switch command {
        case .today:
            return try await today(on: database, now: now)
        case .history(let name):
            return try await history(of: name, on: database)
        case .heatmap(let name):
            return try await heatmap(of: name, on: database, now: now)
        default:
            guard let view = Self.gameView(command) else { throw HabitatError(.internal, "Unhandled command.") }
            return Self.view(view, of: try await database.state(), now: now)
        }
    }

    /// The game action a command performs, if it changes the user's game.
    static func action(for command: Command) -> Action? {
        switch command {
        case .addHabit(let draft): .addHabit(draft)
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

    /// What a command that only shows the user's game shows.
    enum GameView {
        case status, habits, store, areas, config, archive, routines, templates, streaks
    }

    /// The view `command` shows, if it only shows the user's game.
    static func gameView(_ command: Command) -> GameView? {
        switch command {
        case .status: .status
        case .habits: .habits
        case .store: .store
        case .areas: .areas
        case .showConfig: .config
        case .archive(nil): .archive
        case .routines: .routines
        case .templates: .templates
        case .streaks: .streaks
        // Changes (``action(for:)``), reads of the ledger (`play`), and commands handled before `play`.
        case .addHabit, .addReward, .deleteReward, .buy, .addArea, .renameArea, .deleteArea, .configure, .startChallenge, .ran,
            .archive(.some), .unarchive, .edit, .rename, .delete, .addRoutine, .deleteRoutine, .useTemplate, .today, .history,
            .heatmap, .help, .register, .login, .logout, .passwd, .mode, .plain, .quit, .confirm, .cancel, .startTimer, .timers,
            .stopTimer, .rooms, .room, .record, .undo, .bridge, .link:
            nil
        }
    }

    /// The reply showing `view` of the user's game.
    static func view(_ view: GameView, of state: GameState, now: Date) -> Reply {
        switch view {
        case .status: Views.status(state)
        case .habits: Views.habits(state, today: state.settings.day(of: now))
        case .store: Views.store(state)
        case .areas: Views.areas(state)
        case .config: Views.config(state)
        case .archive: Views.archive(state, today: state.settings.day(of: now))
        case .routines: Views.routines(state)
        case .templates: Views.templates()
        case .streaks: Views.streaks(state, today: state.settings.day(of: now))
        }
    }

    func today(on database: UserDatabase, now: Date) async throws -> Reply {
        let state = try await database.state()
        let today = state.settings.day(of: now)
        let recordings = try await database.read { try $0.recordings(from: today, through: today) }
        return Views.today(state, recordings: recordings, today: today)
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

    func alreadyLoggedIn(_ account: Account) -> HabitatError {
        HabitatError(.invalidArgument, "You're logged in as \(account.name). Type 'logout' first.")
    }

    // MARK: - Timers

    func startTimer(_ name: String, minutes: Int, for account: Account, now: Date) async throws -> Reply {
        guard (1...TimerService.maxMinutes).contains(minutes) else {
            throw HabitatError(.invalidArgument, "A timer runs from 1 minute to 24 hours.")
        }
        let state = try await users.with(account.fileID) { try await $0.state() }
        let habit = try state.habit(named: name)
        guard habit.kind == .good else {
            throw HabitatError(
                .invalidArgument, "Timers are for good habits; \(habit.name) is a bad one. Record a slip with 'slipped \(habit.name.lowercased())'.")
        }
        guard try await directory.timers(of: account.id).count < TimerService.maxPerUser else {
            throw HabitatError(.invalidArgument, "You have \(TimerService.maxPerUser) timers running; stop one first.")
        }
        let timer = try await directory.addTimer(accountID: account.id, habit: habit.name, minutes: minutes, at: now)
        let ends = Self.time(timer.ends, in: state.settings)
        return Reply(.timer, "Timer started: \(minutes) min of \(habit.name), done at \(ends). I'll record it then.", data: timerData(timer, now: now))
    }

    func listTimers(of account: Account, now: Date) async throws -> Reply {
        let timers = try await directory.timers(of: account.id)
        let data: JSON = ["timers": .array(timers.map { timerData($0, now: now) })]
        guard !timers.isEmpty else { return Reply(.info, "No timers running. Start one: 'start timer meditation 10 min'.", data: data) }
        let settings = try await users.with(account.fileID) { try await $0.state() }.settings
        let lines = timers.enumerated().map { number, timer in
            let left = max(0, Int((timer.ends.timeIntervalSince(now) / 60).rounded(.up)))
            return "\(number + 1). \(timer.habit): \(timer.minutes) min, \(left) min left (done at \(Self.time(timer.ends, in: settings)))"
        }
        return Reply(.info, "Timers (\(timers.count))", details: lines, data: data)
    }

    func stopTimer(_ name: String?, of account: Account) async throws -> Reply {
        let timers = try await directory.timers(of: account.id)
        guard !timers.isEmpty else { throw HabitatError(.notFound, "No timers running.") }
        var candidates = timers
        if let name {
            if let number = Int(name) {
                guard timers.indices.contains(number - 1) else {
                    throw HabitatError(.notFound, "There is no timer \(number). Type 'timers' to see them.")
                }
                candidates = [timers[number - 1]]
            } else {
                switch NameMatch.resolve(name, among: Array(Set(timers.map(\.habit))), name: { $0 }) {
                case .found(let habit): candidates = timers.filter { $0.habit == habit }
                case .ambiguous(let hits):
                    throw HabitatError(.ambiguous, "'\(name)' could be \(GameState.either(hits.sorted())). Type more of the name.", symbol: .question)
                case .none:
                    throw HabitatError(.notFound, "No timer for '\(name)'. Type 'timers' to see them.", symbol: .question)
                }
            }
        }
        guard candidates.count == 1, let timer = candidates.first else {
            let choices = candidates.map { timer in
                "'stop timer \(timers.firstIndex(of: timer)! + 1)' (\(timer.habit), \(timer.minutes) min)"
            }
            throw HabitatError(.ambiguous, "Which one? \(GameState.either(choices)).", symbol: .question)
        }
        try await directory.removeTimer(id: timer.id)
        return Reply(.success, "Stopped the \(timer.minutes) min timer for \(timer.habit). Nothing was recorded.")
    }

    func timerData(_ timer: HabitTimer, now: Date) -> JSON {
        [
            "habit": .string(timer.habit), "minutes": .int(timer.minutes),
            "ends_at": .string(ISO8601DateFormatter().string(from: timer.ends)),
            "remaining_seconds": .int(max(0, Int(timer.ends.timeIntervalSince(now).rounded()))),
        ]
    }

    /// `12:10` in the user's time zone.
    static func time(_ date: Date, in settings: Settings) -> String {
        GameState.clock(settings.minuteOfDay(date))
    }

    // MARK: - Rooms

    /// A room command; `confirmed` is the `room delete habit` a `yes` just confirmed.
    func room(
        _ command: RoomCommand, session: inout Session, account: Account, now: Date, confirmed: PendingDelete? = nil
    ) async throws -> Reply {
        switch command {
        case .create(let name):
            let (reply, room) = try await household.create(name, by: account, now: now)
            session.room = room.id
            return reply
        case .join(let name, let code):
            let (reply, room) = try await household.join(name, code: code, by: account, now: now)
            session.room = room.id
            return reply
        case .use(let name):
            let room = try await household.memberRoom(named: name, for: account)
            session.room = room.id
            // A chat user has no connection of their own: what they say in a channel goes to its room anyway.
            return Reply(
                .room, session.chatUser == nil
                    ? "Room commands on this connection now go to \(room.displayName)."
                    : "Your room commands go to \(room.displayName) now; said in a channel, they go to its room.")
        case .leave(let name):
            let room: Room
            if let name {
                room = try await household.memberRoom(named: name, for: account)
            } else {
                room = try await household.requireRoom(of: account, chosen: session.room)
            }
            if session.room == room.id { session.room = nil }
            return try await household.leave(room, by: account, now: now)
        case .deleteHabit(let name):
            return try await deleteSharedHabit(name, session: &session, account: account, now: now, confirmed: confirmed)
        default:
            break
        }
        let room = try await household.requireRoom(of: account, chosen: session.room)
        let state = try await users.with(account.fileID) { try await $0.state() }
        let today = state.settings.day(of: now)
        switch command {
        case .invite: return try await household.invite(to: room, by: account, now: now)
        case .kick(let name): return try await household.kick(name, from: room, by: account, now: now)
        case .addHabit(let draft): return try await household.addHabit(draft, to: room, by: account, now: now)
        case .status: return try await household.status(of: room, today: today)
        case .log: return try await household.log(of: room, settings: state.settings)
        case .fairness: return try await household.fairness(of: room, today: today)
        case .record(let recording):
            let habit: SharedHabit
            do {
                habit = try await household.requireSharedHabit(recording.habit, in: room)
            } catch let error as HabitatError where error.code == .unknownHabit {
                // `room did dishes tomorrow`: the option is at fault, not the name.
                throw recording.unreadOption ?? error
            }
            return try await users.with(account.fileID) {
                try await household.record(habit, in: room, recording: recording, for: account, on: $0, now: now)
            }
        case .create, .join, .use, .leave, .deleteHabit: throw HabitatError(.internal, "Unhandled room command.")
        }
    }

    /// `did <habit>`: a personal habit or routine, or a shared habit of the current room; when both
    /// match, `ambiguous`, saying how to choose (`did my …` or `room did …`).
    func record(_ recording: Recording, session: Session, account: Account, now: Date) async throws -> Reply {
        do {
            return try await recordAsked(recording, session: session, account: account, now: now)
        } catch {
            throw Self.explained(error, recording)
        }
    }

    /// A habit that matched nothing because an option after its name couldn't be read: the option's fault.
    static func explained(_ error: any Error, _ recording: Recording) -> any Error {
        guard (error as? HabitatError)?.code == .unknownHabit, let problem = recording.unreadOption else { return error }
        return problem
    }

    func recordAsked(_ recording: Recording, session: Session, account: Account, now: Date) async throws -> Reply {
        let (recording, mine) = Self.own(recording)
        return try await users.with(account.fileID) { [recording] database in
            if !mine, !session.roomless {
                if let room = try await household.currentRoom(of: account, chosen: session.room) {
                    if case .found(let shared) = try await household.sharedHabit(recording.habit, in: room) {
                        return try await recordShared(shared, in: room, recording: recording, for: account, on: database, now: now)
                    }
                } else {
                    try await refuseUnchosenRoom(recording, account: account, on: database)
                }
            }
            let (outcome, state) = try await database.apply(.record(recording), at: now)
            return Views.outcome(outcome, state)
        }
    }

    /// `did my <habit>` is the user's own habit, never a room's: the recording without the `my`.
    static func own(_ recording: Recording) -> (recording: Recording, mine: Bool) {
        // A name of one word (the common case) cannot start with "my ".
        guard recording.habit.utf8.contains(UInt8(ascii: " ")) else { return (recording, false) }
        var recording = recording
        let words = recording.habit.split(separator: " ", maxSplits: 1)
        let mine = words.count == 2 && words[0].lowercased() == "my"
        if mine { recording.habit = String(words[1]) }
        return (recording, mine)
    }

    /// A room's habit, unless the user has a habit or routine of the same name (then they must say which).
    ///
    /// Not inlined, so the personal `did` does not carry this path's locals in its task's stack.
    @inline(never)
    func recordShared(
        _ shared: SharedHabit, in room: Room, recording: Recording, for account: Account, on database: UserDatabase, now: Date
    ) async throws -> Reply {
        let state = try await database.state()
        let routine = (try? state.routine(recording: recording.habit)) ?? nil
        if let personal = routine?.name ?? (try? state.habit(named: recording.habit))?.name {
            throw HabitatError(
                .ambiguous,
                "'\(recording.habit)' is both your own \(personal) and the \(room.displayName) room's \(shared.name). Say 'did my \(recording.habit)' or 'room did \(recording.habit)'.",
                symbol: .question)
        }
        return try await household.record(shared, in: room, recording: recording, for: account, on: database, now: now)
    }

    // MARK: - Bridges

    /// Checks a bridge's name and token; returns the token's hash, as stored.
    func authenticateBridge(_ name: String, token: String, connection: String, now: Date) async throws -> String {
        let keys = ["bridge:" + name, "connection:" + connection]
        if let wait = keys.compactMap({ accounts.throttle.wait(for: $0, now: now) }).max() {
            throw HabitatError(.rateLimited, "Too many failed attempts. Wait \(Int(wait.rounded(.up))) seconds and try again.")
        }
        guard let bridge = try await directory.bridge(named: name), BridgeToken.matches(token, bridge.tokenHash) else {
            keys.forEach { accounts.throttle.recordFailure(for: $0, now: now) }
            logger.notice("bridge login failed", metadata: ["bridge": Self.logged(name), "connection": "\(connection)"])
            throw HabitatError(.badCredentials, "That bridge name and token don't match.")
        }
        return bridge.tokenHash
    }

    /// Whether a chat line is `link …`, which runs before the speaker joins the channel's room.
    static func isLink(_ text: String) -> Bool {
        if case .link? = try? CommandTable.parse(text) { return true }
        return false
    }

    /// A bridge's request: `{"id", "user", "room"?, "text"}`, run as `<bridge>:<user>`.
    func respond(asBridge bridge: String, to line: String, session: inout Session) async -> String {
        let now = configuration.clock()
        let request = JSONRequest(line, strings: ["user", "text", "room"])
        let id = request.id
        guard request.wellFormed else {
            return Reply(error: HabitatError(.invalidArgument, #"A bridge sends JSON objects: {"id": 1, "user": "alice", "text": "status"}."#))
                .json(id: id, plain: false)
        }
        guard let user = request.strings[0], Self.validChatName(user), let text = request.strings[1] else {
            let problem = HabitatError(.invalidArgument, #"A bridge request needs "user" (1–64 characters) and "text" strings."#)
            return Reply(error: problem).json(id: id, plain: false)
        }
        let channel = request.strings[2]
        var extra: [(String, JSON)] = [("user", .string(user))]
        if let channel { extra.append(("room", .string(channel))) }
        var chat = session.chatUsers[user] ?? Session(id: "\(session.id)/\(user)", rateLimit: 0, now: now)
        let reply: Reply
        do {
            // A removed bridge loses access at its next request, and so does one whose token was replaced.
            guard let current = try await directory.bridge(named: bridge) else {
                throw HabitatError(.forbidden, "The bridge \(bridge) has been removed.")
            }
            guard current.tokenHash == session.bridgeTokenHash else {
                throw HabitatError(.forbidden, "The bridge \(bridge) has a new token: connect again with it.")
            }
            try Self.checkChannel(channel, notAString: request.notStrings[2])
            let account = try await directory.identity("\(bridge):\(user)", at: now)
            hub.register(account.id, bridge: bridge, user: user)
            chat.account = account
            chat.chatUser = "\(bridge):\(user)"
            chat.mode = .json
            // A private message is about no channel in particular; linking happens before the (not yet
            // linked) identity joins the channel's room.
            chat.room = nil
            chat.roomless = false
            var spokenIn: Room?
            if let channel, !Self.isLink(text) {
                spokenIn = try await enterChannel("\(bridge):\(channel)", text: text, account: account, session: &chat, now: now)
            }
            var request = chat
            reply = await Household.$spokenIn.withValue(spokenIn?.id) {
                await execute(text, session: &request)
            }
            chat = request
            if let kept = try? await hub.offlineDelivery(for: account.id) {
                try? await hub.deliver(kept, to: account.id, at: now)
            }
        } catch let error as HabitatError {
            reply = Reply(error: error)
        } catch is StorageFullError {
            reply = Reply(error: Self.storageFull)
        } catch {
            logger.error("bridge request failed", metadata: ["bridge": "\(bridge)", "error": "\(error)"])
            reply = Reply(error: HabitatError(.internal, "Something went wrong on our side, and nothing was changed."))
        }
        session.chatUsers.set(chat, for: user)
        return reply.json(id: id, plain: chat.plain, extra: extra)
    }

    static func validChatName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.containsControlCharacters
    }

    func link(_ code: String?, session: inout Session, account: Account, now: Date) async throws -> Reply {
        switch (code, session.chatUser) {
        case (nil, nil):
            let code = try await directory.createLinkCode(for: account.id, at: now)
            return Reply(.success, "Your link code is \(code). Say 'link \(code)' to the Habitat bot in chat within 10 minutes.", data: ["code": .string(code)])
        case (let code?, let identity?):
            let key = "link:" + identity
            if let wait = accounts.throttle.wait(for: key, now: now) {
                throw HabitatError(.rateLimited, "Too many wrong link codes. Wait \(Int(wait.rounded(.up))) seconds and try again.")
            }
            guard let linked = try await directory.redeemLinkCode(code, identity: identity, at: now) else {
                accounts.throttle.recordFailure(for: key, now: now)
                throw HabitatError(.notFound, "That link code didn't work. Codes work once, for 10 minutes; type 'link' in Habitat for a new one.")
            }
            accounts.throttle.reset(key)
            session.account = linked
            household.forget([linked.id])
            return Reply(.success, "Linked! From now on you play as \(linked.name) here too.")
        case (nil, _?):
            throw HabitatError(.invalidArgument, "Type 'link' in a Habitat terminal first; it gives you a code to say here.")
        case (_?, nil):
            throw HabitatError(.invalidArgument, "Say 'link <code>' in chat, to the Habitat bot; here, 'link' alone gives you a code.")
        }
    }
}
