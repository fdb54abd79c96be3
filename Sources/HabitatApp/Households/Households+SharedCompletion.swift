import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage

/// Shared completions: a member's `did` of a room's habit, and its undo, written to the member's file and the room's
/// log together (see ``Households``), and what a crash left of them finished at start-up.
extension Households {
    /// The shared habit `recording` names in `room`, if one does (exact name or unique prefix; for a line in the
    /// user's own words, ``Recording/loose``, the whole name or its words' forms).
    func sharedHabit(of recording: Recording, in room: Room) async throws -> NameMatch<SharedHabit> {
        NameMatch.resolve(recording.habit, among: try await sharedHabits(of: room.id), loosely: recording.loose != nil, name: \.name)
    }

    /// The shared habit `query` names in `room`; `ambiguous` or `unknown_habit` (with a suggestion) otherwise.
    func requireSharedHabit(_ query: String, in room: Room) async throws -> SharedHabit {
        try SharedHabit.named(query, among: try await sharedHabits(of: room.id), in: room)
    }

    /// Records a shared habit for `account` with the intent protocol, then tells the room.
    func record(
        _ habit: SharedHabit, in room: Room, recording: Recording, for account: Account, on database: any UserGame, now: Date
    ) async throws -> Reply {
        let name = try await shownName(of: account, in: room)
        let intent = try await directory.beginIntent(.record, account: account.id, room: room.id, habit: habit.id, at: now)
        let (outcome, state, line, _) = try await commit(
            intent, of: habit, in: room, recording: recording, for: account, shown: name, on: database, now: now)
        if let entry = outcome.entry, let line {
            // A day gone by is named, so no one takes it for today's.
            let day = entry.day == state.settings.day(of: now) ? nil : entry.day
            let what = Views.sharedDeed(habit.name, kind: habit.kind, xp: line.xp, health: line.health, day: day)
            // The room hears what the member was told: the slip's cost, and the game over it caused.
            let gameOver = outcome.toasts.contains { $0.symbol == .gameOver } ? " — game over" : ""
            await announce("\(name) \(what)\(gameOver)", in: room, except: [account.id], at: now)
        }
        return Views.outcome(outcome, state)
    }

    /// The member's side of a shared completion whose `intent` is written: their transaction, carrying the intent's
    /// token, inside which the room log line is written before it commits; then the intent settled (``settle(_:entry:news:for:)``).
    ///
    /// The room log line is written inside the member's transaction, before it commits: a directory that
    /// refuses it (a full disk) leaves the member's file unchanged too, and a member's commit that fails
    /// after it takes it back. Either way the member is told nothing was changed, and nothing was.
    func commit(
        _ intent: RoomIntent, of habit: SharedHabit, in room: Room, recording: Recording, for account: Account, shown name: String,
        on database: any UserGame, now: Date, news: InboxItem? = nil, for listeners: [Int64] = []
    ) async throws -> (outcome: Outcome, state: GameState, line: RoomLogEntry?, kept: [Int64: Int64]) {
        let shared = habit.recording(recording, in: room, token: intent.token)
        let (directory, stage) = (self.directory, self.stage)
        let outcome: Outcome
        let state: GameState
        do {
            (outcome, state) = try await database.apply(.recordShared(shared), at: now) { outcome, _ in
                guard let entry = outcome.entry else { return }
                try directory.writeLine(of: intent, entry: RoomLogEntry(entry, of: habit, by: account.id, shown: name))
                stage?(.beforeMemberCommit)
            }
        } catch {
            await settle(intent, entry: nil)
            throw error
        }
        stage?(.afterMemberCommit)
        let line = outcome.entry.map { RoomLogEntry($0, of: habit, by: account.id, shown: name) }
        let kept = await settle(intent, entry: line, news: news, for: listeners)
        return (outcome, state, line, kept)
    }

    /// Undo for a user whose latest action may be a shared completion: keeps the room log in step.
    func undo(for account: Account, on database: any UserGame, now: Date) async throws -> Reply {
        // Most actions are personal: undone in one transaction, with nothing for a room to hear.
        if let (outcome, state) = try await database.undoUnlessShared(at: now) { return Views.outcome(outcome, state) }
        return try await undoShared(for: account, on: database, now: now)
    }

