import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// A shared completion (or its undo) on its way from a member's file to the room log.
public struct RoomIntent: Sendable, Equatable {
    public enum Action: String, Sendable { case record, undo }
    public var id: Int64
    public var accountID: Int64
    /// Also written into the member's ledger entry, so recovery can tell whether it committed.
    public var token: String
    public var action: Action
    public var roomID: Int64
    public var habitID: Int64
    /// The item of the room's list being got (``RoomTodo``), for a record of one.
    public var todoID: Int64? = nil

    public init(id: Int64, accountID: Int64, token: String, action: Action, roomID: Int64, habitID: Int64, todoID: Int64? = nil) {
        (self.id, self.accountID, self.token, self.action, self.roomID, self.habitID, self.todoID) = (id, accountID, token, action, roomID, habitID, todoID)
    }
}

// MARK: - Rooms and members

extension DirectoryDatabase {
    /// Creates a room owned by `owner`; `name_taken` if the name exists, in any case (``Room/foldedName(_:)``).
    public func createRoom(named name: String, owner: Int64, at now: Date) async throws -> Room {
        try await write { db in
            try checkRoomCount(of: owner, in: db)
            return try Self.insertRoom(named: name, owner: owner, at: now, in: db)
        }
    }

    /// Creates a room owned by `owner` and a first invite code to it, in one transaction: both or neither.
    public func createRoomWithInvite(named name: String, owner: Int64, at now: Date) async throws -> (room: Room, invite: String) {
        let code = InviteCode.make()
        return try await write { db in
            try checkRoomCount(of: owner, in: db)
            let room = try Self.insertRoom(named: name, owner: owner, at: now, in: db)
            try insertInvite(code, for: room.id, by: owner, at: now, in: db)
            return (room, code)
        }
    }

    static func insertRoom(named name: String, owner: Int64, at now: Date, in db: Database) throws -> Room {
        if try Self.room(named: name, in: db) != nil {
            throw Room.nameTaken(name)
        }
        try db.execute(
            sql: "INSERT INTO room (name, folded_name, created_at) VALUES (?, ?, ?)",
            arguments: [name, Room.foldedName(name), now.timeIntervalSince1970])
        let room = Room(id: db.lastInsertedRowID, name: name)
        try db.execute(
            sql: "INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (?, ?, 'owner', ?)",
            arguments: [room.id, owner, now.timeIntervalSince1970])
        return room
    }

    /// The room called `name` in any case, whether or not anyone may see it (callers check membership).
    public func room(named name: String) async throws -> Room? {
        try await writer.read { db in try Self.room(named: name, in: db) }
    }

    /// The room called `name`: the one of that very name (up to ASCII case), else the one whose folded name is
    /// `name`'s. Two rooms that share a folded name (made before names were folded, see the `v3` migration)
    /// are each found by their own name.
    static func room(named name: String, in db: Database) throws -> Room? {
        func room(_ row: Row) -> Room { Room(id: row["id"], name: row["name"]) }
        if let row = try Row.fetchOne(db, sql: "SELECT id, name FROM room WHERE name = ?", arguments: [name]) { return room(row) }
        let folded = Room.foldedName(name)
        if let row = try Row.fetchOne(db, sql: "SELECT id, name FROM room WHERE folded_name = ?", arguments: [folded]) {
            return room(row)
        }
        // The later of two such rooms keeps no folded name; it is found here once the earlier one is gone.
        return try Row.fetchAll(db, sql: "SELECT id, name FROM room WHERE folded_name IS NULL ORDER BY id").map(room)
            .first { Room.foldedName($0.name) == folded }
    }

