import Foundation
import GRDB
import HabitatEngine

/// Reads and appends the ledger of one user's file, inside a transaction.
public struct Ledger {
    let db: Database

    /// The most recent entry that is not an undo and has not been undone.
    public func latestUndoable() throws -> LedgerEntry? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT * FROM ledger e
                WHERE e.kind != 'undo' AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.reverts = e.id)
                ORDER BY e.id DESC LIMIT 1
                """
        ).map(LedgerEntry.init(row:))
    }

    /// Appends an entry and returns it with its id.
    @discardableResult
    public func append(_ entry: LedgerEntry) throws -> LedgerEntry {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO ledger (at, day, kind, habit_id, subject, quantity, xp, coins, health, note,
                    time_of_day, before, reverts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let before = try entry.before.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try statement.execute(arguments: [
            entry.at.timeIntervalSince1970, entry.day.description, entry.kind.rawValue, entry.habitID, entry.subject,
            entry.quantity, entry.xp, entry.coins, entry.health, entry.note, entry.timeOfDay, before, entry.reverts,
        ])
        var saved = entry
        saved.id = db.lastInsertedRowID
        return saved
    }

    /// Every entry, oldest first, undone ones included (export, history).
    public func all() throws -> [LedgerEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM ledger ORDER BY id").map(LedgerEntry.init(row:))
    }

    public func count() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") ?? 0
    }
}

extension LedgerEntry {
    init(row: Row) {
        let before = (row["before"] as String?).flatMap { try? JSONDecoder().decode(Snapshot.self, from: Data($0.utf8)) }
        self.init(
            id: row["id"], at: Date(timeIntervalSince1970: row["at"]), day: Day(iso: row["day"]) ?? Day(ordinal: 0),
            kind: LedgerEntry.Kind(rawValue: row["kind"]) ?? .completion, habitID: row["habit_id"],
            subject: row["subject"], quantity: row["quantity"], xp: row["xp"], coins: row["coins"],
            health: row["health"], note: row["note"], timeOfDay: row["time_of_day"], before: before,
            reverts: row["reverts"])
    }
}
