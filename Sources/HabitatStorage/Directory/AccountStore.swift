import Foundation
import HabitatEngine

/// Where accounts are kept: the first part of the storage contract the application speaks, which the SQLite directory
/// (``DirectoryDatabase``) and the PostgreSQL store both keep. Names are kept lowercased, and found in any case.
public protocol AccountStore: Sendable {
    /// Creates an account whose game is kept under `fileID`; `name_taken` if the name exists (in any case).
    func createAccount(name: String, passwordHash: String?, fileID: String, at now: Date) async throws -> Account
    func account(named name: String) async throws -> Account?
    func account(id: Int64) async throws -> Account?
    /// Sets (or with `nil` clears) the account's password hash; a locked account's is kept behind `!`.
    func setPasswordHash(_ hash: String?, forAccount id: Int64) async throws
    func accountCount() async throws -> Int
    /// Reads from the store, as any request does: what `/readyz` asks of storage.
    func answers() async throws
}

extension AccountStore {
    /// Creates an account with a fresh game key (see ``createAccount(name:passwordHash:fileID:at:)``).
    public func createAccount(name: String, passwordHash: String?, at now: Date) async throws -> Account {
        try await createAccount(name: name, passwordHash: passwordHash, fileID: DirectoryDatabase.newFileID(), at: now)
    }
}

extension HabitatError {
    /// The one refusal of a name someone else has.
    public static func nameTaken(_ name: String) -> HabitatError {
        HabitatError(.nameTaken, "The name \(name) is taken. Try another.")
    }
}

extension DirectoryDatabase: AccountStore {}
