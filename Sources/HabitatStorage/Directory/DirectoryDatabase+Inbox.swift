import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// An event kept for a user who was away.
public struct InboxItem: Sendable, Equatable {
    public var kind: String
    /// What the event says, as the server wrote it down (its toasts, as JSON text): kept, not read, here.
    public var toasts: String
    public var created: Date

    public init(kind: String, toasts: String, created: Date) {
        self.kind = kind
        self.toasts = toasts
        self.created = created
    }
}

extension DirectoryDatabase {
    /// How many events wait per user; older ones give way to newer.
    public static let inboxLimit = 50

    public func keep(_ item: InboxItem, for accountID: Int64) async throws {
        try await write { db in _ = try Self.keep(item, for: accountID, in: db) }
    }

    /// Keeps `item` in the user's inbox, the oldest giving way past ``inboxLimit``: its entry's id.
    static func keep(_ item: InboxItem, for accountID: Int64, in db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO inbox (account_id, kind, toasts, created_at) VALUES (?, ?, ?, ?)",
            arguments: [accountID, item.kind, item.toasts, item.created.timeIntervalSince1970])
        let id = db.lastInsertedRowID
        try db.execute(
            sql: """
                DELETE FROM inbox WHERE account_id = ? AND id NOT IN
                (SELECT id FROM inbox WHERE account_id = ? ORDER BY id DESC LIMIT ?)
                """,
            arguments: [accountID, accountID, Self.inboxLimit])
        return id
    }

    /// Takes back out of the inboxes the entries kept in case a crash came first (those not taken already).
    public func forgetKept(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { db in
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                try db.execute(
                    sql: "DELETE FROM inbox WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))",
                    arguments: StatementArguments(Array(chunk)))
            }
        }
    }

    /// Takes every waiting event, oldest first, and empties the inbox.
    public func takeInbox(of accountID: Int64) async throws -> [InboxItem] {
        // Usually nothing waits: find that out without a write.
        let waiting = try await writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM inbox WHERE account_id = ?)", arguments: [accountID]) ?? false
        }
        guard waiting else { return [] }
        return try await write { db in
            let items = try Row.fetchAll(db, sql: "SELECT * FROM inbox WHERE account_id = ? ORDER BY id", arguments: [accountID])
                .map { row in
                    InboxItem(kind: row["kind"], toasts: row["toasts"], created: Date(timeIntervalSince1970: row["created_at"]))
                }
            try db.execute(sql: "DELETE FROM inbox WHERE account_id = ?", arguments: [accountID])
            return items
        }
    }
}
