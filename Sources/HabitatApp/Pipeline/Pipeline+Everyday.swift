import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold

/// A line a person typed that the strict reading could not take, read again in their own words
/// (``EverydayReader``), with their own names: done when certain, asked about when likely (a `yes` does it), and
/// otherwise answered as the strict reading answered it.
extension Pipeline {
    /// The refusals after which a line is read again in everyday words: it named nothing they have, or was no command,
    /// or (not `parsed`, refused as it was read) could not be read as its command. A command read whole and refused by
    /// a rule (`start challenge` while in the game) keeps its reason. None of them changed anything.
    static func readsAgain(_ reply: Reply, parsed: Bool) -> Bool {
        guard !reply.ok, let code = reply.code else { return false }
        return code == .unknownHabit || code == .unknownCommand || code == .notFound || code == .unknownItem
            || code == .unknownTodo || (!parsed && code == .invalidArgument)
    }

    /// Whether `request`, planned as `plan`, is read again in everyday words when its strict reading finds nothing:
    /// a line a person typed (at a terminal, or in a chat through a bridge; not a program's JSON) once logged in, and a
    /// plan made from the line alone (not the answer to a question).
    static func everyday(_ request: Request, _ plan: Plan, _ session: Session) -> Bool {
        guard session.account != nil, !request.inJSON(session) || session.chatUser != nil else { return false }
        switch plan {
        case .say, .show, .change, .record, .run: return true
        case .session, .answer, .accept, .account, .lapse: return false
        }
    }

    /// The reply to `request`, planned as `plan`: the plan run, and, when it found nothing of theirs or no command in
    /// a person's line, the line read in their own words.
    func answer(_ request: Request, _ plan: Plan, session: inout Session) async -> Reply {
        let everyday = Self.everyday(request, plan, session)
        // `squats: 30` in a person's own words: the strict reading takes what follows the colon for a note, where an
        // amount is the habit's amount if it counts one, which the everyday reading knows. Read that way first; a line
        // it can't read runs as the strict reading has it. (`did squats: 30`, the command, keeps its note.)
        if everyday, Self.amountAfterColon(in: plan) {
            let unread = Reply(ok: false, toasts: [], code: .unknownCommand)
            let reading = await understand(request, failed: unread, parsed: false, session: &session)
            if reading.ok || !reading.toasts.isEmpty { return reading }
        }
        let reply = await run(plan, session: &session)
        let parsed: Bool
        if case .say = plan { parsed = false } else { parsed = true }
        guard everyday, Self.readsAgain(reply, parsed: parsed) else { return reply }
        return await understand(request, failed: reply, parsed: parsed, session: &session)
    }

    /// Whether `plan` records a line of the player's own words whose note is a number, and a unit at most (`30`, `5 km`).
    static func amountAfterColon(in plan: Plan) -> Bool {
        let recording: Recording
        switch plan {
        case .record(let own), .change(.record(let own)): recording = own
        default: return false
        }
        guard recording.loose != nil, let note = recording.note else { return false }
        let parts = note.split(separator: " ")
        return parts.count <= 2 && parts.first.flatMap { Double($0) } != nil || EverydayReader.startsWithAmount(note)
    }