    public func room(id: Int64) async throws -> Room? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name FROM room WHERE id = ?", arguments: [id]).map { Room(id: $0["id"], name: $0["name"]) }
        }
    }

    /// The rooms `accountID` belongs to, by name.
    public func rooms(of accountID: Int64) async throws -> [Room] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT r.id, r.name FROM room r JOIN membership m ON m.room_id = r.id WHERE m.account_id = ? ORDER BY r.name",
                arguments: [accountID]
            ).map { Room(id: $0["id"], name: $0["name"]) }
        }
    }

    public func members(of roomID: Int64) async throws -> [Member] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.id, a.name, a.file_id, m.role FROM membership m JOIN account a ON a.id = m.account_id
                    WHERE m.room_id = ? ORDER BY m.joined_at, a.name
                    """,
                arguments: [roomID]
            ).map { Member(accountID: $0["id"], name: $0["name"], fileID: $0["file_id"], isOwner: ($0["role"] as String) == "owner") }
        }
    }

    /// Adds a member directly (a bridge channel's speakers); `limit_reached` when the room is full or they are in
    /// as many rooms as one can be.
    public func addMember(_ accountID: Int64, to roomID: Int64, at now: Date) async throws {
        try await write { db in
            try checkAdmission(of: accountID, to: roomID, in: db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO membership (room_id, account_id, role, joined_at) VALUES (?, ?, 'member', ?)",
                arguments: [roomID, accountID, now.timeIntervalSince1970])
        }
    }

    /// Removes a member, who is recorded as having left (or been removed) until they join again, and whose
    /// unused invite codes stop working. An owner who leaves hands the room to the longest-standing member,
    /// whose id is returned; the last one out closes the room.
    @discardableResult
    public func removeMember(_ accountID: Int64, from roomID: Int64, removed: Bool, at now: Date) async throws -> Int64? {
        try await write { db in
            let wasOwner = try String.fetchOne(
                db, sql: "SELECT role FROM membership WHERE room_id = ? AND account_id = ?", arguments: [roomID, accountID]) == "owner"
            try db.execute(sql: "DELETE FROM membership WHERE room_id = ? AND account_id = ?", arguments: [roomID, accountID])
            try db.execute(
                sql: "DELETE FROM invite WHERE room_id = ? AND created_by = ? AND used_by IS NULL", arguments: [roomID, accountID])
            let left = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM membership WHERE room_id = ?", arguments: [roomID]) ?? 0
            if left == 0 {
                try db.execute(sql: "DELETE FROM room WHERE id = ?", arguments: [roomID])
                return nil
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO room_departure (room_id, account_id, removed, at) VALUES (?, ?, ?, ?)",
                arguments: [roomID, accountID, removed, now.timeIntervalSince1970])
            guard wasOwner else { return nil }
            let heir = try Int64.fetchOne(
                db, sql: "SELECT account_id FROM membership WHERE room_id = ? ORDER BY joined_at, rowid LIMIT 1", arguments: [roomID])
            try db.execute(
                sql: "UPDATE membership SET role = 'owner' WHERE room_id = ? AND account_id = ?", arguments: [roomID, heir])
            return heir
        }
    }

    /// Whether `accountID` left `roomID` or was removed from it, and has not joined again since.
    public func departure(of accountID: Int64, from roomID: Int64) async throws -> Departure? {
        try await writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT removed FROM room_departure WHERE room_id = ? AND account_id = ?", arguments: [roomID, accountID]
            ).map { $0 ? Departure.removed : Departure.left }
        }
    }

    /// Makes someone who left a room a member again (not someone who was removed: they need an invite);
    /// `limit_reached` when the room is full or they are in as many rooms as one can be.
    public func rejoin(_ accountID: Int64, room roomID: Int64, at now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM room_departure WHERE room_id = ? AND account_id = ? AND removed = 0", arguments: [roomID, accountID])
            guard db.changesCount > 0 else { return }
            try checkAdmission(of: accountID, to: roomID, in: db)
            try db.execute(
                sql: "INSERT OR IGNORE INTO membership (room_id, account_id, role, joined_at) VALUES (?, ?, 'member', ?)",
                arguments: [roomID, accountID, now.timeIntervalSince1970])
        }
    }
}

// MARK: - Limits

extension DirectoryDatabase {
    /// Refuses to make `accountID` a member of one more room when they are in as many as one can be. Called in the
    /// transaction that would add them, so two joins at once can't both pass.
    func checkRoomCount(of accountID: Int64, in db: Database) throws {
        try limits.checkRooms(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM membership WHERE account_id = ?", arguments: [accountID]) ?? 0)
    }

    /// Refuses a new member of `roomID` when the room is full, or `accountID` in as many rooms as one can be; a
    /// member already is never refused.
    func checkAdmission(of accountID: Int64, to roomID: Int64, in db: Database) throws {
        let member = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM membership WHERE room_id = ? AND account_id = ?)", arguments: [roomID, accountID])
        guard member != true else { return }
        try checkRoomCount(of: accountID, in: db)
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM membership WHERE room_id = ?", arguments: [roomID]) ?? 0
        try limits.checkMembers(count, in: try Self.roomName(roomID, in: db))
    }

    /// The full name of `roomID`, for a refusal that names it.
    static func roomName(_ roomID: Int64, in db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT name FROM room WHERE id = ?", arguments: [roomID]) ?? "The room"
    }
}

// MARK: - Invites

extension DirectoryDatabase {
    /// A new single-use code for `roomID`, like `K7P-2QX` (no 0/O or 1/I to misread). Expired codes go meanwhile.
    /// `limit_reached` when the room has as many unused, unexpired codes as one can have.
    public func createInvite(for roomID: Int64, by accountID: Int64, at now: Date) async throws -> String {
        let code = InviteCode.make()
        try await write { db in try insertInvite(code, for: roomID, by: accountID, at: now, in: db) }
        return code
    }

    /// Inserts an invite code, after deleting the expired ones; refused when the room has as many unused codes as
    /// one can have. Counted in the transaction that adds the code, so two `room invite`s at once can't pass it.
    func insertInvite(_ code: String, for roomID: Int64, by accountID: Int64, at now: Date, in db: Database) throws {
        try Self.deleteExpiredCodes(in: db, at: now)
        let unused = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM invite WHERE room_id = ? AND used_by IS NULL", arguments: [roomID]) ?? 0
        try limits.checkInvites(unused, in: try Self.roomName(roomID, in: db))
        try db.execute(
            sql: "INSERT INTO invite (code, room_id, created_by, expires_at) VALUES (?, ?, ?, ?)",
            arguments: [code, roomID, accountID, now.addingTimeInterval(InviteCode.lifetime).timeIntervalSince1970])
    }

    /// The room an invite code is for, if the code is unused and unexpired (callers check the name typed with it).
    public func inviteRoom(_ typed: String, at now: Date) async throws -> Room? {
        try await writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT r.id, r.name FROM invite i JOIN room r ON r.id = i.room_id
                    WHERE i.code = ? AND i.used_by IS NULL AND i.expires_at > ?
                    """,
                arguments: [InviteCode.normalized(typed), now.timeIntervalSince1970]
            ).map { Room(id: $0["id"], name: $0["name"]) }
        }
    }

    /// Uses a code to join `roomID`: `true` when the code was valid for that room, unused and unexpired. A room that
    /// is full, or a joiner in as many rooms as one can be, is `limit_reached`, and the code stays unused.
    public func redeemInvite(_ typed: String, room roomID: Int64, by accountID: Int64, at now: Date) async throws -> Bool {
        let code = InviteCode.normalized(typed)
        return try await write { db in
            guard
                let row = try Row.fetchOne(db, sql: "SELECT room_id, expires_at, used_by FROM invite WHERE code = ?", arguments: [code]),
                (row["room_id"] as Int64) == roomID, (row["used_by"] as Int64?) == nil,
                (row["expires_at"] as Double) > now.timeIntervalSince1970
            else { return false }
            try checkAdmission(of: accountID, to: roomID, in: db)
            try db.execute(sql: "UPDATE invite SET used_by = ? WHERE code = ?", arguments: [accountID, code])
            try db.execute(sql: "DELETE FROM room_departure WHERE room_id = ? AND account_id = ?", arguments: [roomID, accountID])
            try db.execute(
                sql: "INSERT OR IGNORE INTO membership (room_id, account_id, role, joined_at) VALUES (?, ?, 'member', ?)",
                arguments: [roomID, accountID, now.timeIntervalSince1970])
            return true
        }
    }
}

