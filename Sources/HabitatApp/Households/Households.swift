import Foundation
import HabitatCommands
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import Logging
import NIOConcurrencyHelpers

/// A point inside work written in more than one step, for whoever watches it (``ServerConfiguration/stageReached``):
/// crash-consistency tests stop the server there.
public enum WorkStage: String, Sendable {
    /// A shared completion: the intent and the room log line are written; the member's file has not committed yet.
    case beforeMemberCommit = "before-member-commit"
    /// A shared completion: the member's file committed; the intent is not removed yet.
    case afterMemberCommit = "after-member-commit"
    /// A room's post is written down (and waits in its members' inboxes); it is not sent yet.
    case roomPostWritten = "room-post-written"
}

/// Household rooms: membership (checked on every use), shared habits, the room log, live events.
///
/// A shared completion touches two databases: the member's file and the room log in the directory.
/// It is written as: an intent in the directory; then the member's transaction (carrying the intent's
/// token), inside which the room log line is written, before the member's commit; then the intent's
/// removal. A refusal on either side (a full disk) leaves both as they were. At start-up, each intent
/// left by a crash is finished if the member's ledger has its token, and dropped with any line written
/// for it if not — so neither side is lost or doubled.
final class Households: Sendable {
    let directory: any StorageContract
    let users: any UserGames
    let presence: Presence
    let logger: Logger
    /// Told each ``WorkStage`` a shared completion reaches (tests stop the server there).
    let stage: (@Sendable (WorkStage) -> Void)?
    /// Rooms per account; every membership change goes through this server, which keeps it current.
    /// The accounts used most recently, up to `cached` rooms in all (an account in no room counts as one).
    private let roomsByAccount: NIOLockedValueBox<RecentTable<Int64, [Room]>>
    /// Shared habits per room, which a member's every `did` looks through; they are added only
    /// through this server. `generation` counts additions, so a read that raced one is not kept.
    /// The rooms used most recently, up to `cached` shared habits in all.
    private let sharedHabitsByRoom: NIOLockedValueBox<(generation: Int, table: RecentTable<Int64, [SharedHabit]>)>

    /// How many rooms (and how many shared habits) are kept in memory by default; the rest are read when needed.
    static let cached = 100_000

    init(
        directory: any StorageContract, users: any UserGames, presence: Presence, logger: Logger,
        stage: (@Sendable (WorkStage) -> Void)? = nil,
        cached: Int = Households.cached
    ) {
        self.directory = directory
        self.users = users
        self.presence = presence
        self.logger = logger
        self.stage = stage
        self.roomsByAccount = NIOLockedValueBox(RecentTable(capacity: cached))
        self.sharedHabitsByRoom = NIOLockedValueBox((0, RecentTable(capacity: cached)))
    }

    // MARK: Membership

    func rooms(of accountID: Int64) async throws -> [Room] {
        if let cached = roomsByAccount.withLockedValue({ $0.use(accountID) }) { return cached }
        let rooms = try await directory.rooms(of: accountID)
        roomsByAccount.withLockedValue { $0.set(rooms, for: accountID, weight: rooms.count) }
        return rooms
    }

    /// The rooms of an account, if known without asking the directory.
    func cachedRooms(of accountID: Int64) -> [Room]? {
        roomsByAccount.withLockedValue { $0.use(accountID) }
    }

    /// What the caches hold now: rooms in the accounts' lists, and shared habits.
    var cachedWeights: (rooms: Int, sharedHabits: Int) {
        (roomsByAccount.withLockedValue { $0.weight }, sharedHabitsByRoom.withLockedValue { $0.table.weight })
    }

    func forget(_ accountIDs: [Int64]) {
        roomsByAccount.withLockedValue { table in accountIDs.forEach { table.remove($0) } }
    }

