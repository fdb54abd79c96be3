import Foundation
import HabitatCommands
import HabitatEngine
import HabitatStorage
import Logging
import Synchronization

/// Where a test may make the server die in the middle of a shared completion.
public enum CrashPoint: String, Sendable {
    /// After the intent and the room log line are written, before the member's file commits.
    case beforeMemberCommit = "before-member-commit"
    /// After the member's file commits, before the intent is removed.
    case afterMemberCommit = "after-member-commit"
}

/// Household rooms: membership (checked on every use), shared habits, the room log, live events.
///
/// A shared completion touches two databases: the member's file and the room log in the directory.
/// It is written as: an intent in the directory; then the member's transaction (carrying the intent's
/// token), inside which the room log line is written, before the member's commit; then the intent's
/// removal. A refusal on either side (a full disk) leaves both as they were. At start-up, each intent
/// left by a crash is finished if the member's ledger has its token, and dropped with any line written
/// for it if not — so neither side is lost or doubled.
final class Household: Sendable {
    let directory: DirectoryDatabase
    let users: UserDatabases
    let hub: Hub
    let logger: Logger
    let crashPoint: CrashPoint?
    /// Rooms per account; every membership change goes through this server, which keeps it current.
    /// The accounts used most recently, up to `cached` rooms in all (an account in no room counts as one).
    private let roomsByAccount: Mutex<RecentTable<Int64, [Room]>>
    /// Shared habits per room, which a member's every `did` looks through; they are added only
    /// through this server. `generation` counts additions, so a read that raced one is not kept.
    /// The rooms used most recently, up to `cached` shared habits in all.
    private let sharedHabitsByRoom: Mutex<(generation: Int, table: RecentTable<Int64, [SharedHabit]>)>

    /// How many rooms (and how many shared habits) are kept in memory by default; the rest are read when needed.
    static let cached = 100_000

    init(
        directory: DirectoryDatabase, users: UserDatabases, hub: Hub, logger: Logger, crashPoint: CrashPoint?,
        cached: Int = Household.cached
    ) {
        self.directory = directory
        self.users = users
        self.hub = hub
        self.logger = logger
        self.crashPoint = crashPoint
        self.roomsByAccount = Mutex(RecentTable(capacity: cached))
        self.sharedHabitsByRoom = Mutex((0, RecentTable(capacity: cached)))
    }

    // MARK: Membership

    func rooms(of accountID: Int64) async throws -> [Room] {
        if let cached = roomsByAccount.withLock({ $0.use(accountID) }) { return cached }
        let rooms = try await directory.rooms(of: accountID)
        roomsByAccount.withLock { $0.set(rooms, for: accountID, weight: rooms.count) }
        return rooms
    }

    /// The rooms of an account, if known without asking the directory.
    func cachedRooms(of accountID: Int64) -> [Room]? {
        roomsByAccount.withLock { $0.use(accountID) }
    }

    /// What the caches hold now: rooms in the accounts' lists, and shared habits.
    var cachedWeights: (rooms: Int, sharedHabits: Int) {
        (roomsByAccount.withLock { $0.weight }, sharedHabitsByRoom.withLock { $0.table.weight })
    }

    func forget(_ accountIDs: [Int64]) {
        roomsByAccount.withLock { table in accountIDs.forEach { table.remove($0) } }
    }

    func sharedHabits(of roomID: Int64) async throws -> [SharedHabit] {
        let (generation, cached) = sharedHabitsByRoom.withLock { ($0.generation, $0.table.use(roomID)) }
        if let cached { return cached }
        let habits = try await directory.sharedHabits(of: roomID)
        sharedHabitsByRoom.withLock { cache in
            if cache.generation == generation { cache.table.set(habits, for: roomID, weight: habits.count) }
        }
        return habits
    }

    /// The room a command is about: the one chosen with `room use` (if still a member), else the only one.
    func currentRoom(of account: Account, chosen: Int64?) async throws -> Room? {
        let rooms = try await rooms(of: account.id)
        if let chosen, let room = rooms.first(where: { $0.id == chosen }) { return room }
        return rooms.count == 1 ? rooms[0] : nil
    }

    func requireRoom(of account: Account, chosen: Int64?) async throws -> Room {
        if let room = try await currentRoom(of: account, chosen: chosen) { return room }
        let rooms = try await rooms(of: account.id)
        if rooms.isEmpty {
            throw HabitatError(.notFound, "You're not in a room yet. Start one with 'room create <name>', or join with 'room join <name> <code>'.")
        }
        throw HabitatError(.invalidArgument, "You're in \(rooms.count) rooms; choose one with 'room use <name>' (\(GameState.either(rooms.map(\.displayName)))).")
    }

