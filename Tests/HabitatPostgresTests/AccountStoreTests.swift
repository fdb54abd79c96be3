import Foundation
import HabitatEngine
import HabitatStorage
import Testing

/// The storage contract's accounts, the same on SQLite and on PostgreSQL.
@Suite("Accounts, on either store")
struct AccountStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_176_000)

    @Test(arguments: EitherStore.available)
    func anAccountIsKeptAndFoundByNameInAnyCaseOrById(store: EitherStore) async throws {
        try await store.with { accounts in
            #expect(try await accounts.accountCount() == 0)
            let ann = try await accounts.createAccount(name: "Ann", passwordHash: "hash-1", fileID: "0123abcd", at: Self.now)
            #expect(ann.name == "ann" && ann.passwordHash == "hash-1" && ann.fileID == "0123abcd" && ann.created == Self.now)
            let bot = try await accounts.createAccount(name: "irc:bob", passwordHash: nil, at: Self.now.addingTimeInterval(60))
            #expect(bot.fileID.count == 32 && bot.id != ann.id)
            #expect(try await accounts.account(named: "ANN") == ann)
            #expect(try await accounts.account(id: ann.id) == ann)
            #expect(try await accounts.account(id: bot.id) == bot)
            #expect(try await accounts.account(named: "nobody") == nil)
            #expect(try await accounts.account(id: 9_999) == nil)
            #expect(try await accounts.accountCount() == 2)
            try await accounts.answers()
        }
    }

    @Test(arguments: EitherStore.available)
    func aNameTakenInAnyCaseIsRefusedAndChangesNothing(store: EitherStore) async throws {
        try await store.with { accounts in
            let ann = try await accounts.createAccount(name: "ann", passwordHash: "hash-1", fileID: "f1", at: Self.now)
            await #expect(throws: HabitatError(.nameTaken, "The name ann is taken. Try another.")) {
                try await accounts.createAccount(name: "ANN", passwordHash: "hash-2", fileID: "f2", at: Self.now)
            }
            #expect(try await accounts.account(named: "ann") == ann)
            #expect(try await accounts.accountCount() == 1)
        }
    }

    @Test(arguments: EitherStore.available)
    func aPasswordHashIsChangedLockedAndCleared(store: EitherStore) async throws {
        try await store.with { accounts in
            let ann = try await accounts.createAccount(name: "ann", passwordHash: "hash-1", fileID: "f1", at: Self.now)
            try await accounts.setPasswordHash("!hash-1", forAccount: ann.id)
            let locked = try #require(try await accounts.account(id: ann.id))
            #expect(locked.isLocked && locked.usableHash == nil && locked.passwordHash == "!hash-1")
            try await accounts.setPasswordHash(nil, forAccount: ann.id)
            #expect(try await accounts.account(named: "ann")?.passwordHash == nil)
            try await accounts.setPasswordHash("hash-2", forAccount: ann.id)
            #expect(try await accounts.account(named: "ann")?.usableHash == "hash-2")
        }
    }
}