    /// The line of `request` read in everyday words for the session's user; `failed` is the strict reading's answer,
    /// kept when the line still can't be read. A command read whole (`parsed`) and refused for a name it did not find
    /// (`add routine Morning: exercise, floss`) is only ever read again as that same command: the everyday reading
    /// may find the name, never turn it into another change.
    func understand(_ request: Request, failed: Reply, parsed: Bool, session: inout Session) async -> Reply {
        let text = request.text
        guard let account = session.account else { return failed }
        let now = configuration.clock()
        let vocabulary: Vocabulary
        do {
            let (state, today) = try await users.with(account.fileID) { game in
                let state = try await game.state()
                let day = state.settings.day(of: now)
                let counted = state.activeHabits.filter { $0.amount != nil }.compactMap(\.id)
                let today = try await game.read { ledger in
                    try counted.reduce(into: [Int64: Quantity]()) { $0[$1] = try ledger.amount(of: $1, on: day).amount }
                }
                return (state, today)
            }
            var shared: [SharedHabit]?
            var list: [RoomTodo] = []
            if !session.roomless, let room = try await households.currentRoom(of: account, chosen: session.room) {
                shared = try await households.sharedHabits(of: room.id)
                list = try await directory.roomTodos(of: room.id, gotLately: Households.gotLately)
            }
            var read = Self.vocabulary(of: state, room: shared, list: list, today: today, now: now)
            if text.localizedCaseInsensitiveContains("remind") {
                for stored in try await directory.reminders(of: account.id) {
                    if let habit = stored.reminder.habit { read.reminders[habit.lowercased()] = stored.reminder.minute }
                }
            }
            vocabulary = read
        } catch {
            return failed
        }
        /// The line was not read after all: counted, kept for the operator when they asked, and answered as the strict
        /// reading answered it.
        func unread() -> Reply {
            metrics?.missed(failed.code == .unknownHabit ? .noSuchHabit : .unknownCommand)
            unknownLines?.record(text)
            return failed
        }
        // `could you pause my walk for five days?`: the request, without the words that ask nicely.
        if let polite = PoliteRequest(text), polite.text != text,
            let reply = await answer(polite, of: request, vocabulary: vocabulary, session: &session)
        {
            return reply
        }
        guard let understood = EverydayReader.read(text, vocabulary) else {
            // `pasue yoga 3 days`: a command but for a slip of a letter or two, asked about; `yes` does it.
            if failed.code == .unknownCommand, let mended = Commands.table.mended(text) {
                metrics?.missed(.asked)
                let question = "I don't know '\(mended.typed)'. Did you mean '\(mended.line)'? Type 'yes' to do it."
                return Self.propose([mended.line], question, code: .unknownCommand, session: &session)
            }
            return unread()
        }
        // A command read whole keeps its kind; a recording (`did …`, or a line of the player's own words) may be read as
        // anything.
        let free = request.kind == nil || request.kind == Did.spec.name || request.kind == Commands.unknownKind
        func fits(_ lines: [String]) -> Bool {
            lines.allSatisfy { line in
                var kind: String?
                guard ((try? Commands.table.parse(line, kind: &kind)) ?? nil) != nil else { return false }
                return !parsed || free || kind == request.kind || Self.alsoMeant[request.kind ?? "", default: []].contains(kind ?? "")
            }
        }
        switch understood {
        case .commands(let lines):
            // Every line is read before any runs: a reading that does not parse does nothing at all.
            guard fits(lines) else { return unread() }
            return await run(lines, session: &session)
        case .ask(let question, let lines):
            // A command said by its own word keeps its own answer over a guess at another (`call water status`), and
            // may be asked about as itself (`redeem pocket money for the kids`).
            guard fits(lines), free || parsed else { return unread() }
            metrics?.missed(.asked)
            return Self.propose(lines, question, code: failed.code ?? .ambiguous, session: &session)
        case .clarify(let said), .nothing(let said):
            // A line the strict reading read and refused keeps its reason (`did floss tomorrow`, `stop reminding 9`).
            if failed.code == .invalidArgument || (parsed && !free) { return failed }
            // A question says what to type; a line that changes nothing (`didn't floss`) is answered as one too, so the
            // next line can say what was done.
            guard case .clarify = understood else {
                return Reply(ok: false, toasts: [Toast(.question, said)], code: failed.code ?? .unknownCommand)
            }
            metrics?.missed(.asked)
            return Reply(ok: false, toasts: [Toast(.question, said)], code: failed.code ?? .invalidArgument)
        }
    }

    /// The reply to a request said politely (`I would like to archive French`), as if its command alone was typed; `nil`
    /// when that finds no command or nothing of theirs. Said of what the person will do (`I'll take a potion`), it is
    /// never a record of something done.
    func answer(_ polite: PoliteRequest, of request: Request, vocabulary: Vocabulary, session: inout Session) async -> Reply? {
        var plain = Request(text: polite.text, id: request.id, asJSON: request.asJSON)
        var probe = session
        let plan = Plan.make(for: polite.text, session: &probe, facts: self, kind: &plain.kind)
        var reply: Reply
        switch plan {
        case .record(let recording), .change(.record(let recording)) where polite.ahead:
            guard recording.loose != nil else { return nil }
            fallthrough
        case .say where polite.ahead:
            // No command: read in everyday words, it must be a change that records nothing.
            guard case .commands(let lines)? = EverydayReader.read(polite.text, vocabulary),
                !lines.contains(where: { line in ["did ", "room did ", "slipped "].contains { line.lowercased().hasPrefix($0) } })
            else { return nil }
            reply = await run(lines, session: &session)
        default:
            reply = await answer(plain, plan, session: &session)
        }
        // (A refusal for want of a command or a name of theirs: the line is read whole instead.)
        return Self.readsAgain(reply, parsed: true) ? nil : reply
    }