    func sharedHabits(of roomID: Int64) async throws -> [SharedHabit] {
        let (generation, cached) = sharedHabitsByRoom.withLockedValue { ($0.generation, $0.table.use(roomID)) }
        if let cached { return cached }
        let habits = try await directory.sharedHabits(of: roomID)
        sharedHabitsByRoom.withLockedValue { cache in
            if cache.generation == generation { cache.table.set(habits, for: roomID, weight: habits.count) }
        }
        return habits
    }

    /// The room a command is about (``Room/current(among:chosen:)``), if there is one.
    func currentRoom(of account: Account, chosen: Int64?) async throws -> Room? {
        Room.current(among: try await rooms(of: account.id), chosen: chosen)
    }

    /// The room a command is about, or why there is none (``Room/required(among:chosen:)``).
    func requireRoom(of account: Account, chosen: Int64?) async throws -> Room {
        try Room.required(among: try await rooms(of: account.id), chosen: chosen)
    }

    /// The room of `account`'s called `name` (``Room/member(named:among:)``).
    func memberRoom(named name: String, for account: Account) async throws -> Room {
        try Room.member(named: name, among: try await rooms(of: account.id))
    }

    /// `room` and its members as the directory has them now.
    func household(_ room: Room) async throws -> Household {
        Household(room: room, members: try await directory.members(of: room.id))
    }

    /// How everyone in `entries` of the room's log is shown, members and former members alike
    /// (``Household/names(withFormer:)``).
    func names(in household: Household, entries: [RoomLogEntry]) async throws -> [Int64: String] {
        try await names(in: household, accounts: entries.map(\.accountID))
    }

    /// How the `accounts` are shown in the room, members and former members alike.
    func names(in household: Household, accounts: [Int64]) async throws -> [Int64: String] {
        var former: [Member] = []
        for id in Set(accounts).subtracting(household.members.map(\.accountID)).sorted() {
            guard let account = try await directory.account(id: id) else { continue }
            former.append(Member(accountID: id, name: account.name, fileID: account.fileID, isOwner: false))
        }
        return household.names(withFormer: former)
    }

    /// How `account` is shown in `room`.
    func shownName(of account: Account, in room: Room) async throws -> String {
        try await household(room).shownName(of: account.id, or: account.name)
    }

    /// The room of the bridge channel the current request was said in, if any: news it causes is
    /// not posted back to that channel, where its reply already is.
    @TaskLocal static var spokenIn: Int64?

    /// Tells every member but those in `except` (live, or at their next login), and the channel of a
    /// bridge's room unless the news was said in that channel.
    func announce(_ message: String, in room: Room, except: Set<Int64>, at now: Date) async {
        let event = Event(kind: "room", toasts: [Toast(.room, message)], data: ["room": .string(room.displayName)])
        let bridge = room.bridge
        do {
            for member in try await directory.members(of: room.id) where !except.contains(member.accountID) && !Self.readsTheChannel(member, of: room) {
                await tell(event, to: member.accountID, in: room, at: now, readingChannelOf: bridge)
            }
        } catch {
            logger.error("room event not delivered", metadata: ["room": "\(room.displayName)", "error": "\(error)"])
        }
        if Self.spokenIn != room.id { presence.deliverToBridges(event, room: room) }
    }

    /// Whether `member` reads `room`'s news in its chat channel rather than privately: the bridge's own chat users.
    static func readsTheChannel(_ member: Member, of room: Room) -> Bool {
        room.bridge.map { member.name.hasPrefix($0 + ":") } ?? false
    }

    /// Tells one member of news of `room` (live, or at their next login). The change it is news of is made: news
    /// that can't be kept for later (a full disk, said once for the file by ``FullFiles``) is lost, not the change.
    func tell(_ event: Event, to accountID: Int64, in room: Room, at now: Date, readingChannelOf bridge: String? = nil) async {
        do {
            try await presence.deliver(event, to: accountID, at: now, readingChannelOf: bridge)
        } catch is StorageFullError {
        } catch {
            logger.error("room event not delivered", metadata: ["room": "\(room.displayName)", "error": "\(error)"])
        }
    }

    // MARK: Commands

