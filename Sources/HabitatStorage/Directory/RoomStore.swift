import Foundation
import HabitatEngine
import HabitatHousehold

/// Household rooms, kept by the SQLite directory (``DirectoryDatabase``) and by the PostgreSQL store: rooms and their
/// members, invite codes, shared habits, and the room's log with the intents that carry a member's shared completion
/// into it.
public protocol RoomStore: Sendable {
    /// Creates a room owned by `owner`; `name_taken` if the name exists, in any case (``Room/foldedName(_:)``).
    func createRoom(named name: String, owner: Int64, at now: Date) async throws -> Room
    /// Creates a room owned by `owner` and a first invite code to it, in one transaction: both or neither.
    func createRoomWithInvite(named name: String, owner: Int64, at now: Date) async throws -> (room: Room, invite: String)
    /// The room called `name` in any case, whether or not anyone may see it (callers check membership).
    func room(named name: String) async throws -> Room?
    func room(id: Int64) async throws -> Room?
    /// The rooms `accountID` belongs to, by name.
    func rooms(of accountID: Int64) async throws -> [Room]
    /// The members, in the order they joined.
    func members(of roomID: Int64) async throws -> [Member]
    /// Adds a member directly (a bridge channel's speakers); `limit_reached` when the room is full or they are in
    /// as many rooms as one can be.
    func addMember(_ accountID: Int64, to roomID: Int64, at now: Date) async throws
    /// Removes a member, who is recorded as having left (or been removed) until they join again, and whose unused
    /// invite codes stop working. An owner who leaves hands the room to the longest-standing member, whose id is
    /// returned; the last one out closes the room.
    func removeMember(_ accountID: Int64, from roomID: Int64, removed: Bool, at now: Date) async throws -> Int64?
    /// Whether `accountID` left `roomID` or was removed from it, and has not joined again since.
    func departure(of accountID: Int64, from roomID: Int64) async throws -> Departure?
    /// Makes someone who left a room a member again (not someone who was removed: they need an invite).
    func rejoin(_ accountID: Int64, room roomID: Int64, at now: Date) async throws
    /// A new single-use code for `roomID`; `limit_reached` when the room has as many unused codes as one can have.
    func createInvite(for roomID: Int64, by accountID: Int64, at now: Date) async throws -> String
    /// The room an invite code is for, if the code is unused and unexpired.
    func inviteRoom(_ typed: String, at now: Date) async throws -> Room?
    /// Uses a code to join `roomID`: `true` when the code was valid for that room, unused and unexpired.
    func redeemInvite(_ typed: String, room roomID: Int64, by accountID: Int64, at now: Date) async throws -> Bool
    /// Deletes the invite and link codes that have expired, used or not.
    func deleteExpiredCodes(at now: Date) async throws
    /// Adds a shared habit; `name_taken` if the room has one of that name, `limit_reached` past the most.
    func addSharedHabit(_ draft: HabitDraft, to roomID: Int64) async throws -> SharedHabit
    /// Deletes a shared habit of `roomID` if `ownerID` owns the room: `false` (nothing changed) when they don't.
    func deleteSharedHabit(_ habitID: Int64, of roomID: Int64, byOwner ownerID: Int64) async throws -> Bool
    func sharedHabits(of roomID: Int64) async throws -> [SharedHabit]
    /// Registers a shared completion (or undo) about to be committed in a member's game.
    func beginIntent(
        _ action: RoomIntent.Action, token: String?, account: Int64, room: Int64, habit: Int64, at now: Date
    ) async throws -> RoomIntent
    /// Writes the room log line of an intent, keeping the intent; called inside the member's transaction, before it
    /// commits, on a thread that may wait.
    func writeLine(of intent: RoomIntent, entry: RoomLogEntry) throws
    /// Finishes an intent and drops it, in one transaction (see ``DirectoryDatabase/finish(_:entry:news:for:)``).
    func finish(_ intent: RoomIntent, entry: RoomLogEntry?, news: InboxItem?, for members: [Int64]) async throws -> [Int64: Int64]
    /// The room log line a member's ledger entry is known by, with its room and habit.
    func roomLogLine(ref: String) async throws -> (roomID: Int64, habitID: Int64, entry: RoomLogEntry)?
    /// Intents left by a crash, oldest first.
    func unfinishedIntents() async throws -> [RoomIntent]
    /// Log lines of a room that stand (not undone), newest first; from `since` when given.
    func roomLog(_ roomID: Int64, since: Day?, limit: Int) async throws -> [RoomLogEntry]
}

