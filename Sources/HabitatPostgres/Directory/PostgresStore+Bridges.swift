import Foundation
import HabitatEngine
import HabitatHousehold
import HabitatStorage
import PostgresNIO

// MARK: - Bridges and chat identities

extension PostgresStore: BridgeStore {
    public func addBridge(named name: String, tokenHash: String, at now: Date) async throws {
        let added = try await rows(
            "INSERT INTO bridge (name, token_hash, created_at) VALUES (\(name), \(tokenHash), \(now.timeIntervalSince1970)) ON CONFLICT DO NOTHING RETURNING name")
        if added.isEmpty {
            throw HabitatError(.nameTaken, "A bridge called \(name) exists already. Remove it first to get a new token.")
        }
    }

    public func bridge(named name: String) async throws -> Bridge? {
        try await rows("SELECT * FROM bridge WHERE name = \(name)").first.map(Self.bridge)
    }

    public func bridges() async throws -> [Bridge] {
        try await rows("SELECT * FROM bridge ORDER BY name COLLATE \"C\"").map(Self.bridge)
    }

    private static func bridge(_ row: PostgresValues) -> Bridge {
        Bridge(name: row.text("name") ?? "", tokenHash: row.text("token_hash") ?? "", created: Date(timeIntervalSince1970: row.double("created_at") ?? 0))
    }

    @discardableResult
    public func removeBridge(named name: String) async throws -> Bool {
        try await !rows("DELETE FROM bridge WHERE name = \(name) RETURNING name").isEmpty
    }

    public func linkedAccount(of identity: String) async throws -> Int64? {
        try await rows("SELECT account_id FROM identity_link WHERE identity = \(identity)").first?.int64("account_id")
    }

    public func createLinkCode(for accountID: Int64, at now: Date) async throws -> String {
        let code = InviteCode.make()
        try await transaction { connection in
            try await self.deleteExpiredCodes(at: now, on: connection)
            try await connection.checkedQuery(
                "INSERT INTO link_code (code, account_id, expires_at) VALUES (\(code), \(accountID), \(now.addingTimeInterval(600).timeIntervalSince1970))",
                logger: self.logger)
        }
        return code
    }

    public func redeemLinkCode(_ typed: String, identity: String, at now: Date) async throws -> Account? {
        let code = InviteCode.normalized(typed)
        let accountID: Int64? = try await transaction { connection in
            // Taken in the statement that finds it: a code works once.
            guard let row = try await self.values(on: connection, "DELETE FROM link_code WHERE code = \(code) RETURNING account_id, expires_at").first,
                (row.double("expires_at") ?? 0) > now.timeIntervalSince1970, let accountID = row.int64("account_id")
            else { return nil }
            try await connection.checkedQuery(
                """
                INSERT INTO identity_link (identity, account_id) VALUES (\(identity), \(accountID))
                ON CONFLICT (identity) DO UPDATE SET account_id = EXCLUDED.account_id
                """, logger: self.logger)
            return accountID
        }
        guard let accountID else { return nil }
        return try await account(id: accountID)
    }
}

// MARK: - Accounts as the operator sees them

extension PostgresStore: AccountAdminStore {
    public func deleteAccount(_ id: Int64) async throws -> Bool {
        try await transaction { connection in
            guard let name = try await self.values(on: connection, "SELECT name FROM account WHERE id = \(id) FOR UPDATE").first?.text("name")
            else { return false }
            let names = Set([name, chatName(name)])
            let news = try await self.values(
                on: connection,
                "SELECT id, toasts FROM inbox WHERE account_id <> \(id) AND (strpos(toasts, \(name)) > 0 OR strpos(toasts, \(chatName(name))) > 0)")
            let gone = news.filter { DirectoryDatabase.names(names, in: $0.text("toasts") ?? "") }.compactMap { $0.int64("id") }
            if !gone.isEmpty { try await connection.checkedQuery("DELETE FROM inbox WHERE id = ANY(\(gone))", logger: self.logger) }
            // The account's game goes with it, its ledger too (which nothing else may delete).
            try await connection.checkedQuery("SELECT set_config('habitat.erasing', \(String(id)), true)", logger: self.logger)
            for statement in DirectoryDatabase.erasure {
                var bindings = PostgresBindings()
                bindings.append(id)
                try await connection.checkedQuery(PostgresQuery(unsafeSQL: statement.replacingOccurrences(of: "?", with: "$1"), binds: bindings), logger: self.logger)
            }
            return true
        }
    }

    public func accounts() async throws -> [Account] {
        try await rows("SELECT id, name AS account_name, password_hash, file_id, created_at FROM account ORDER BY name COLLATE \"C\"").map {
            Account(row: $0, accountID: $0.int64("id") ?? 0)
        }
    }

    public func addRegistrationInvite(_ code: String, expires: Date, now: Date) async throws {
        try await transaction { connection in
            try await connection.checkedQuery("DELETE FROM registration_invite WHERE expires_at <= \(now.timeIntervalSince1970)", logger: self.logger)
            try await connection.checkedQuery(
                "INSERT INTO registration_invite (code, expires_at) VALUES (\(code), \(expires.timeIntervalSince1970))", logger: self.logger)
        }
    }

    public func takeRegistrationInvite(_ code: String, now: Date) async throws -> Date? {
        try await rows("DELETE FROM registration_invite WHERE code = \(code.uppercased()) RETURNING expires_at").first?.double("expires_at")
            .flatMap { $0 > now.timeIntervalSince1970 ? Date(timeIntervalSince1970: $0) : nil }
    }

    public func returnRegistrationInvite(_ code: String, expires: Date) async throws {
        _ = try await rows(
            "INSERT INTO registration_invite (code, expires_at) VALUES (\(code.uppercased()), \(expires.timeIntervalSince1970)) ON CONFLICT DO NOTHING RETURNING code")
    }
}
