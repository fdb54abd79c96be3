import Foundation
import GRDB
import HabitatHousehold

/// Accounts as the operator sees them, and invitations to register: kept by either store.
public protocol AccountAdminStore: Sendable {
    /// Deletes the account and everything of theirs the store keeps but their game (see
    /// ``DirectoryDatabase/deleteAccount(_:)``); whether there was such an account.
    @discardableResult
    func deleteAccount(_ id: Int64) async throws -> Bool
    /// Every account, by name.
    func accounts() async throws -> [Account]
    /// Keeps `code` as an invitation to register until `expires`; expired ones go.
    func addRegistrationInvite(_ code: String, expires: Date, now: Date) async throws
    /// Takes the invitation `code` (it works once): its expiry when it was there and had not expired, `nil` otherwise.
    func takeRegistrationInvite(_ code: String, now: Date) async throws -> Date?
    /// Puts back an invitation taken for a registration that then failed.
    func returnRegistrationInvite(_ code: String, expires: Date) async throws
}

extension DirectoryDatabase: AccountAdminStore, BridgeStore {}

extension DirectoryDatabase {
    /// What a room's log says in place of someone whose account was deleted.
    public static let formerMember = "a former member"

    /// Deletes account `id` and every row of the directory that is theirs, in one transaction: their timers, reminders,
    /// day ends and what is due for them, waiting events, link codes and chat identities, memberships and departures,
    /// shared completions in flight. What the rooms keep of them loses their name: their lines of a room's log say
    /// "a former member" (with no account), the items they added to a shared list and the invite codes they used keep no
    /// account. Rooms are left first (``removeMember(_:from:removed:at:)``: an owner's passes on). Their own file is the
    /// caller's to remove. Returns whether there was such an account.
    ///
    /// News waiting for others that names them (`tess did dishes`) goes too. SQLite overwrites what it deletes in this
    /// file (`secure_delete`), so nothing of theirs is left in its free pages.
    @discardableResult
    public func deleteAccount(_ id: Int64) async throws -> Bool {
        try await write { db in
            guard let name = try String.fetchOne(db, sql: "SELECT name FROM account WHERE id = ?", arguments: [id]) else { return false }
            let names = Set([name, chatName(name)])
            let news = try Row.fetchAll(
                db, sql: "SELECT id, toasts FROM inbox WHERE account_id != ? AND (instr(toasts, ?) > 0 OR instr(toasts, ?) > 0)",
                arguments: [id, name, chatName(name)])
            for row in news where Self.names(names, in: row["toasts"]) {
                try db.execute(sql: "DELETE FROM inbox WHERE id = ?", arguments: [row["id"] as Int64])
            }
            for statement in Self.erasure { try db.execute(sql: statement, arguments: [id]) }
            return true
        }
    }

    /// What deleting an account does to the rest of the directory, each statement with the account's id for its one `?`:
    /// in either store, after the news that names them is gone.
    package static let erasure = [
        "DELETE FROM due WHERE kind = 'timer' AND subject IN (SELECT id FROM timer WHERE account_id = ?)",
        "DELETE FROM due WHERE kind IN ('reminder', 'snooze') AND subject IN (SELECT id FROM reminder WHERE account_id = ?)",
        "DELETE FROM due WHERE kind = 'day_end' AND subject = ?",
        "DELETE FROM room_intent WHERE account_id = ?",
        "UPDATE room_log SET account_id = 0, member = '\(formerMember)' WHERE account_id = ?",
        "UPDATE room_todo SET added_by = 0 WHERE added_by = ?",
        "UPDATE room_todo SET assignee = NULL WHERE assignee = ?",
        "DELETE FROM invite WHERE created_by = ? AND used_by IS NULL",
        "UPDATE invite SET created_by = 0 WHERE created_by = ?",
        "UPDATE invite SET used_by = 0 WHERE used_by = ?",
        "DELETE FROM account WHERE id = ?",
    ]

    /// Whether `text` has one of `names` as a word of its own (not `ann` in `announce`).
    package static func names(_ names: Set<String>, in text: String) -> Bool {
        let isNamePart = { (character: Character) in character.isLetter || character.isNumber || character == "_" || character == "-" || character == ":" }
        for name in names {
            var searched = text[...]
            while let found = searched.range(of: name, options: .caseInsensitive) {
                let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
                let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
                if !(before.map(isNamePart) ?? false), !(after.map(isNamePart) ?? false) { return true }
                searched = text[found.upperBound...]
            }
        }
        return false
    }

    /// Every account, by name: its id, name, when it was made, and whether it may log in with a password.
    public func accounts() async throws -> [Account] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY name").map(Account.init(row:))
        }
    }
}

// MARK: - Invitations to register

extension DirectoryDatabase {
    /// Keeps `code` as an invitation to register until `expires`; expired ones go.
    public func addRegistrationInvite(_ code: String, expires: Date, now: Date) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM registration_invite WHERE expires_at <= ?", arguments: [now.timeIntervalSince1970])
            try db.execute(
                sql: "INSERT INTO registration_invite (code, expires_at) VALUES (?, ?)",
                arguments: [code, expires.timeIntervalSince1970])
        }
    }

    /// Takes the invitation `code` (it works once): its expiry when it was there and had not expired, `nil` otherwise.
    public func takeRegistrationInvite(_ code: String, now: Date) async throws -> Date? {
        try await write { db in
            let expires = try Double.fetchOne(
                db, sql: "SELECT expires_at FROM registration_invite WHERE code = ? AND expires_at > ?",
                arguments: [code.uppercased(), now.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM registration_invite WHERE code = ?", arguments: [code.uppercased()])
            return expires.map { Date(timeIntervalSince1970: $0) }
        }
    }

    /// Puts back an invitation taken for a registration that then failed.
    public func returnRegistrationInvite(_ code: String, expires: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO registration_invite (code, expires_at) VALUES (?, ?)",
                arguments: [code.uppercased(), expires.timeIntervalSince1970])
        }
    }
}