extension DirectoryDatabase {
    /// Deletes the invite and link codes that have expired, used or not: they open nothing any more.
    public func deleteExpiredCodes(at now: Date) async throws {
        try await write { db in try Self.deleteExpiredCodes(in: db, at: now) }
    }

    static func deleteExpiredCodes(in db: Database, at now: Date) throws {
        try db.execute(sql: "DELETE FROM invite WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
        try db.execute(sql: "DELETE FROM link_code WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
    }
}

// MARK: - Shared habits and the room log

extension DirectoryDatabase {
    /// Adds a shared habit; `name_taken` if the room has one of that name, `limit_reached` if it has as many as a
    /// room can have.
    public func addSharedHabit(_ draft: HabitDraft, to roomID: Int64) async throws -> SharedHabit {
        try await write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM room_habit WHERE room_id = ?", arguments: [roomID]) ?? 0
            try limits.checkSharedHabits(count, in: try Self.roomName(roomID, in: db))
            if try Row.fetchOne(db, sql: "SELECT 1 FROM room_habit WHERE room_id = ? AND name = ?", arguments: [roomID, draft.name]) != nil {
                throw SharedHabit.nameTaken(draft.name)
            }
            let habit = SharedHabit(draft: draft, roomID: roomID)
            try db.execute(
                sql: "INSERT INTO room_habit (room_id, name, kind, xp, coins, life, area, schedule, rotate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    roomID, habit.name, habit.kind.rawValue, habit.xp, habit.coins, habit.life, habit.area, habit.schedule.words, habit.rotates,
                ])
            var saved = habit
            saved.id = db.lastInsertedRowID
            return saved
        }
    }