    func create(_ rawName: String, by account: Account, now: Date) async throws -> (Reply, Room) {
        let name = try Room.validName(rawName)
        let (room, code) = try await directory.createRoomWithInvite(named: name, owner: account.id, at: now)
        forget([account.id])
        return (
            Reply(
                .room, "Room \(room.displayName) created — you're its owner. Invite someone with the code \(code): they type 'room join \(room.name.lowercased()) \(code)' (single use, valid 7 days).",
                data: ["room": .string(room.displayName), "invite": .string(code)]),
            room
        )
    }

    func invite(to room: Room, by account: Account, now: Date) async throws -> Reply {
        let code = try await directory.createInvite(for: room.id, by: account.id, at: now)
        return Reply(
            .room, "New invite for \(room.displayName): \(code) — 'room join \(room.name.lowercased()) \(code)' (single use, valid 7 days).",
            data: ["room": .string(room.displayName), "invite": .string(code)])
    }

    /// Joins the room the code opens, if `name` names it (as shown or in full).
    func join(_ name: String, code: String, by account: Account, now: Date) async throws -> (Reply, Room) {
        let refusal = HabitatError(.forbidden, "That code doesn't open a room called \(name). Codes work once and for 7 days; ask for a new one.")
        let mine = try await rooms(of: account.id)
        // The code says which room: with Maison Café among your rooms, a code for Maison Cafe joins Maison Cafe,
        // though the name fits both.
        guard let room = try await directory.inviteRoom(code, at: now), room.isNamed(name) else {
            if let room = Room.named(name, among: mine).first { return (Reply(.room, "You're already in \(room.displayName)."), room) }
            throw refusal
        }
        if mine.contains(where: { $0.id == room.id }) { return (Reply(.room, "You're already in \(room.displayName)."), room) }
        guard try await directory.redeemInvite(code, room: room.id, by: account.id, at: now) else { throw refusal }
        forget([account.id])
        let household = try await self.household(room)
        let names = household.names
        await announce("\(names[account.id] ?? account.name) joined \(room.displayName)", in: room, except: [account.id], at: now)
        let list = household.members.compactMap { names[$0.accountID] }.joined(separator: ", ")
        return (
            Reply(
                .room, "Welcome to \(room.displayName)! \(household.members.count) members: \(list). Try 'room status'.",
                data: ["room": .string(room.displayName)]),
            room
        )
    }

    /// Leaves `room`; an owner who leaves hands it to the longest-standing member, who is told. The others hear of it
    /// by the name the room knows, or as `shownAs` (an account being deleted is "A former member").
    func leave(_ room: Room, by account: Account, shownAs: String? = nil, now: Date) async throws -> Reply {
        let household = try await self.household(room)
        let name = shownAs ?? household.shownName(of: account.id, or: account.name)
        let heir = try await directory.removeMember(account.id, from: room.id, at: now)
        forget([account.id])
        await announce("\(name) left \(room.displayName)", in: room, except: Set([account.id] + [heir].compactMap { $0 }), at: now)
        if let heir {
            let news = "\(name) left \(room.displayName); you're its owner now."
            await tell(Event(kind: "room", toasts: [Toast(.room, news)], data: ["room": .string(room.displayName)]), to: heir, in: room, at: now)
        }
        guard room.bridge != nil, household.members.count > 1 else { return Reply(.room, "You left \(room.displayName).") }
        return Reply(
            .room, "You left \(room.displayName). What you say in \(room.displayName) is now just for you; a room command said there ('room status') makes you a member again.")
    }