    /// Undo of an action that may be a shared completion, with the intent protocol that keeps the room log in step:
    /// the line is marked undone inside the member's transaction, as a completion's line is written.
    func undoShared(for account: Account, on database: any UserGame, now: Date) async throws -> Reply {
        let latest = try await database.read { try $0.latestUndoable() }
        var intent: RoomIntent?
        var line: (roomID: Int64, habitID: Int64, entry: RoomLogEntry)?
        if let token = latest?.roomToken, latest?.kind != .undo, let found = try await directory.roomLogLine(ref: token) {
            intent = try await directory.beginIntent(.undo, token: token, account: account.id, room: found.roomID, habit: found.habitID, at: now)
            line = found
        }
        let (directory, marked) = (self.directory, line?.entry)
        let outcome: Outcome
        let state: GameState
        do {
            (outcome, state) = try await database.undo(at: now) { [intent] outcome, _ in
                guard let intent, let marked, outcome.entry?.roomToken == intent.token else { return }
                try directory.writeLine(of: intent, entry: marked)
            }
        } catch {
            if let intent { await settle(intent, entry: nil) }
            throw error
        }
        if let intent {
            let undoneHere = outcome.entry?.roomToken == intent.token
            await settle(intent, entry: undoneHere ? line?.entry : nil)
            if undoneHere, let line, let room = try await directory.room(id: line.roomID) {
                let name = (try? await shownName(of: account, in: room)) ?? account.name
                await announce("\(name) took back \(line.entry.habit)", in: room, except: [account.id], at: now)
            }
        }
        return Views.outcome(outcome, state)
    }

    /// Finishes `intent` once the member's transaction is over: `entry` is its line when the member's change
    /// committed, `nil` when it did not (a line written for it is taken back). A directory that refuses leaves
    /// the intent for the next start-up, which settles it the same way from the member's ledger; a full disk is
    /// logged once for the file already, anything else here.
    ///
    /// `news` of a committed change is kept for `listeners` as it is settled (``DirectoryDatabase/finish(_:entry:news:for:)``):
    /// their inbox entries, to take back for those told live.
    @discardableResult
    func settle(_ intent: RoomIntent, entry: RoomLogEntry?, news: InboxItem? = nil, for listeners: [Int64] = []) async -> [Int64: Int64] {
        do {
            return try await directory.finish(intent, entry: entry, news: news, for: listeners)
        } catch is StorageFullError {
        } catch {
            logger.error(
                "a shared completion's room log is settled at the next start", metadata: ["intent": "\(intent.id)", "error": "\(error)"])
        }
        return [:]
    }

    /// Finishes or drops the intents a crash left, by asking each member's own ledger what committed.
    ///
    /// A member's file that can't be opened (damaged, say) keeps its intent for a later start, once the file is
    /// repaired, and so does a full disk: everyone else is served meanwhile.
    func recover() async throws {
        for intent in try await directory.unfinishedIntents() {
            do {
                try await recover(intent)
            } catch let error as StorageFullError {
                // Both sides are as they were: settled at a later start, once there is space.
                logger.error(
                    "a shared completion interrupted by a crash waits for the next start: the disk is full",
                    metadata: ["intent": "\(intent.id)", "file": "\(error.path)"])
            }
        }
    }

    private func recover(_ intent: RoomIntent) async throws {
        guard let account = try await directory.account(id: intent.accountID) else {
            try await directory.finish(intent, entry: nil)
            return
        }
        let entry: RoomLogEntry?
        do {
            entry = try await committedEntry(of: intent, account: account)
        } catch let error as UserFileError {
            logger.error(
                "a shared completion interrupted by a crash waits for a member's file that can't be opened",
                metadata: ["intent": "\(intent.id)", "file": "\(error.path)", "error": "\(error.underlying)"])
            return
        }
        // An item of the room's list got: the room hears of it at its next login (the crash came before it could).
        var news: (event: Event, listeners: [Int64])?
        if intent.todoID != nil, let entry, let room = try await directory.room(id: intent.roomID) {
            news = try await gotNews(of: entry, in: room)
        }
        try await directory.finish(intent, entry: entry, news: news.map { InboxItem($0.event, at: entry?.at ?? .now) }, for: news?.listeners ?? [])
        logger.notice("finished a shared completion interrupted by a crash", metadata: ["intent": "\(intent.id)", "kept": "\(entry != nil)"])
    }

    /// What of `intent` the member's own ledger committed, as the room log's line.
    private func committedEntry(of intent: RoomIntent, account: Account) async throws -> RoomLogEntry? {
        try await users.with(account.fileID) { database in
            switch intent.action {
            case .record:
                guard let committed = try await database.read({ try $0.entry(roomToken: intent.token) }) else { return nil }
                let habit = try await sharedHabits(of: intent.roomID).first { $0.id == intent.habitID }
                    ?? SharedHabit(id: intent.habitID, roomID: intent.roomID, name: committed.subject, kind: committed.kind == .slip ? .bad : .good, xp: 0, coins: 0, life: 0)
                var shown = account.name
                if let room = try await directory.room(id: intent.roomID) { shown = try await shownName(of: account, in: room) }
                return RoomLogEntry(committed, of: habit, by: account.id, shown: shown)
            case .undo:
                guard try await database.read({ try $0.hasEntry(roomToken: intent.token, kind: .undo) }) else { return nil }
                return try await directory.roomLogLine(ref: intent.token)?.entry
            }
        }
    }
}
