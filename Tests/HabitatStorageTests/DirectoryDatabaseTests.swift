import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct DirectoryDatabaseTests {

    /// A directory from before the one due index keeps its running timers and its day ends: they are rows of the
    /// index now, due when they were.
    @Test func timersAndDayEndsMoveIntoTheDueIndex() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent(DirectoryDatabase.fileName).path
            do {
                let old = try rawDatabase(at: path)
                try DirectoryDatabase.migrator.migrate(old, upTo: "v7")
                try await old.write { db in
                    try db.execute(sql: "INSERT INTO account (id, name, file_id, created_at) VALUES (1, 'ann', 'a', 0)")
                    try db.execute(
                        sql: "INSERT INTO timer (id, account_id, habit, minutes, started_at, ends_at) VALUES (7, 1, 'Read', 10, 100, 700)")
                    try db.execute(sql: "INSERT INTO day_end (account_id, due_at) VALUES (1, 86400)")
                }
                try old.close()
            }
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let due = try await directory.due(at: Date(timeIntervalSince1970: 100_000))
            #expect(due == [
                DueEntry(kind: .timer, subject: 7, at: Date(timeIntervalSince1970: 700)),
                DueEntry(kind: .dayEnd, subject: 1, at: Date(timeIntervalSince1970: 86_400)),
            ])
            #expect(try await directory.dueTimers(at: Date(timeIntervalSince1970: 700)).map(\.habit) == ["Read"])
        }
    }
    /// Runs `body` with a fresh directory database and the folder it lives in.
    func withDirectory<T>(_ body: (DirectoryDatabase, URL) async throws -> T) async throws -> T {
        try await withTemporaryDirectory { folder in
            try await body(try DirectoryDatabase(directory: folder, durability: .normal), folder)
        }
    }

    @Test func anAccountNameIsStoredLowercased() async throws {
        try await withDirectory { directory, _ in
            let account = try await directory.createAccount(name: "Alice", passwordHash: "hash", at: Fixture.now)
            #expect(account.name == "alice")
            #expect(account.passwordHash == "hash")
            #expect(account.created == Fixture.now)
            #expect(try await directory.account(named: "alice") == account)
        }
    }

    @Test func eachAccountGetsItsOwnHexFileID() async throws {
        try await withDirectory { directory, folder in
            let alice = try await directory.createAccount(name: "alice", passwordHash: "a", at: Fixture.now)
            let bob = try await directory.createAccount(name: "bob", passwordHash: "b", at: Fixture.now)
            for account in [alice, bob] {
                #expect(account.fileID.count == 32)
                #expect(account.fileID.allSatisfy { "0123456789abcdef".contains($0) })
                #expect(!account.fileID.contains(account.name))
            }
            #expect(alice.fileID != bob.fileID)
            #expect(alice.id != bob.id)
            let databases = UserDatabases(directory: folder, capacity: 2, durability: .normal)
            #expect(throws: Never.self) { try databases.path(for: alice.fileID) }
        }
    }

    @Test(arguments: ["alice", "Alice", "ALICE", "aLiCe"])
    func aTakenNameIsRefusedInAnyCase(name: String) async throws {
        try await withDirectory { directory, _ in
            let first = try await directory.createAccount(name: "Alice", passwordHash: "a", at: Fixture.now)
            await expectRefusal(.nameTaken) {
                try await directory.createAccount(name: name, passwordHash: "b", at: Fixture.now)
            }
            #expect(try await directory.accountCount() == 1)
            #expect(try await directory.account(named: "alice") == first)
        }
    }

    @Test(arguments: ["alice", "ALICE", "Alice"])
    func lookingUpANameIgnoresCase(name: String) async throws {
        try await withDirectory { directory, _ in
            let created = try await directory.createAccount(name: "alice", passwordHash: "a", at: Fixture.now)
            #expect(try await directory.account(named: name) == created)
        }
    }

    @Test func anUnknownNameHasNoAccount() async throws {
        try await withDirectory { directory, _ in
            _ = try await directory.createAccount(name: "alice", passwordHash: "a", at: Fixture.now)
            #expect(try await directory.account(named: "bob") == nil)
            #expect(try await directory.account(named: "alic") == nil)
            #expect(try await directory.account(named: "%") == nil)
        }
    }

    @Test func anAccountWithoutAPasswordIsAllowed() async throws {
        try await withDirectory { directory, _ in
            let bridged = try await directory.createAccount(name: "irc:bob", passwordHash: nil, at: Fixture.now)
            #expect(try await directory.account(named: "IRC:Bob")?.passwordHash == nil)
            #expect(try await directory.account(named: "irc:bob") == bridged)
        }
    }

    @Test func aNewPasswordHashPersists() async throws {
        try await withDirectory { directory, folder in
            let account = try await directory.createAccount(name: "alice", passwordHash: "old", at: Fixture.now)
            try await directory.setPasswordHash("new", forAccount: account.id)
            #expect(try await directory.account(named: "alice")?.passwordHash == "new")
            let reopened = try DirectoryDatabase(directory: folder, durability: .normal)
            let reloaded = try #require(try await reopened.account(named: "alice"))
            #expect(reloaded.passwordHash == "new")
            #expect(reloaded.fileID == account.fileID)
        }
    }

    @Test func settingOnePasswordLeavesOthersAlone() async throws {
        try await withDirectory { directory, _ in
            let alice = try await directory.createAccount(name: "alice", passwordHash: "a", at: Fixture.now)
            let bob = try await directory.createAccount(name: "bob", passwordHash: "b", at: Fixture.now)
            try await directory.setPasswordHash("a2", forAccount: alice.id)
            #expect(try await directory.account(named: "bob") == bob)
        }
    }

    @Test func accountsSurviveReopeningTheDirectory() async throws {
        try await withDirectory { directory, folder in
            var created: [Account] = []
            for name in ["alice", "Bob", "carol_1", "dave-2"] {
                let account = try await directory.createAccount(name: name, passwordHash: "h-\(name)", at: Fixture.now)
                created.append(account)
            }
            let reopened = try DirectoryDatabase(directory: folder, durability: .full)
            #expect(try await reopened.accountCount() == 4)
            for account in created {
                #expect(try await reopened.account(named: account.name) == account)
            }
            await expectRefusal(.nameTaken) {
                try await reopened.createAccount(name: "BOB", passwordHash: nil, at: Fixture.now)
            }
        }
    }

    @Test func theDirectoryIsCreatedIfMissing() async throws {
        try await withTemporaryDirectory { folder in
            let nested = folder.appendingPathComponent("data/habitat")
            let directory = try DirectoryDatabase(directory: nested, durability: .normal)
            #expect(try await directory.accountCount() == 0)
            #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("directory.sqlite").path))
        }
    }

    @Test func concurrentRegistrationsOfOneNameLetExactlyOneThrough() async throws {
        try await withDirectory { directory, _ in
            let results = await withTaskGroup(of: Result<Account, any Error>.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        await Result {
                            let name = index.isMultiple(of: 2) ? "Alice" : "alice"
                            return try await directory.createAccount(name: name, passwordHash: nil, at: Fixture.now)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let created = results.compactMap { try? $0.get() }
            let refusals = results.compactMap { result -> HabitatError? in
                if case .failure(let error) = result { return error as? HabitatError }
                return nil
            }
            #expect(created.count == 1)
            #expect(refusals.count == 19 && refusals.allSatisfy { $0.code == .nameTaken })
            let count = try await directory.accountCount()
            #expect(count == 1)
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// What is ahead in the due index, read a page at a time from the last entry of the page before: every entry once,
/// in order, however many share a due time, and nothing due by the start or after the horizon.
@Suite struct DueAheadTests {
    @Test func pagesFromTheLastEntryReadEveryEntryAheadOnce() async throws {
        try await withTemporaryDirectory { folder in
            let directory = try DirectoryDatabase(directory: folder, durability: .normal)
            let minute = Date(timeIntervalSince1970: 60_000)
            var entries: [(DueEntry.Kind, Int64, Date?)] = (1...25).map { (.reminder, Int64($0), minute) }
            entries += [
                (.dayEnd, 3, minute), (.timer, 9, minute.addingTimeInterval(-60)), (.reminder, 40, minute.addingTimeInterval(-1)),
                (.reminder, 41, minute.addingTimeInterval(600)), (.reminder, 42, minute.addingTimeInterval(601)),
            ]
            try await directory.setDue(entries)

            let start = minute.addingTimeInterval(-60)
            let horizon = minute.addingTimeInterval(600)
            var seen: [DueEntry] = []
            var position: DueEntry?
            while true {
                let page = try await directory.due(after: position, from: start, through: horizon, limit: 7)
                guard let last = page.last else { break }
                seen += page
                position = last
            }
            // The timer due at the start is due now, not ahead; the reminder one second past the horizon is not yet.
            let expected =
                [DueEntry(kind: .reminder, subject: 40, at: minute.addingTimeInterval(-1)), DueEntry(kind: .dayEnd, subject: 3, at: minute)]
                + (1...25).map { DueEntry(kind: .reminder, subject: Int64($0), at: minute) }
                + [DueEntry(kind: .reminder, subject: 41, at: horizon)]
            #expect(seen == expected)
        }
    }
}