    /// The room called `name` (as shown, `#smiths`, or in full, `irc:#smiths`; any case, accents forgiven) if
    /// `account` is a member; `forbidden` otherwise, whether or not it exists.
    func memberRoom(named name: String, for account: Account) async throws -> Room {
        let rooms = Room.named(name, among: try await rooms(of: account.id))
        guard rooms.count < 2 else {
            throw HabitatError(.ambiguous, "'\(name)' could be \(GameState.either(rooms.map(\.name))); say which.", symbol: .question)
        }
        guard let room = rooms.first else { throw HabitatError(.forbidden, "You're not a member of a room called \(name).") }
        return room
    }

    /// The members of `room`, and how each is shown there (``Swift/Array/shownNames(in:)``).
    func members(of room: Room) async throws -> (members: [Member], names: [Int64: String]) {
        let members = try await directory.members(of: room.id)
        return (members, members.shownNames(in: room))
    }

    /// How everyone in `entries` of the room's log is shown, members and former members alike: former
    /// members count when telling people apart, so two people never read as one in the log.
    func names(in room: Room, members: [Member], entries: [RoomLogEntry]) async throws -> [Int64: String] {
        var everyone = members
        for id in Set(entries.map(\.accountID)).subtracting(members.map(\.accountID)).sorted() {
            guard let account = try await directory.account(id: id) else { continue }
            everyone.append(Member(accountID: id, name: account.name, fileID: account.fileID, isOwner: false))
        }
        return everyone.shownNames(in: room)
    }

