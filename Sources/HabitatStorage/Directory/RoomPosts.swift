import Foundation
import GRDB
import HabitatHousehold

extension DirectoryDatabase {
    /// Sets the room's post of `post.kind` (replacing one it had), first due at `due`; returns it with its id.
    public func setRoomPost(_ post: RoomPost, due: Date) async throws -> RoomPost {
        try await write { db in
            if let old = try Int64.fetchOne(db, sql: "SELECT id FROM room_post WHERE room_id = ? AND kind = ?", arguments: [post.roomID, post.kind.rawValue]) {
                try db.execute(sql: "DELETE FROM room_post WHERE id = ?", arguments: [old])
                try Self.setDue(.roomPost, old, at: nil, in: db)
            }
            try db.execute(
                sql: "INSERT INTO room_post (room_id, kind, minute, weekday, time_zone, day_start) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [post.roomID, post.kind.rawValue, post.minute, post.weekday, post.timeZone, post.dayStartHour])
            var saved = post
            saved.id = db.lastInsertedRowID
            try Self.setDue(.roomPost, saved.id, at: due, in: db)
            return saved
        }
    }

    /// The room's posts: the chores of the day first.
    public func roomPosts(of roomID: Int64) async throws -> [RoomPost] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM room_post WHERE room_id = ? ORDER BY kind", arguments: [roomID]).compactMap(RoomPost.init(row:))
        }
    }

    /// A post and the day (of its clock) it was last posted for.
    public func roomPost(id: Int64) async throws -> (post: RoomPost, postedFor: Int?)? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM room_post WHERE id = ?", arguments: [id]).flatMap { row in
                RoomPost(row: row).map { ($0, row.int("posted_for")) }
            }
        }
    }

    /// Stops the room's posts of these kinds; how many there were.
    public func removeRoomPosts(of roomID: Int64, kinds: [RoomPost.Kind]) async throws -> Int {
        try await write { db in
            var removed = 0
            for kind in kinds {
                guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM room_post WHERE room_id = ? AND kind = ?", arguments: [roomID, kind.rawValue])
                else { continue }
                try db.execute(sql: "DELETE FROM room_post WHERE id = ?", arguments: [id])
                try Self.setDue(.roomPost, id, at: nil, in: db)
                removed += 1
            }
            return removed
        }
    }

    /// Writes down that a post is being made for `day` (of its clock), due next at `next`, before it is sent: a crash
    /// after this never posts it twice. The post (`item`) waits meanwhile in the inbox of each of `members`, so that a
    /// crash before it is sent loses it for no one: each hears it at their next login. Returns the inbox entries, which
    /// ``forgetKept(_:)`` takes back out once it is sent.
    @discardableResult
    public func roomPosted(_ id: Int64, for day: Int?, next: Date, keeping item: InboxItem?, for members: [Int64]) async throws -> [Int64] {
        try await write { db in
            if let day { try db.execute(sql: "UPDATE room_post SET posted_for = ? WHERE id = ?", arguments: [day, id]) }
            try Self.setDue(.roomPost, id, at: next, in: db)
            guard let item else { return [] }
            return try members.map { try Self.keep(item, for: $0, in: db) }
        }
    }
}

extension RoomPost {
    /// A room's post as either store reads it; `nil` for a kind this build doesn't know.
    package init?(row: some StoredValues) {
        guard let kind = row.text("kind").flatMap(Kind.init(rawValue:)) else { return nil }
        self.init(
            id: row.int64("id") ?? 0, roomID: row.int64("room_id") ?? 0, kind: kind, minute: row.int("minute") ?? 0, weekday: row.int("weekday"),
            timeZone: row.text("time_zone") ?? "UTC", dayStartHour: row.int("day_start") ?? 0)
    }
}
