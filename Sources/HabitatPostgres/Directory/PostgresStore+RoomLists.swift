import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import PostgresNIO

// MARK: - A household's shared list

extension PostgresStore: RoomListStore {
    public func addRoomTodo(
        _ name: String, to roomID: Int64, by accountID: Int64, for assignee: Int64?, created: Day, due: Day?, at now: Date
    ) async throws -> RoomTodo {
        try await transaction { connection in
            // One change of the room's list at a time.
            let roomName = try await self.lockedRoomName(roomID, on: connection)
            let open = try await self.roomTodos(of: roomID, open: true, limit: RoomTodo.openPerRoom * 2, on: connection)
            if open.count >= RoomTodo.openPerRoom { throw roomListFull(roomName, open: open.count) }
            if let same = open.first(where: { $0.name.isSameName(as: name) }) {
                throw HabitatError(.nameTaken, "\(same.name) is on the list already.")
            }
            let id = try await self.values(
                on: connection,
                """
                INSERT INTO room_todo (room_id, name, added_by, assignee, created_day, due, created_at)
                VALUES (\(roomID), \(name), \(accountID), \(assignee), \(created), \(due), \(now.timeIntervalSince1970)) RETURNING id
                """
            ).first?.int64("id") ?? 0
            return RoomTodo(id: id, roomID: roomID, name: name, addedBy: accountID, assignee: assignee, created: created, due: due)
        }
    }

    public func roomTodos(of roomID: Int64, gotLately: Int) async throws -> [RoomTodo] {
        try await said {
            try await client.withConnection { connection in
                try await self.roomTodos(of: roomID, open: true, limit: RoomTodo.openPerRoom * 2, on: connection)
                    + self.roomTodos(of: roomID, open: false, limit: gotLately, on: connection)
            }
        }
    }

    private func roomTodos(of roomID: Int64, open: Bool, limit: Int, on connection: PostgresConnection) async throws -> [RoomTodo] {
        let query: PostgresQuery = """
            SELECT t.*, l.account_id AS got_by, l.member AS got_member, l.at AS got_at
            FROM room_todo t LEFT JOIN room_log l ON l.room_id = t.room_id AND l.todo_id = t.id AND NOT l.undone
            WHERE t.room_id = \(roomID) AND l.id IS \(unescaped: open ? "" : "NOT ")NULL
            ORDER BY \(unescaped: open ? "t.id" : "l.at DESC, l.id DESC") LIMIT \(limit)
            """
        return try await values(on: connection, query).map(RoomTodo.init(row:))
    }

    public func deleteRoomTodo(_ id: Int64, of roomID: Int64) async throws -> Bool {
        try await !rows("DELETE FROM room_todo WHERE id = \(id) AND room_id = \(roomID) RETURNING id").isEmpty
    }

    public func claimRoomTodo(_ id: Int64, in roomID: Int64, by accountID: Int64, at now: Date) async throws -> RoomTodoClaim {
        let token = UUID().uuidString.lowercased()
        return try await transaction { connection in
            // The item is locked: of two members getting it at once, the second finds the first's claim.
            guard try await !self.values(on: connection, "SELECT 1 FROM room_todo WHERE id = \(id) AND room_id = \(roomID) FOR UPDATE").isEmpty else {
                throw HabitatError(.unknownTodo, "That item is no longer on the list.")
            }
            if let line = try await self.values(
                on: connection, "SELECT account_id, member FROM room_log WHERE room_id = \(roomID) AND todo_id = \(id) AND NOT undone LIMIT 1"
            ).first {
                return .taken(by: line.int64("account_id") ?? 0, shown: line.text("member"))
            }
            if let other = try await self.values(
                on: connection, "SELECT account_id FROM room_intent WHERE room_id = \(roomID) AND todo_id = \(id) AND action = 'record' LIMIT 1"
            ).first {
                return .taken(by: other.int64("account_id") ?? 0, shown: nil)
            }
            let intent = try await self.values(
                on: connection,
                """
                INSERT INTO room_intent (account_id, token, action, room_id, habit_id, created_at, todo_id)
                VALUES (\(accountID), \(token), 'record', \(roomID), 0, \(now.timeIntervalSince1970), \(id)) RETURNING id
                """
            ).first?.int64("id") ?? 0
            return .claimed(RoomIntent(id: intent, accountID: accountID, token: token, action: .record, roomID: roomID, habitID: 0, todoID: id))
        }
    }
}

// MARK: - Rooms' own posts

extension PostgresStore: RoomPostStore {
    public func setRoomPost(_ post: RoomPost, due: Date) async throws -> RoomPost {
        try await transaction { connection in
            for old in try await self.values(
                on: connection, "DELETE FROM room_post WHERE room_id = \(post.roomID) AND kind = \(post.kind.rawValue) RETURNING id")
            {
                try await Self.setDue(.roomPost, old.int64("id") ?? 0, at: nil, on: connection, logger: self.logger)
            }
            var saved = post
            saved.id = try await self.values(
                on: connection,
                """
                INSERT INTO room_post (room_id, kind, minute, weekday, time_zone, day_start)
                VALUES (\(post.roomID), \(post.kind.rawValue), \(post.minute), \(post.weekday), \(post.timeZone), \(post.dayStartHour)) RETURNING id
                """
            ).first?.int64("id") ?? 0
            try await Self.setDue(.roomPost, saved.id, at: due, on: connection, logger: self.logger)
            return saved
        }
    }

    public func roomPosts(of roomID: Int64) async throws -> [RoomPost] {
        try await rows("SELECT * FROM room_post WHERE room_id = \(roomID) ORDER BY kind COLLATE \"C\"").compactMap(RoomPost.init(row:))
    }

    public func roomPost(id: Int64) async throws -> (post: RoomPost, postedFor: Int?)? {
        try await rows("SELECT * FROM room_post WHERE id = \(id)").first.flatMap { row in RoomPost(row: row).map { ($0, row.int("posted_for")) } }
    }

    public func removeRoomPosts(of roomID: Int64, kinds: [RoomPost.Kind]) async throws -> Int {
        try await transaction { connection in
            let gone = try await self.values(
                on: connection, "DELETE FROM room_post WHERE room_id = \(roomID) AND kind = ANY(\(kinds.map(\.rawValue))) RETURNING id")
            for post in gone { try await Self.setDue(.roomPost, post.int64("id") ?? 0, at: nil, on: connection, logger: self.logger) }
            return gone.count
        }
    }

    public func roomPosted(_ id: Int64, for day: Int?, next: Date, keeping item: InboxItem?, for members: [Int64]) async throws -> [Int64] {
        try await transaction { connection in
            if let day { try await connection.checkedQuery("UPDATE room_post SET posted_for = \(day) WHERE id = \(id)", logger: self.logger) }
            try await Self.setDue(.roomPost, id, at: next, on: connection, logger: self.logger)
            guard let item else { return [] }
            var kept: [Int64] = []
            for member in members { kept.append(try await Self.keep(item, for: member, on: connection, logger: self.logger)) }
            return kept
        }
    }
}