    /// The kinds a command said by a word of several meanings may be read as: `change walk to morning walk` renames it,
    /// `change the yoga reminder to 7pm` moves the reminder, `yesterday I call home` (for Call home) says it was done, and
    /// so does `checked the hives` (for Hive check) when no to-do has such an item, and `delete the concert ticket reward`
    /// deletes the reward.
    static let alsoMeant: [String: Set<String>] = [
        EditHabit.spec.name: [RenameHabit.spec.name, StopReminding.spec.name, Remind.spec.name],
        // (`remind the family about chores at 6:30`)
        Remind.spec.name: [RoomRemind.spec.name],
        CallHabit.spec.name: [Did.spec.name],
        CheckItem.spec.name: [Did.spec.name],
        // (`delete the concert ticket reward`, `delete the dentist to-do`)
        DeleteHabit.spec.name: [DeleteReward.spec.name, DeleteTodo.spec.name],
        // (`add an area called Body and put yoga in it`)
        AddArea.spec.name: [EditHabit.spec.name],
        // (`I buy pill organiser already`: no reward, a to-do of theirs done.)
        Buy.spec.name: [Did.spec.name],
    ]

    /// Asks `question` about the strict `lines`, which a `yes` next runs (and anything else drops). Nothing changed.
    static func propose(_ lines: [String], _ question: String, code: ErrorCode, session: inout Session) -> Reply {
        session.proposal = lines
        return Reply(ok: false, toasts: [Toast(.question, question)], code: code)
    }

    /// Runs the strict `lines` one after another, as if typed; their replies as one. One refused stops the rest.
    func run(_ lines: [String], session: inout Session) async -> Reply {
        var all = Reply(toasts: [])
        for line in lines {
            let reply = await run(Plan.make(for: line, session: &session, facts: self), session: &session)
            all.toasts += reply.toasts
            all.ok = all.ok && reply.ok
            all.code = all.code ?? reply.code
            if lines.count == 1 { all.data = reply.data }
            if !reply.ok { break }
        }
        return all
    }

    /// What `state` holds for reading a line (habits, with what `amounts` today holds of each counted in one; routines,
    /// open to-dos), with the shared habits of the user's `room` when they speak in one, and the items of its `list`
    /// (open, or got lately: a second `got milk` is told who got it), which are done as a good shared habit is.
    static func vocabulary(of state: GameState, room: [SharedHabit]?, list: [RoomTodo] = [], today amounts: [Int64: Quantity] = [:], now: Date) -> Vocabulary {
        let today = state.settings.day(of: now)
        var habits: [Vocabulary.Habit] = state.activeHabits.map { habit in
            var quota = false
            if case .quota = habit.schedule { quota = true }
            return Vocabulary.Habit(
                name: habit.name, amount: habit.amount, bad: habit.kind == .bad, quota: quota, words: habit.words,
                paused: state.pausedThrough(habit, on: today) != nil, today: habit.id.flatMap { amounts[$0] } ?? 0)
        }
        habits += state.routines.map { Vocabulary.Habit(name: $0.name) }
        // A to-do is done as a habit is (`renewed my passport`): the recording finishes it.
        habits += state.todos.filter(\.isOpen).map { Vocabulary.Habit(name: $0.name, todo: true) }
        habits += (room ?? []).map { Vocabulary.Habit(name: $0.name, bad: $0.kind == .bad, shared: true) }
        habits += list.map { Vocabulary.Habit(name: $0.name, shared: true, todo: true) }
        return Vocabulary(
            habits: habits, rewards: state.rewards.map(\.name), areas: state.areas.map(\.name), inRoom: room != nil,
            today: today)
    }
}