extension RoomStore {
    /// The member record, or `nil` when `accountID` is not in the room.
    public func membership(of accountID: Int64, in roomID: Int64) async throws -> Member? {
        try await members(of: roomID).first { $0.accountID == accountID }
    }
}

extension DirectoryDatabase: RoomStore {}

extension RoomLogEntry {
    /// A line of a room's log as either store keeps it.
    package init(row: some StoredValues) {
        self.init(
            habitID: row.int64("habit_id") ?? 0, habit: row.text("habit") ?? "", kind: row.text("kind").flatMap(HabitKind.init(rawValue:)) ?? .good,
            accountID: row.int64("account_id") ?? 0, member: row.text("member") ?? "", at: Date(timeIntervalSince1970: row.double("at") ?? 0),
            day: row.day("day") ?? Day(ordinal: 0), quantity: row.int("quantity") ?? 0, xp: row.int("xp") ?? 0, health: row.int("health") ?? 0,
            ref: row.text("ref") ?? "", todoID: row.int64("todo_id"))
    }
}

extension RoomIntent {
    package init(row: some StoredValues) {
        self.init(
            id: row.int64("id") ?? 0, accountID: row.int64("account_id") ?? 0, token: row.text("token") ?? "",
            action: row.text("action").flatMap(RoomIntent.Action.init(rawValue:)) ?? .record, roomID: row.int64("room_id") ?? 0,
            habitID: row.int64("habit_id") ?? 0, todoID: row.int64("todo_id"))
    }
}

extension SharedHabit {
    package init(row: some StoredValues) {
        self.init(
            id: row.int64("id") ?? 0, roomID: row.int64("room_id") ?? 0, name: row.text("name") ?? "",
            kind: row.text("kind").flatMap(HabitKind.init(rawValue:)) ?? .good, xp: row.int("xp") ?? 0, coins: row.int("coins") ?? 0,
            life: row.int("life") ?? 0, area: row.text("area"),
            schedule: Schedule(words: (row.text("schedule") ?? "").split(separator: " ").map(String.init)) ?? .daily,
            rotates: row.bool("rotate") ?? false)
    }
}

/// A household's shared list, kept by either store.
public protocol RoomListStore: Sendable {
    /// Adds an item to a room's list; `name_taken` if an open item of that name is on it, `limit_reached` if the list
    /// holds as many open items as one may.
    func addRoomTodo(
        _ name: String, to roomID: Int64, by accountID: Int64, for assignee: Int64?, created: Day, due: Day?, at now: Date
    ) async throws -> RoomTodo
    /// The room's list: its open items, oldest first, then up to `gotLately` of those got, the latest first.
    func roomTodos(of roomID: Int64, gotLately: Int) async throws -> [RoomTodo]
    /// Takes an item off a room's list: `false` when it is gone already.
    func deleteRoomTodo(_ id: Int64, of roomID: Int64) async throws -> Bool
    /// Claims an item of a room's list for `accountID`, the first to get it (the intent of their getting it is written);
    /// someone who got it first is said instead; an item gone is `unknown_todo`.
    func claimRoomTodo(_ id: Int64, in roomID: Int64, by accountID: Int64, at now: Date) async throws -> RoomTodoClaim
}

/// What rooms post on their own (each day's chores, each week's report), kept by either store.
public protocol RoomPostStore: Sendable {
    /// Sets the room's post of `post.kind` (replacing one it had), first due at `due`; returns it with its id.
    func setRoomPost(_ post: RoomPost, due: Date) async throws -> RoomPost
    /// The room's posts: the chores of the day first.
    func roomPosts(of roomID: Int64) async throws -> [RoomPost]
    /// A post and the day (of its clock) it was last posted for.
    func roomPost(id: Int64) async throws -> (post: RoomPost, postedFor: Int?)?
    /// Stops the room's posts of these kinds; how many there were.
    func removeRoomPosts(of roomID: Int64, kinds: [RoomPost.Kind]) async throws -> Int
    /// Writes down that a post is being made for `day`, due next at `next`, before it is sent; the post waits meanwhile in
    /// the inbox of each of `members`. Returns the inbox entries.
    func roomPosted(_ id: Int64, for day: Int?, next: Date, keeping item: InboxItem?, for members: [Int64]) async throws -> [Int64]
}

extension DirectoryDatabase: RoomListStore, RoomPostStore {}