    /// Removes the member `typed` names: by full name (`irc:zed`) or as shown in the room; a chat id (`zed`)
    /// that several members have is `ambiguous`.
    func kick(_ typed: String, from room: Room, by account: Account, now: Date) async throws -> Reply {
        let household = try await self.household(room)
        try household.requireOwner(account.id, to: "remove members")
        let member = try household.member(typed)
        guard member.accountID != account.id else {
            throw HabitatError(.invalidArgument, "To leave your own room, type 'room leave'.")
        }
        let name = household.shownName(of: member.accountID, or: member.name)
        try await directory.removeMember(member.accountID, from: room.id, removed: true, at: now)
        forget([member.accountID])
        let notice = "You were removed from \(room.displayName)."
        await tell(Event(kind: "room", toasts: [Toast(.room, notice)], data: ["room": .string(room.displayName)]), to: member.accountID, in: room, at: now)
        await announce("\(name) was removed from \(room.displayName)", in: room, except: [member.accountID, account.id], at: now)
        return Reply(.room, "Removed \(name) from \(room.displayName).")
    }

    /// `rooms`: the rooms `account` is in.
    func list(for account: Account, current: Room?) async throws -> Reply {
        var rows: [(room: Room, members: Int, owner: Bool)] = []
        for room in try await rooms(of: account.id) {
            let household = try await self.household(room)
            rows.append((room, household.members.count, household.isOwner(account.id)))
        }
        return Views.rooms(rows, current: current)
    }

    func addHabit(_ draft: HabitDraft, to room: Room, by account: Account, now: Date) async throws -> Reply {
        let draft = try SharedHabit.checked(draft)
        let habit = try await directory.addSharedHabit(draft, to: room.id)
        forgetSharedHabits(of: room.id)
        var terms = habit.kind == .good ? "+\(habit.xp) XP, \(GameState.coins(habit.coins, signed: true))" : GameState.lifeCost(habit.life)
        if let area = habit.area { terms += ", in each member's \(area)" }
        if habit.schedule != .daily { terms += ", \(habit.schedule.words)" }
        if habit.rotates { terms += ", in turns ('room today' says whose)" }
        let name = try await shownName(of: account, in: room)
        await announce("\(name) added a shared habit: \(habit.name) (\(terms))", in: room, except: [account.id], at: now)
        return Reply(.room, "Added \(habit.name) to \(room.displayName) (\(terms)). Anyone in the room records it with '\(habit.kind == .good ? "did" : "slipped") \(habit.name.lowercased())'.")
    }

    /// The shared habit `query` names in `room`, for its owner to delete; `forbidden` for anyone else.
    func habitToDelete(_ query: String, in room: Room, by account: Account) async throws -> SharedHabit {
        try await requireOwnerToDelete(account, in: room)
        return try await requireSharedHabit(query, in: room)
    }

    /// Refuses anyone but `room`'s owner as the directory has it now: only the owner deletes shared habits.
    private func requireOwnerToDelete(_ account: Account, in room: Room) async throws {
        try await household(room).requireOwner(account.id, to: "delete its shared habits")
    }

    /// Deletes a shared habit of `room` for its owner, and tells the room. Its lines stay in the room's log, and
    /// its completions in each member's history (an undo of one still gives back what it gave).
    func deleteHabit(_ habit: SharedHabit, from room: Room, by account: Account, now: Date) async throws -> Reply {
        try await requireOwnerToDelete(account, in: room)
        guard try await directory.deleteSharedHabit(habit.id, of: room.id, byOwner: account.id) else {
            // The owner changed meanwhile, or the habit is gone already (deleted on another connection).
            try await requireOwnerToDelete(account, in: room)
            forgetSharedHabits(of: room.id)
            throw HabitatError(.unknownHabit, "\(room.displayName) has no shared habit \(habit.name) any more.")
        }
        forgetSharedHabits(of: room.id)
        let name = try await shownName(of: account, in: room)
        await announce("\(name) deleted a shared habit: \(habit.name)", in: room, except: [account.id], at: now)
        return Reply(
            .room, "Deleted \(habit.name) from \(room.displayName). Its past entries stay in the room's log and in everyone's history.")
    }

    /// Drops the shared habits kept in memory for `roomID`, after a change: a read that raced it is not kept.
    func forgetSharedHabits(of roomID: Int64) {
        sharedHabitsByRoom.withLockedValue { cache in
            cache.generation += 1
            cache.table.remove(roomID)
        }
    }
}