    /// Deletes a shared habit of `roomID` if `ownerID` owns the room: `false` (nothing changed) when they don't, or
    /// it is gone already. The room's log keeps its lines, under the name it had, and members' ledgers keep theirs.
    public func deleteSharedHabit(_ habitID: Int64, of roomID: Int64, byOwner ownerID: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM room_habit WHERE id = ? AND room_id = ? AND EXISTS
                    (SELECT 1 FROM membership WHERE room_id = ? AND account_id = ? AND role = 'owner')
                    """,
                arguments: [habitID, roomID, roomID, ownerID])
            return db.changesCount > 0
        }
    }

    public func sharedHabits(of roomID: Int64) async throws -> [SharedHabit] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM room_habit WHERE room_id = ? ORDER BY id", arguments: [roomID]).map(SharedHabit.init(row:))
        }
    }

    /// Registers a shared completion (or undo) about to be committed in a member's file. A record
    /// gets a fresh token; an undo names the token of the completion it takes back. A completion being
    /// taken back is committed, and so is its line: an intent of it still there (only its removal failed) is
    /// dropped.
    public func beginIntent(
        _ action: RoomIntent.Action, token: String?, account: Int64, room: Int64, habit: Int64, at now: Date
    ) async throws -> RoomIntent {
        let token = token ?? UUID().uuidString.lowercased()
        return try await write { db in
            if action == .undo {
                try db.execute(sql: "DELETE FROM room_intent WHERE token = ? AND action = 'record'", arguments: [token])
            }
            try db.execute(
                sql: "INSERT INTO room_intent (account_id, token, action, room_id, habit_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [account, token, action.rawValue, room, habit, now.timeIntervalSince1970])
            return RoomIntent(id: db.lastInsertedRowID, accountID: account, token: token, action: action, roomID: room, habitID: habit)
        }
    }

    /// Writes the room log line of an intent (a record's line, or an undo's mark), keeping the intent. Called
    /// inside the member's transaction, before it commits, on the member's storage thread: if this fails,
    /// the member's change is not committed either; if the member's commit fails after it, ``finish(_:entry:)``
    /// with no entry takes the line back. A crash between the two is settled at start-up by the intent.
    public func writeLine(of intent: RoomIntent, entry: RoomLogEntry) throws {
        try writeNow { db in try Self.writeLine(of: intent, entry: entry, in: db) }
    }

    /// Finishes an intent and drops it, in one transaction. With `entry` (the member's commit happened)
    /// its line is written if it is not there yet; with none (the member's commit never happened) a line
    /// written for it beforehand is taken back. Replays are harmless.
    ///
    /// `news` of it, when given, is kept in the inboxes of `members` in the same transaction: whoever is not told live
    /// hears it at their next login, and a crash after this never loses it. Returns the inbox entries by member, which
    /// ``forgetKept(_:)`` takes back out for those told live.
    @discardableResult
    public func finish(_ intent: RoomIntent, entry: RoomLogEntry?, news: InboxItem?, for members: [Int64]) async throws -> [Int64: Int64] {
        try await write { db in
            var kept: [Int64: Int64] = [:]
            if entry != nil, let news {
                for member in members { kept[member] = try Self.keep(news, for: member, in: db) }
            }
            if let entry {
                try Self.writeLine(of: intent, entry: entry, in: db)
            } else {
                switch intent.action {
                case .record: try db.execute(sql: "DELETE FROM room_log WHERE ref = ?", arguments: [intent.token])
                case .undo: try db.execute(sql: "UPDATE room_log SET undone = 0 WHERE ref = ?", arguments: [intent.token])
                }
            }
            try db.execute(sql: "DELETE FROM room_intent WHERE id = ?", arguments: [intent.id])
            return kept
        }
    }

    static func writeLine(of intent: RoomIntent, entry: RoomLogEntry, in db: Database) throws {
        switch intent.action {
        case .record:
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO room_log
                    (room_id, habit_id, habit, kind, account_id, member, at, day, quantity, xp, health, ref, todo_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    intent.roomID, entry.habitID, entry.habit, entry.kind.rawValue, entry.accountID, entry.member,
                    entry.at.timeIntervalSince1970, entry.day.description, entry.quantity, entry.xp, entry.health, entry.ref,
                    intent.todoID,
                ])
        case .undo:
            try db.execute(sql: "UPDATE room_log SET undone = 1 WHERE ref = ?", arguments: [entry.ref])
        }
    }

    /// The room log line a member's ledger entry is known by, with its room and habit.
    public func roomLogLine(ref: String) async throws -> (roomID: Int64, habitID: Int64, entry: RoomLogEntry)? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM room_log WHERE ref = ?", arguments: [ref]).map { row in
                (row["room_id"], row["habit_id"], RoomLogEntry(row: row))
            }
        }
    }

    /// Intents left by a crash, oldest first.
    public func unfinishedIntents() async throws -> [RoomIntent] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM room_intent ORDER BY id").map(RoomIntent.init(row:))
        }
    }

    /// Log lines of a room that stand (not undone), newest first; from `since` when given.
    public func roomLog(_ roomID: Int64, since: Day?, limit: Int) async throws -> [RoomLogEntry] {
        try await writer.read { db in
            var sql = "SELECT * FROM room_log WHERE room_id = ? AND undone = 0"
            var arguments: StatementArguments = [roomID]
            if let since {
                sql += " AND day >= ?"
                arguments += [since.description]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY at DESC, id DESC LIMIT ?", arguments: arguments + [limit])
                .map(RoomLogEntry.init(row:))
        }
    }
}
