import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import PostgresNIO

// Household rooms in PostgreSQL. Where SQLite's one writer at a time keeps a count and the row it limits together, a
// transaction here first locks the row the limit is of (the account, the room), so two joins at once can't both pass.

extension PostgresStore: RoomStore {
    public func createRoom(named name: String, owner: Int64, at now: Date) async throws -> Room {
        try await transaction { connection in
            try await self.checkRoomCount(of: owner, on: connection)
            return try await self.insertRoom(named: name, owner: owner, at: now, on: connection)
        }
    }

    public func createRoomWithInvite(named name: String, owner: Int64, at now: Date) async throws -> (room: Room, invite: String) {
        let code = InviteCode.make()
        return try await transaction { connection in
            try await self.checkRoomCount(of: owner, on: connection)
            let room = try await self.insertRoom(named: name, owner: owner, at: now, on: connection)
            try await self.insertInvite(code, for: room.id, by: owner, at: now, on: connection)
            return (room, code)
        }
    }

    private func insertRoom(named name: String, owner: Int64, at now: Date, on connection: PostgresConnection) async throws -> Room {
        if try await room(named: name, on: connection) != nil { throw Room.nameTaken(name) }
        let made = try await values(
            on: connection,
            """
            INSERT INTO room (name, folded_name, created_at) VALUES (\(name), \(Room.foldedName(name)), \(now.timeIntervalSince1970))
            ON CONFLICT (folded_name) DO NOTHING RETURNING id
            """)
        guard let id = made.first?.int64("id") else { throw Room.nameTaken(name) }
        try await connection.checkedQuery(
            "INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (\(id), \(owner), 'owner', \(now.timeIntervalSince1970))",
            logger: logger)
        return Room(id: id, name: name)
    }

    public func room(named name: String) async throws -> Room? {
        try await said { try await client.withConnection { try await self.room(named: name, on: $0) } }
    }

    /// The room of that very name (up to case), else the one whose folded name is `name`'s, else one made before names
    /// were folded whose name folds to it.
    private func room(named name: String, on connection: PostgresConnection) async throws -> Room? {
        func room(_ row: PostgresValues) -> Room { Room(id: row.int64("id") ?? 0, name: row.text("name") ?? "") }
        if let row = try await values(on: connection, "SELECT id, name FROM room WHERE lower(name) = lower(\(name)) ORDER BY id LIMIT 1").first {
            return room(row)
        }
        if let row = try await values(on: connection, "SELECT id, name FROM room WHERE folded_name = \(Room.foldedName(name))").first {
            return room(row)
        }
        let folded = Room.foldedName(name)
        return try await values(on: connection, "SELECT id, name FROM room WHERE folded_name IS NULL ORDER BY id").map(room)
            .first { Room.foldedName($0.name) == folded }
    }

    public func room(id: Int64) async throws -> Room? {
        try await rows("SELECT id, name FROM room WHERE id = \(id)").first.map { Room(id: $0.int64("id") ?? 0, name: $0.text("name") ?? "") }
    }

    public func rooms(of accountID: Int64) async throws -> [Room] {
        try await rows(
            "SELECT r.id, r.name FROM room r JOIN membership m ON m.room_id = r.id WHERE m.account_id = \(accountID) ORDER BY lower(r.name), r.name"
        ).map { Room(id: $0.int64("id") ?? 0, name: $0.text("name") ?? "") }
    }

    public func members(of roomID: Int64) async throws -> [Member] {
        try await rows(
            """
            SELECT a.id, a.name, a.file_id, m.role FROM membership m JOIN account a ON a.id = m.account_id
            WHERE m.room_id = \(roomID) ORDER BY m.joined_at, a.name
            """
        ).map { Member(accountID: $0.int64("id") ?? 0, name: $0.text("name") ?? "", fileID: $0.text("file_id") ?? "", isOwner: $0.text("role") == "owner") }
    }

    public func addMember(_ accountID: Int64, to roomID: Int64, at now: Date) async throws {
        try await transaction { connection in
            try await self.checkAdmission(of: accountID, to: roomID, on: connection)
            try await self.join(accountID, roomID, at: now, on: connection)
        }
    }

