import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// A chat bridge registered by the operator.
public struct Bridge: Sendable, Equatable {
    public var name: String
    public var tokenHash: String
    public var created: Date

    public init(name: String, tokenHash: String, created: Date) {
        (self.name, self.tokenHash, self.created) = (name, tokenHash, created)
    }
}

/// Chat bridges, the identities their users speak as, and the codes that link an identity to an account: kept by either
/// store.
public protocol BridgeStore: Sendable {
    /// Registers a bridge; `name_taken` if one of that name exists.
    func addBridge(named name: String, tokenHash: String, at now: Date) async throws
    func bridge(named name: String) async throws -> Bridge?
    /// Every bridge, by name.
    func bridges() async throws -> [Bridge]
    /// Removes a bridge; `false` if there was none.
    @discardableResult
    func removeBridge(named name: String) async throws -> Bool
    /// The account a chat identity was linked to, if any.
    func linkedAccount(of identity: String) async throws -> Int64?
    /// A one-time code (valid 10 minutes) that links a chat identity to `accountID`. Expired codes go meanwhile.
    func createLinkCode(for accountID: Int64, at now: Date) async throws -> String
    /// Uses a link code: `identity` acts as the code's account from now on. `nil` for a wrong, used or expired code.
    func redeemLinkCode(_ typed: String, identity: String, at now: Date) async throws -> Account?
}

extension BridgeStore where Self: AccountStore {
    /// The account a chat identity acts as: a linked account, else its own (created on first use).
    public func identity(_ identity: String, at now: Date) async throws -> Account {
        if let linked = try await linkedAccount(of: identity), let account = try await account(id: linked) {
            return account
        }
        if let own = try await account(named: identity) { return own }
        do {
            return try await createAccount(name: identity, passwordHash: nil, at: now)
        } catch let error as HabitatError where error.code == .nameTaken {
            // Created meanwhile by another request for the same person.
            guard let own = try await account(named: identity) else { throw error }
            return own
        }
    }
}

extension RoomStore {
    /// The room of a bridge's channel (`irc:#smiths`), created on first use with `speaker` as owner, and
    /// `speaker` made a member unless they left it or were removed from it.
    public func channelRoom(_ name: String, speaker: Int64, at now: Date) async throws -> (room: Room, presence: ChannelPresence) {
        let room: Room
        if let existing = try await self.room(named: name) {
            room = existing
        } else {
            do {
                return (try await createRoom(named: name, owner: speaker, at: now), .joined)
            } catch let error as HabitatError where error.code == .nameTaken {
                guard let existing = try await self.room(named: name) else { throw error }
                room = existing
            }
        }
        if try await membership(of: speaker, in: room.id) != nil { return (room, .member) }
        if let departure = try await departure(of: speaker, from: room.id) { return (room, .departed(departure)) }
        try await addMember(speaker, to: room.id, at: now)
        return (room, .joined)
    }
}

extension DirectoryDatabase {
    public func addBridge(named name: String, tokenHash: String, at now: Date) async throws {
        try await write { db in
            if try Row.fetchOne(db, sql: "SELECT 1 FROM bridge WHERE name = ?", arguments: [name]) != nil {
                throw HabitatError(.nameTaken, "A bridge called \(name) exists already. Remove it first to get a new token.")
            }
            try db.execute(
                sql: "INSERT INTO bridge (name, token_hash, created_at) VALUES (?, ?, ?)",
                arguments: [name, tokenHash, now.timeIntervalSince1970])
        }
    }

    public func bridge(named name: String) async throws -> Bridge? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM bridge WHERE name = ?", arguments: [name]).map {
                Bridge(name: $0["name"], tokenHash: $0["token_hash"], created: Date(timeIntervalSince1970: $0["created_at"]))
            }
        }
    }

    public func bridges() async throws -> [Bridge] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM bridge ORDER BY name").map {
                Bridge(name: $0["name"], tokenHash: $0["token_hash"], created: Date(timeIntervalSince1970: $0["created_at"]))
            }
        }
    }

    /// Removes a bridge; `false` if there was none.
    @discardableResult
    public func removeBridge(named name: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM bridge WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    public func linkedAccount(of identity: String) async throws -> Int64? {
        try await writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT account_id FROM identity_link WHERE identity = ?", arguments: [identity])
        }
    }

    /// A one-time code (valid 10 minutes) that links a chat identity to `accountID`. Expired codes go meanwhile.
    public func createLinkCode(for accountID: Int64, at now: Date) async throws -> String {
        let code = InviteCode.make()
        try await write { db in
            try Self.deleteExpiredCodes(in: db, at: now)
            try db.execute(
                sql: "INSERT INTO link_code (code, account_id, expires_at) VALUES (?, ?, ?)",
                arguments: [code, accountID, now.addingTimeInterval(600).timeIntervalSince1970])
        }
        return code
    }

    /// Uses a link code: `identity` acts as the code's account from now on. `nil` for a wrong,
    /// used or expired code.
    public func redeemLinkCode(_ typed: String, identity: String, at now: Date) async throws -> Account? {
        let code = InviteCode.normalized(typed)
        let accountID: Int64? = try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT account_id, expires_at FROM link_code WHERE code = ?", arguments: [code]),
                (row["expires_at"] as Double) > now.timeIntervalSince1970
            else { return nil }
            try db.execute(sql: "DELETE FROM link_code WHERE code = ?", arguments: [code])
            let accountID: Int64 = row["account_id"]
            try db.execute(
                sql: "INSERT OR REPLACE INTO identity_link (identity, account_id) VALUES (?, ?)", arguments: [identity, accountID])
            return accountID
        }
        guard let accountID else { return nil }
        return try await account(id: accountID)
    }
}

/// Where someone who speaks in a bridge's channel stands with its room.
public enum ChannelPresence: Sendable, Equatable {
    /// A member already.
    case member
    /// Made a member by speaking (or the room was just created, with them as owner).
    case joined
    /// Not a member: they left, or were removed, and have not joined again.
    case departed(Departure)
}