    /// How `account` is shown in `room`.
    func shownName(of account: Account, in room: Room) async throws -> String {
        try await members(of: room).names[account.id] ?? account.name
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
            for member in try await directory.members(of: room.id) where !except.contains(member.accountID) {
                // The bridge's own chat users, and accounts linked to them, read the channel instead.
                if let bridge, member.name.hasPrefix(bridge + ":") { continue }
                await tell(event, to: member.accountID, in: room, at: now, readingChannelOf: bridge)
            }
        } catch {
            logger.error("room event not delivered", metadata: ["room": "\(room.displayName)", "error": "\(error)"])
        }
        if Self.spokenIn != room.id { hub.deliverToBridges(event, room: room) }
    }

    /// Tells one member of news of `room` (live, or at their next login). The change it is news of is made: news
    /// that can't be kept for later (a full disk, said once for the file by ``FullFiles``) is lost, not the change.
    func tell(_ event: Event, to accountID: Int64, in room: Room, at now: Date, readingChannelOf bridge: String? = nil) async {
        do {
            try await hub.deliver(event, to: accountID, at: now, readingChannelOf: bridge)
        } catch is StorageFullError {
        } catch {
            logger.error("room event not delivered", metadata: ["room": "\(room.displayName)", "error": "\(error)"])
        }
    }

    static func validRoomName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "_- ".unicodeScalars.contains($0) }
        guard (2...32).contains(name.count), allowed, !name.contains(":") else {
            throw HabitatError(.invalidName, "Room names are 2–32 letters, digits, spaces, _ or -.")
        }
        return name
    }

    // MARK: Commands

    func create(_ rawName: String, by account: Account, now: Date) async throws -> (Reply, Room) {
        let name = try Self.validRoomName(rawName)
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
        let (members, names) = try await self.members(of: room)
        await announce("\(names[account.id] ?? account.name) joined \(room.displayName)", in: room, except: [account.id], at: now)
        let list = members.compactMap { names[$0.accountID] }.joined(separator: ", ")
        return (
            Reply(.room, "Welcome to \(room.displayName)! \(members.count) members: \(list). Try 'room status'.", data: ["room": .string(room.displayName)]),
            room
        )
    }

    /// Leaves `room`; an owner who leaves hands it to the longest-standing member, who is told.
    func leave(_ room: Room, by account: Account, now: Date) async throws -> Reply {
        let (members, names) = try await self.members(of: room)
        let name = names[account.id] ?? account.name
        let heir = try await directory.removeMember(account.id, from: room.id, at: now)
        forget([account.id])
        await announce("\(name) left \(room.displayName)", in: room, except: Set([account.id] + [heir].compactMap { $0 }), at: now)
        if let heir {
            let news = "\(name) left \(room.displayName); you're its owner now."
            await tell(Event(kind: "room", toasts: [Toast(.room, news)], data: ["room": .string(room.displayName)]), to: heir, in: room, at: now)
        }
        guard room.bridge != nil, members.count > 1 else { return Reply(.room, "You left \(room.displayName).") }
        return Reply(
            .room, "You left \(room.displayName). What you say in \(room.displayName) is now just for you; a room command said there ('room status') makes you a member again.")
    }

    /// Removes the member `typed` names: by full name (`irc:zed`) or as shown in the room; a chat id (`zed`)
    /// that several members have is `ambiguous`.
    func kick(_ typed: String, from room: Room, by account: Account, now: Date) async throws -> Reply {
        let (members, names) = try await self.members(of: room)
        try Self.requireOwner(account, among: members, of: room, to: "remove members")
        let member = try Self.member(typed, among: members, names: names, in: room)
        guard member.accountID != account.id else {
            throw HabitatError(.invalidArgument, "To leave your own room, type 'room leave'.")
        }
        let name = names[member.accountID] ?? member.name
        try await directory.removeMember(member.accountID, from: room.id, removed: true, at: now)
        forget([member.accountID])
        let notice = "You were removed from \(room.displayName)."
        await tell(Event(kind: "room", toasts: [Toast(.room, notice)], data: ["room": .string(room.displayName)]), to: member.accountID, in: room, at: now)
        await announce("\(name) was removed from \(room.displayName)", in: room, except: [member.accountID, account.id], at: now)
        return Reply(.room, "Removed \(name) from \(room.displayName).")
    }

    /// Refuses someone who isn't `room`'s owner (`forbidden`), saying what only the owner can do.
    static func requireOwner(_ account: Account, among members: [Member], of room: Room, to what: String) throws {
        guard members.first(where: { $0.accountID == account.id })?.isOwner == true else {
            throw HabitatError(.forbidden, "Only the owner of \(room.displayName) can \(what).")
        }
    }

    /// The member `typed` names: by full name or as shown (each names one member), else by chat id alone.
    static func member(_ typed: String, among members: [Member], names: [Int64: String], in room: Room) throws -> Member {
        let key = typed.lowercased()
        if let member = members.first(where: { $0.name == key || names[$0.accountID]?.lowercased() == key }) { return member }
        let byChatID = members.filter { chatName($0.name) == key }
        guard byChatID.count < 2 else {
            let choices = byChatID.compactMap { names[$0.accountID] }.sorted()
            throw HabitatError(
                .ambiguous, "'\(typed)' could be \(GameState.either(choices)) in \(room.displayName). Say 'room kick \(choices[0])'.",
                symbol: .question)
        }
        guard let member = byChatID.first else { throw HabitatError(.notFound, "\(typed) isn't in \(room.displayName).") }
        return member
    }

    func list(for account: Account, current: Room?) async throws -> Reply {
        let rooms = try await rooms(of: account.id)
        var rows: [(String, JSON)] = []
        for room in rooms {
            let members = try await directory.members(of: room.id)
            let owner = members.first { $0.accountID == account.id }?.isOwner == true
            let line = "\(room.displayName): \(Views.plural(members.count, "member"))\(owner ? " · you own it" : "")\(room.id == current?.id ? " · current" : "")"
            rows.append((line, ["name": .string(room.displayName), "members": .int(members.count), "owner": .bool(owner), "current": .bool(room.id == current?.id)]))
        }
        let data: JSON = ["rooms": .array(rows.map(\.1))]
        guard !rows.isEmpty else {
            return Reply(.info, "You're not in a room yet. Start one with 'room create <name>'.", data: data)
        }
        return Reply(.room, "Your rooms (\(rows.count))", details: rows.map(\.0), data: data)
    }

    func addHabit(_ draft: HabitDraft, to room: Room, by account: Account, now: Date) async throws -> Reply {
        var draft = try GameState.checked(draft)
        // The area is every member's own, by name, and the room is told it: it follows an area's name rules.
        draft.area = try draft.area.map(GameState.validAreaName)
        let habit = try await directory.addSharedHabit(draft, to: room.id)
        forgetSharedHabits(of: room.id)
        var terms = habit.kind == .good ? "+\(habit.xp) XP, \(GameState.coins(habit.coins, signed: true))" : GameState.lifeCost(habit.life)
        if let area = habit.area { terms += ", in each member's \(area)" }
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
        try Self.requireOwner(account, among: try await directory.members(of: room.id), of: room, to: "delete its shared habits")
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
        sharedHabitsByRoom.withLock { cache in
            cache.generation += 1
            cache.table.remove(roomID)
        }
    }

    // MARK: Shared completions

    /// The shared habit `query` names in `room`, if one does (exact name or unique prefix).
    func sharedHabit(_ query: String, in room: Room) async throws -> NameMatch<SharedHabit> {
        NameMatch.resolve(query, among: try await sharedHabits(of: room.id), name: \.name)
    }

    /// The shared habit `query` names in `room`; `ambiguous` or `unknown_habit` (with a suggestion) otherwise.
    func requireSharedHabit(_ query: String, in room: Room) async throws -> SharedHabit {
        switch try await sharedHabit(query, in: room) {
        case .found(let habit):
            return habit
        case .ambiguous(let hits):
            throw HabitatError(
                .ambiguous, "'\(query)' could be \(GameState.either(hits.map(\.name))) in \(room.displayName). Type more of the name.",
                symbol: .question)
        case .none(let suggestion):
            let hint = suggestion.map { " Did you mean '\($0.name)'?" } ?? ""
            throw HabitatError(.unknownHabit, "\(room.displayName) has no shared habit '\(query)'.\(hint)", symbol: .question)
        }
    }

    /// Records a shared habit for `account` with the intent protocol, then tells the room.
    ///
    /// The room log line is written inside the member's transaction, before it commits: a directory that
    /// refuses it (a full disk) leaves the member's file unchanged too, and a member's commit that fails
    /// after it takes it back. Either way the member is told nothing was changed, and nothing was.
    func record(
        _ habit: SharedHabit, in room: Room, recording: Recording, for account: Account, on database: UserDatabase, now: Date
    ) async throws -> Reply {
        let name = try await shownName(of: account, in: room)
        let intent = try await directory.beginIntent(.record, account: account.id, room: room.id, habit: habit.id, at: now)
        let shared = SharedRecording(
            habit: habit.name, kind: habit.kind, xp: habit.xp, coins: habit.coins, life: habit.life, room: room.displayName,
            token: intent.token, times: recording.times, note: recording.note, area: habit.area, slipped: recording.slipped,
            when: recording.when, timeOfDay: recording.timeOfDay)
        let (directory, crashPoint) = (self.directory, self.crashPoint)
        let outcome: Outcome
        let state: GameState
        do {
            (outcome, state) = try await database.apply(.recordShared(shared), at: now) { outcome, _ in
                guard let entry = outcome.entry else { return }
                try directory.writeLine(of: intent, entry: Self.logEntry(entry, habit: habit, account: account, shown: name))
                if crashPoint == .beforeMemberCommit { Self.crash() }
            }
        } catch {
            await settle(intent, entry: nil)
            throw error
        }
        if crashPoint == .afterMemberCommit { Self.crash() }
        let line = outcome.entry.map { Self.logEntry($0, habit: habit, account: account, shown: name) }
        await settle(intent, entry: line)
        if let entry = outcome.entry, let line {
            // A day gone by is named, so no one takes it for today's.
            let day = entry.day == state.settings.day(of: now) ? nil : entry.day
            let what = Self.what(habit.name, kind: habit.kind, xp: line.xp, health: line.health, day: day)
            // The room hears what the member was told: the slip's cost, and the game over it caused.
            let gameOver = outcome.toasts.contains { $0.symbol == .gameOver } ? " — game over" : ""
            await announce("\(name) \(what)\(gameOver)", in: room, except: [account.id], at: now)
        }
        return Views.outcome(outcome, state)
    }

    /// Undo for a user whose latest action may be a shared completion: keeps the room log in step.
    func undo(for account: Account, on database: UserDatabase, now: Date) async throws -> Reply {
        // Most actions are personal: undone in one transaction, with nothing for a room to hear.
        if let (outcome, state) = try await database.undoUnlessShared(at: now) { return Views.outcome(outcome, state) }
        return try await undoShared(for: account, on: database, now: now)
    }

    /// Undo of an action that may be a shared completion, with the intent protocol that keeps the room log in step:
    /// the line is marked undone inside the member's transaction, as a completion's line is written.
    func undoShared(for account: Account, on database: UserDatabase, now: Date) async throws -> Reply {
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
    func settle(_ intent: RoomIntent, entry: RoomLogEntry?) async {
        do {
            try await directory.finish(intent, entry: entry)
        } catch is StorageFullError {
        } catch {
            logger.error(
                "a shared completion's room log is settled at the next start", metadata: ["intent": "\(intent.id)", "error": "\(error)"])
        }
    }

    /// The room log line of a member's ledger entry; `shown` is how the member is shown in the room (kept for
    /// when they are no longer a member). A slip is logged at its cost, as the member's toast says it, even
    /// when it ended their game with less life left to lose (their ledger keeps what was lost, for undo).
    static func logEntry(_ entry: LedgerEntry, habit: SharedHabit, account: Account, shown: String) -> RoomLogEntry {
        let health = habit.kind == .bad ? min(entry.health, -habit.life * entry.quantity) : entry.health
        return RoomLogEntry(
            habitID: habit.id, habit: habit.name, kind: habit.kind, accountID: account.id, member: shown, at: entry.at,
            day: entry.day, quantity: entry.quantity, xp: entry.xp, health: health, ref: entry.roomToken ?? "")
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
        try await directory.finish(intent, entry: entry)
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
                return Self.logEntry(committed, habit: habit, account: account, shown: shown)
            case .undo:
                guard try await database.read({ try $0.hasEntry(roomToken: intent.token, kind: .undo) }) else { return nil }
                return try await directory.roomLogLine(ref: intent.token)?.entry
            }
        }
    }

    static func crash() -> Never {
        kill(getpid(), SIGKILL)
        fatalError("unreachable")
    }
}