    private func join(_ accountID: Int64, _ roomID: Int64, at now: Date, on connection: PostgresConnection) async throws {
        try await connection.checkedQuery(
            """
            INSERT INTO membership (room_id, account_id, role, joined_at) VALUES (\(roomID), \(accountID), 'member', \(now.timeIntervalSince1970))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    public func removeMember(_ accountID: Int64, from roomID: Int64, removed: Bool, at now: Date) async throws -> Int64? {
        try await transaction { connection in
            try await connection.checkedQuery("SELECT 1 FROM room WHERE id = \(roomID) FOR UPDATE", logger: self.logger)
            let gone = try await self.values(
                on: connection, "DELETE FROM membership WHERE room_id = \(roomID) AND account_id = \(accountID) RETURNING role")
            let wasOwner = gone.first?.text("role") == "owner"
            try await connection.checkedQuery(
                "DELETE FROM invite WHERE room_id = \(roomID) AND created_by = \(accountID) AND used_by IS NULL", logger: self.logger)
            let left = try await self.count(on: connection, "SELECT count(*) FROM membership WHERE room_id = \(roomID)")
            if left == 0 {
                try await connection.checkedQuery("DELETE FROM room WHERE id = \(roomID)", logger: self.logger)
                return nil
            }
            try await connection.checkedQuery(
                """
                INSERT INTO room_departure (room_id, account_id, removed, at) VALUES (\(roomID), \(accountID), \(removed), \(now.timeIntervalSince1970))
                ON CONFLICT (room_id, account_id) DO UPDATE SET removed = EXCLUDED.removed, at = EXCLUDED.at
                """, logger: self.logger)
            guard wasOwner else { return nil }
            let heir = try await self.values(
                on: connection, "SELECT account_id FROM membership WHERE room_id = \(roomID) ORDER BY joined_at, account_id LIMIT 1"
            ).first?.int64("account_id")
            try await connection.checkedQuery(
                "UPDATE membership SET role = 'owner' WHERE room_id = \(roomID) AND account_id = \(heir)", logger: self.logger)
            return heir
        }
    }

    public func departure(of accountID: Int64, from roomID: Int64) async throws -> Departure? {
        try await rows("SELECT removed FROM room_departure WHERE room_id = \(roomID) AND account_id = \(accountID)").first
            .map { $0.bool("removed") == true ? Departure.removed : Departure.left }
    }

    public func rejoin(_ accountID: Int64, room roomID: Int64, at now: Date) async throws {
        try await transaction { connection in
            let back = try await self.values(
                on: connection,
                "DELETE FROM room_departure WHERE room_id = \(roomID) AND account_id = \(accountID) AND NOT removed RETURNING account_id")
            guard !back.isEmpty else { return }
            try await self.checkAdmission(of: accountID, to: roomID, on: connection)
            try await self.join(accountID, roomID, at: now, on: connection)
        }
    }

    // MARK: Limits

    /// Refuses one more room to `accountID` when they are in as many as one can be; the account is locked until the
    /// transaction ends.
    private func checkRoomCount(of accountID: Int64, on connection: PostgresConnection) async throws {
        try await connection.checkedQuery("SELECT 1 FROM account WHERE id = \(accountID) FOR UPDATE", logger: logger)
        let rooms = try await count(on: connection, "SELECT count(*) FROM membership WHERE account_id = \(accountID)")
        try limits.checkRooms(rooms)
    }

    /// Refuses a new member of `roomID` when the room is full, or `accountID` in as many rooms as one can be; a member
    /// already is never refused. The room is locked until the transaction ends.
    private func checkAdmission(of accountID: Int64, to roomID: Int64, on connection: PostgresConnection) async throws {
        let name = try await lockedRoomName(roomID, on: connection)
        let member = try await values(on: connection, "SELECT 1 FROM membership WHERE room_id = \(roomID) AND account_id = \(accountID)")
        guard member.isEmpty else { return }
        try await checkRoomCount(of: accountID, on: connection)
        let members = try await count(on: connection, "SELECT count(*) FROM membership WHERE room_id = \(roomID)")
        try limits.checkMembers(members, in: name)
    }

    // MARK: Invites

    public func createInvite(for roomID: Int64, by accountID: Int64, at now: Date) async throws -> String {
        let code = InviteCode.make()
        try await transaction { connection in try await self.insertInvite(code, for: roomID, by: accountID, at: now, on: connection) }
        return code
    }

    private func insertInvite(_ code: String, for roomID: Int64, by accountID: Int64, at now: Date, on connection: PostgresConnection) async throws {
        try await deleteExpiredCodes(at: now, on: connection)
        let name = try await lockedRoomName(roomID, on: connection)
        let unused = try await count(on: connection, "SELECT count(*) FROM invite WHERE room_id = \(roomID) AND used_by IS NULL")
        try limits.checkInvites(unused, in: name)
        try await connection.checkedQuery(
            """
            INSERT INTO invite (code, room_id, created_by, expires_at)
            VALUES (\(code), \(roomID), \(accountID), \(now.addingTimeInterval(InviteCode.lifetime).timeIntervalSince1970))
            """, logger: logger)
    }

    public func inviteRoom(_ typed: String, at now: Date) async throws -> Room? {
        try await rows(
            """
            SELECT r.id, r.name FROM invite i JOIN room r ON r.id = i.room_id
            WHERE i.code = \(InviteCode.normalized(typed)) AND i.used_by IS NULL AND i.expires_at > \(now.timeIntervalSince1970)
            """
        ).first.map { Room(id: $0.int64("id") ?? 0, name: $0.text("name") ?? "") }
    }

    public func redeemInvite(_ typed: String, room roomID: Int64, by accountID: Int64, at now: Date) async throws -> Bool {
        let code = InviteCode.normalized(typed)
        return try await transaction { connection in
            guard
                let row = try await self.values(on: connection, "SELECT room_id, expires_at, used_by FROM invite WHERE code = \(code) FOR UPDATE").first,
                row.int64("room_id") == roomID, row.int64("used_by") == nil, (row.double("expires_at") ?? 0) > now.timeIntervalSince1970
            else { return false }
            try await self.checkAdmission(of: accountID, to: roomID, on: connection)
            try await connection.checkedQuery("UPDATE invite SET used_by = \(accountID) WHERE code = \(code)", logger: self.logger)
            try await connection.checkedQuery("DELETE FROM room_departure WHERE room_id = \(roomID) AND account_id = \(accountID)", logger: self.logger)
            try await self.join(accountID, roomID, at: now, on: connection)
            return true
        }
    }

    public func deleteExpiredCodes(at now: Date) async throws {
        try await transaction { connection in try await self.deleteExpiredCodes(at: now, on: connection) }
    }

    func deleteExpiredCodes(at now: Date, on connection: PostgresConnection) async throws {
        try await connection.checkedQuery("DELETE FROM invite WHERE expires_at <= \(now.timeIntervalSince1970)", logger: logger)
        try await connection.checkedQuery("DELETE FROM link_code WHERE expires_at <= \(now.timeIntervalSince1970)", logger: logger)
    }

    // MARK: Shared habits and the room's log

    public func addSharedHabit(_ draft: HabitDraft, to roomID: Int64) async throws -> SharedHabit {
        try await transaction { connection in
            let name = try await self.lockedRoomName(roomID, on: connection)
            let habits = try await self.count(on: connection, "SELECT count(*) FROM room_habit WHERE room_id = \(roomID)")
            try self.limits.checkSharedHabits(habits, in: name)
            let same = try await self.values(
                on: connection, "SELECT 1 FROM room_habit WHERE room_id = \(roomID) AND lower(name) = lower(\(draft.name))")
            if !same.isEmpty { throw SharedHabit.nameTaken(draft.name) }
            var habit = SharedHabit(draft: draft, roomID: roomID)
            habit.id = try await self.values(
                on: connection,
                """
                INSERT INTO room_habit (room_id, name, kind, xp, coins, life, area, schedule, rotate)
                VALUES (\(roomID), \(habit.name), \(habit.kind.rawValue), \(habit.xp), \(habit.coins), \(habit.life), \(habit.area),
                    \(habit.schedule.words), \(habit.rotates)) RETURNING id
                """
            ).first?.int64("id") ?? 0
            return habit
        }
    }

    public func deleteSharedHabit(_ habitID: Int64, of roomID: Int64, byOwner ownerID: Int64) async throws -> Bool {
        try await !rows(
            """
            DELETE FROM room_habit WHERE id = \(habitID) AND room_id = \(roomID) AND EXISTS
            (SELECT 1 FROM membership WHERE room_id = \(roomID) AND account_id = \(ownerID) AND role = 'owner') RETURNING id
            """
        ).isEmpty
    }

    public func sharedHabits(of roomID: Int64) async throws -> [SharedHabit] {
        try await rows("SELECT * FROM room_habit WHERE room_id = \(roomID) ORDER BY id").map(SharedHabit.init(row:))
    }

    public func beginIntent(
        _ action: RoomIntent.Action, token: String?, account: Int64, room: Int64, habit: Int64, at now: Date
    ) async throws -> RoomIntent {
        let token = token ?? UUID().uuidString.lowercased()
        return try await transaction { connection in
            if action == .undo {
                try await connection.checkedQuery("DELETE FROM room_intent WHERE token = \(token) AND action = 'record'", logger: self.logger)
            }
            let id = try await self.values(
                on: connection,
                """
                INSERT INTO room_intent (account_id, token, action, room_id, habit_id, created_at)
                VALUES (\(account), \(token), \(action.rawValue), \(room), \(habit), \(now.timeIntervalSince1970)) RETURNING id
                """
            ).first?.int64("id") ?? 0
            return RoomIntent(id: id, accountID: account, token: token, action: action, roomID: room, habitID: habit)
        }
    }

    public func writeLine(of intent: RoomIntent, entry: RoomLogEntry) throws {
        try waiting { try await self.transaction { connection in try await self.writeLine(of: intent, entry: entry, on: connection) } }
    }

    private func writeLine(of intent: RoomIntent, entry: RoomLogEntry, on connection: PostgresConnection) async throws {
        switch intent.action {
        case .record:
            try await connection.checkedQuery(
                """
                INSERT INTO room_log (room_id, habit_id, habit, kind, account_id, member, at, day, quantity, xp, health, ref, todo_id)
                VALUES (\(intent.roomID), \(entry.habitID), \(entry.habit), \(entry.kind.rawValue), \(entry.accountID), \(entry.member),
                    \(entry.at.timeIntervalSince1970), \(entry.day), \(entry.quantity), \(entry.xp), \(entry.health), \(entry.ref), \(intent.todoID))
                ON CONFLICT (room_id, ref) DO NOTHING
                """, logger: logger)
        case .undo:
            try await connection.checkedQuery("UPDATE room_log SET undone = true WHERE ref = \(entry.ref)", logger: logger)
        }
    }

    public func finish(_ intent: RoomIntent, entry: RoomLogEntry?, news: InboxItem?, for members: [Int64]) async throws -> [Int64: Int64] {
        try await transaction { connection in
            var kept: [Int64: Int64] = [:]
            if entry != nil, let news {
                for member in members { kept[member] = try await Self.keep(news, for: member, on: connection, logger: self.logger) }
            }
            if let entry {
                try await self.writeLine(of: intent, entry: entry, on: connection)
            } else {
                switch intent.action {
                case .record: try await connection.checkedQuery("DELETE FROM room_log WHERE ref = \(intent.token)", logger: self.logger)
                case .undo: try await connection.checkedQuery("UPDATE room_log SET undone = false WHERE ref = \(intent.token)", logger: self.logger)
                }
            }
            try await connection.checkedQuery("DELETE FROM room_intent WHERE id = \(intent.id)", logger: self.logger)
            return kept
        }
    }

    public func roomLogLine(ref: String) async throws -> (roomID: Int64, habitID: Int64, entry: RoomLogEntry)? {
        try await rows("SELECT * FROM room_log WHERE ref = \(ref) LIMIT 1").first.map { row in
            (row.int64("room_id") ?? 0, row.int64("habit_id") ?? 0, RoomLogEntry(row: row))
        }
    }

    public func unfinishedIntents() async throws -> [RoomIntent] {
        try await rows("SELECT * FROM room_intent ORDER BY id").map(RoomIntent.init(row:))
    }

    public func roomLog(_ roomID: Int64, since: Day?, limit: Int) async throws -> [RoomLogEntry] {
        try await rows(
            """
            SELECT * FROM room_log WHERE room_id = \(roomID) AND NOT undone AND (\(since)::date IS NULL OR day >= \(since))
            ORDER BY at DESC, id DESC LIMIT \(limit)
            """
        ).map(RoomLogEntry.init(row:))
    }
}

extension PostgresStore {
    /// Runs `body` in a transaction on a pooled connection, saying PostgreSQL's errors as ``PostgresProblem``s.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await said {
            try await client.withConnection { connection in
                try await connection.checkedQuery("BEGIN", logger: self.logger)
                do {
                    let result = try await body(connection)
                    try await connection.checkedQuery("COMMIT", logger: self.logger)
                    return result
                } catch where error.isUnreachableStore {
                    // PostgreSQL rolls back what it had not committed; a ROLLBACK sent now would never be answered.
                    throw error
                } catch {
                    _ = try? await connection.checkedQuery("ROLLBACK", logger: self.logger)
                    throw error
                }
            }
        }
    }

    /// The name of `roomID`, its row locked until the transaction ends: a change of the room or of what it limits is one at
    /// a time. "The room" when it is gone, for a refusal that names it.
    func lockedRoomName(_ roomID: Int64, on connection: PostgresConnection) async throws -> String {
        try await values(on: connection, "SELECT name FROM room WHERE id = \(roomID) FOR UPDATE").first?.text("name") ?? "The room"
    }

    /// The one number `query` (a `count(*)`) finds on `connection`.
    func count(on connection: PostgresConnection, _ query: PostgresQuery) async throws -> Int {
        for try await count in try await connection.checkedQuery(query, logger: logger).decode(Int.self) { return count }
        return 0
    }

    /// The rows `query` finds on `connection`, each as named values.
    func values(on connection: PostgresConnection, _ query: PostgresQuery) async throws -> [PostgresValues] {
        var found: [PostgresValues] = []
        for try await row in try await connection.checkedQuery(query, logger: logger) { found.append(PostgresValues(row)) }
        return found
    }
}
