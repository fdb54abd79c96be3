import Foundation
import HabitatEngine
import HabitatHousehold

/// Everything but users' games that the application keeps, as one contract: the SQLite directory
/// (``DirectoryDatabase``) and the PostgreSQL store both keep it, and the application speaks to it alone.
public typealias StorageContract = AccountStore & AccountAdminStore & BridgeStore & DueStore & TimerStore & InboxStore
    & ReminderStore & RoomStore & RoomListStore & RoomPostStore

// The contract's usual questions, written once for either store.

extension DueStore {
    /// What is due by `now`, soonest first, a thousand at most.
    public func due(at now: Date) async throws -> [DueEntry] { try await due(at: now, limit: 1000) }

    public func due(after position: DueEntry?, from start: Date, through horizon: Date) async throws -> [DueEntry] {
        try await due(after: position, from: start, through: horizon, limit: 1000)
    }

    /// Sets when `subject` of `kind` is next due, or (`nil`) takes it out of the index.
    public func setDue(_ kind: DueEntry.Kind, _ subject: Int64, at due: Date?) async throws {
        try await setDue([(kind, subject, due)])
    }
}

extension RoomStore {
    /// Removes a member who left (see ``removeMember(_:from:removed:at:)``).
    @discardableResult
    public func removeMember(_ accountID: Int64, from roomID: Int64, at now: Date) async throws -> Int64? {
        try await removeMember(accountID, from: roomID, removed: false, at: now)
    }

    /// Finishes an intent with no news to keep.
    @discardableResult
    public func finish(_ intent: RoomIntent, entry: RoomLogEntry?) async throws -> [Int64: Int64] {
        try await finish(intent, entry: entry, news: nil, for: [])
    }

    /// The room's log, the latest thousand lines that stand.
    public func roomLog(_ roomID: Int64, since: Day? = nil) async throws -> [RoomLogEntry] {
        try await roomLog(roomID, since: since, limit: 1000)
    }

    /// Registers a shared completion about to be committed, with a fresh token.
    public func beginIntent(
        _ action: RoomIntent.Action, account: Int64, room: Int64, habit: Int64, at now: Date
    ) async throws -> RoomIntent {
        try await beginIntent(action, token: nil, account: account, room: room, habit: habit, at: now)
    }
}

extension RoomListStore {
    /// The room's list, with the five got latest.
    public func roomTodos(of roomID: Int64) async throws -> [RoomTodo] { try await roomTodos(of: roomID, gotLately: 5) }
}

extension RoomPostStore {
    /// Writes down that a post is due next at `next`, with nothing kept meanwhile.
    @discardableResult
    public func roomPosted(_ id: Int64, for day: Int?, next: Date) async throws -> [Int64] {
        try await roomPosted(id, for: day, next: next, keeping: nil, for: [])
    }
}
