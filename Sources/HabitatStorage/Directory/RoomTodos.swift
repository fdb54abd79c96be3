import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// Whether a member may get an item of a room's list: they may (and the intent of their getting it is written), or
/// someone got it first.
public enum RoomTodoClaim: Sendable, Equatable {
    case claimed(RoomIntent)
    /// Got already: by whom, and as they were shown then (`nil` while their getting of it is still in flight).
    case taken(by: Int64, shown: String?)
}

// MARK: - A household's shared list

extension RoomTodo {
    /// An item of a room's list as either store reads it, with who got it (`got_by`, `got_member`, `got_at`) when someone did.
    package init(row: some StoredValues) {
        let got = row.int64("got_by").map { RoomTodo.Got(accountID: $0, member: row.text("got_member") ?? "", at: Date(timeIntervalSince1970: row.double("got_at") ?? 0)) }
        self.init(
            id: row.int64("id") ?? 0, roomID: row.int64("room_id") ?? 0, name: row.text("name") ?? "", addedBy: row.int64("added_by") ?? 0,
            assignee: row.int64("assignee"), created: row.day("created_day") ?? Day(ordinal: 0), due: row.day("due"), got: got)
    }
}

/// The room's list is full: the one refusal, in either store.
package func roomListFull(_ roomName: String, open: Int) -> HabitatError {
    HabitatError(.limitReached, "\(chatName(roomName))'s list has \(open) open items, the most it can hold. Get some, or 'room delete todo <item>'.")
}

extension DirectoryDatabase {
    /// Adds an item to a room's list; `name_taken` if an open item of that name is on it, `limit_reached` if the list
    /// holds as many open items as one may.
    public func addRoomTodo(
        _ name: String, to roomID: Int64, by accountID: Int64, for assignee: Int64?, created: Day, due: Day?, at now: Date
    ) async throws -> RoomTodo {
        try await write { db in
            let open = try Self.roomTodos(of: roomID, open: true, in: db)
            if open.count >= RoomTodo.openPerRoom { throw roomListFull(try Self.roomName(roomID, in: db), open: open.count) }
            if let same = open.first(where: { $0.name.isSameName(as: name) }) {
                throw HabitatError(.nameTaken, "\(same.name) is on the list already.")
            }
            try db.execute(
                sql: "INSERT INTO room_todo (room_id, name, added_by, assignee, created_day, due, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [roomID, name, accountID, assignee, created.description, due?.description, now.timeIntervalSince1970])
            return RoomTodo(id: db.lastInsertedRowID, roomID: roomID, name: name, addedBy: accountID, assignee: assignee, created: created, due: due)
        }
    }

    /// The room's list: its open items, oldest first, then up to `gotLately` of those got, the latest first.
    public func roomTodos(of roomID: Int64, gotLately: Int) async throws -> [RoomTodo] {
        try await writer.read { db in
            try Self.roomTodos(of: roomID, open: true, in: db) + Self.roomTodos(of: roomID, open: false, limit: gotLately, in: db)
        }
    }

    static func roomTodos(of roomID: Int64, open: Bool, limit: Int = RoomTodo.openPerRoom * 2, in db: Database) throws -> [RoomTodo] {
        let sql = """
            SELECT t.*, l.account_id AS got_by, l.member AS got_member, l.at AS got_at
            FROM room_todo t LEFT JOIN room_log l ON l.todo_id = t.id AND l.undone = 0
            WHERE t.room_id = ? AND l.id IS \(open ? "" : "NOT ")NULL
            ORDER BY \(open ? "t.id" : "l.at DESC, l.id DESC") LIMIT ?
            """
        return try Row.fetchAll(db, sql: sql, arguments: [roomID, limit]).map(RoomTodo.init(row:))
    }

    /// Takes an item off a room's list: `false` when it is gone already. The room's log keeps the line of its getting.
    public func deleteRoomTodo(_ id: Int64, of roomID: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM room_todo WHERE id = ? AND room_id = ?", arguments: [id, roomID])
            return db.changesCount > 0
        }
    }

    /// Claims an item of a room's list for `accountID`, the first to get it: the intent of their getting it is written
    /// (``beginIntent(_:token:account:room:habit:at:)``), which marks it got until it is settled. Someone who got it
    /// first (a standing line of the log, or a getting in flight) is said instead; an item gone is `unknown_todo`.
    public func claimRoomTodo(_ id: Int64, in roomID: Int64, by accountID: Int64, at now: Date) async throws -> RoomTodoClaim {
        let token = UUID().uuidString.lowercased()
        return try await write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM room_todo WHERE id = ? AND room_id = ?", arguments: [id, roomID]) != nil else {
                throw HabitatError(.unknownTodo, "That item is no longer on the list.")
            }
            if let line = try Row.fetchOne(db, sql: "SELECT account_id, member FROM room_log WHERE todo_id = ? AND undone = 0", arguments: [id]) {
                return .taken(by: line["account_id"], shown: line["member"])
            }
            if let other = try Int64.fetchOne(db, sql: "SELECT account_id FROM room_intent WHERE todo_id = ? AND action = 'record'", arguments: [id]) {
                return .taken(by: other, shown: nil)
            }
            try db.execute(
                sql: "INSERT INTO room_intent (account_id, token, action, room_id, habit_id, created_at, todo_id) VALUES (?, ?, 'record', ?, 0, ?, ?)",
                arguments: [accountID, token, roomID, now.timeIntervalSince1970, id])
            return .claimed(
                RoomIntent(id: db.lastInsertedRowID, accountID: accountID, token: token, action: .record, roomID: roomID, habitID: 0, todoID: id))
        }
    }
}
