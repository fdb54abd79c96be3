import Foundation
import HabitatEngine
import Testing

@testable import HabitatStorage

@Suite struct UserDatabasesTests {
    // MARK: - Paths

    @Test func aFileIsNamedByItsIDUnderItsFirstTwoCharacters() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            let id = "3f9a0c1e2b4d5f60718293a4b5c6d7e8"
            let path = try databases.path(for: id)
            #expect(path == directory.path + "/users/3f/3f9a0c1e2b4d5f60718293a4b5c6d7e8.sqlite")
            let fresh = Fixture.fileID()
            let freshPath = try databases.path(for: fresh)
            #expect(freshPath == directory.appendingPathComponent("users/\(fresh.prefix(2))/\(fresh).sqlite").path)
        }
    }

    static let invalidIDs = [
        "", "../etc", "../../../../../../etc/passwd", "3F9A0C1E2B4D5F60718293A4B5C6D7E8",
        "3f9a0c1e2b4d5f60718293a4b5c6d7E8", "3f9a0c1e2b4d5f60718293a4b5c6d7e", "3f9a0c1e2b4d5f60718293a4b5c6d7e80",
        "3f/a0c1e2b4d5f60718293a4b5c6d7e8", "3f9a0c1e2b4d5f60718293a4b5c6d/..", "..9a0c1e2b4d5f60718293a4b5c6d7e8",
        "3f9a0c1e-2b4d-5f60-7182-93a4b5c6", "3f9a0c1e2b4d5f60718293a4b5c6d7g8", "3f9a0c1e2b4d5f60718293a4b5c6d7\u{0}8",
        "3f9a0c1e2b4d5f60718293a4b5c6d7 8", "alice", "3f9a0c1e2b4d5f60718293a4b5c6d7e\\",
    ]

    @Test(arguments: invalidIDs)
    func anythingButThirtyTwoLowercaseHexDigitsIsRefused(id: String) async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            #expect(throws: StorageError.self) { try databases.path(for: id) }
            await #expect(throws: StorageError.self) { try await databases.withFile(id) { _ in } }
            #expect(databases.openCount == 0)
        }
    }

    @Test func nonASCIIHexDigitsAreRefused() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            // Fullwidth "ａ" and "０" are hex digits to Character.isHexDigit, and are not uppercase.
            let fullwidth = String(repeating: "\u{FF41}", count: 16) + String(repeating: "\u{FF10}", count: 16)
            #expect(throws: StorageError.self) { try databases.path(for: fullwidth) }
        }
    }

    // MARK: - Handles

    @Test func theSameIDGivesTheSameHandleWhileItIsCached() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            let id = Fixture.fileID()
            let first = try await databases.withFile(id) { $0 }
            let second = try await databases.withFile(id) { $0 }
            #expect(first === second)
            #expect(first.path == (try databases.path(for: id)))
            let nested = try await databases.withFile(id) { outer in
                try await databases.withFile(id) { inner in outer === inner }
            }
            #expect(nested)
            #expect(databases.openCount == 1)
        }
    }

    @Test func differentIDsGetDifferentFiles() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            let (alice, bob) = (Fixture.fileID(), Fixture.fileID())
            _ = try await databases.withFile(alice) { try await $0.add(Fixture.exercise) }
            _ = try await databases.withFile(bob) { try await $0.add(Fixture.smoking) }
            #expect(try await databases.withFile(alice) { try await $0.state().habits.map(\.name) } == ["Exercise"])
            #expect(try await databases.withFile(bob) { try await $0.state().habits.map(\.name) } == ["Smoking"])
        }
    }

    @Test func theNumberOfOpenFilesStaysWithinCapacity() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 3, durability: .normal)
            let ids = (0..<12).map { _ in Fixture.fileID() }
            for id in ids {
                _ = try await databases.withFile(id) { try await $0.add(Fixture.exercise) }
                #expect(databases.openCount <= 3)
            }
            #expect(databases.openCount == 3)
            for id in ids {
                #expect(try await databases.withFile(id) { try await $0.state().habits.count } == 1)
            }
            #expect(databases.openCount <= 3)
        }
    }

    @Test func aCapacityBelowOneIsTreatedAsOne() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 0, durability: .normal)
            #expect(databases.capacity == 1)
            for _ in 0..<3 { try await databases.withFile(Fixture.fileID()) { _ = try await $0.state() } }
            #expect(databases.openCount == 1)
        }
    }

    @Test func aHandleInUseIsNeverEvicted() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 2, durability: .normal)
            let held = Fixture.fileID()
            let others = (0..<10).map { _ in Fixture.fileID() }
            try await databases.withFile(held) { database in
                try await database.add(Fixture.exercise)
                try await database.did("exercise")
                for id in others {
                    _ = try await databases.withFile(id) { try await $0.add(Fixture.smoking) }
                }
                #expect(databases.openCount <= 2)
                #expect(try await databases.withFile(held) { $0 } === database)
                let recorded = try await database.did("exercise")
                #expect(recorded.state.profile.progress.xp == 20)
                #expect(try await database.entries().count == 2)
            }
            #expect(try await databases.withFile(held) { try await $0.reloaded().profile.coins } == 10)
        }
    }

    @Test func handlesInUseMayExceedCapacityUntilTheyAreReturned() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            let (a, b, c) = (Fixture.fileID(), Fixture.fileID(), Fixture.fileID())
            try await databases.withFile(a) { _ in
                try await databases.withFile(b) { _ in
                    try await databases.withFile(c) { _ in
                        #expect(databases.openCount == 3)
                    }
                    #expect(databases.openCount == 2)
                }
                #expect(databases.openCount == 1)
            }
            #expect(databases.openCount == 1)
        }
    }

    @Test func dataWrittenBeforeEvictionIsThereAfterTheFileIsReopened() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            let (alice, bob) = (Fixture.fileID(), Fixture.fileID())
            let (first, written) = try await databases.withFile(alice) { database in
                try await database.add(Fixture.exercise)
                return (database, try await database.did("exercise", times: 4).state)
            }
            try await databases.withFile(bob) { _ = try await $0.state() }
            let reopened = try await databases.withFile(alice) { $0 }
            #expect(reopened !== first, "alice's handle should have been evicted")
            #expect(try await reopened.state() == written)
            #expect(try await reopened.entries().count == 1)
        }
    }

    @Test func theGameOfAFileClosedToMakeRoomIsReadFromMemoryAndGoesOnFromThere() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            #expect(databases.keptGames == 10)
            let (alice, bob) = (Fixture.fileID(), Fixture.fileID())
            let written = try await databases.withFile(alice) { database in
                try await database.add(Fixture.exercise)
                return try await database.did("exercise", times: 2).state
            }
            try await databases.withFile(bob) { _ = try await $0.state() }
            #expect(databases.openCount == 1)
            // alice's file is closed; her game is known without it.
            #expect(databases.cachedState(of: alice) == written)
            #expect(databases.openCount == 1)
            // Her next change starts from it and is written to her file.
            let after = try await databases.withFile(alice) { try await $0.did("exercise").state }
            #expect(after.profile.progress.xp == written.profile.progress.xp + 10)
            let fresh = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            #expect(try await fresh.with(alice) { try await $0.state() } == after)
            #expect(try await fresh.withFile(alice) { try await $0.entries().count } == 2)
        }
    }

    @Test func aFileClosedForBeingIdleKeepsNoGameInMemory() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 8, durability: .normal)
            let alice = Fixture.fileID()
            try await databases.withFile(alice) { _ = try await $0.state() }
            #expect(databases.cachedState(of: alice) != nil)
            #expect(databases.closeIdle(unusedFor: .seconds(60), now: .now + .seconds(61)) == 1)
            #expect(databases.cachedState(of: alice) == nil)
        }
    }

    @Test func filesIdleLongerThanTheTimeoutAreClosedAndReopenWithTheirData() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 8, durability: .normal)
            let (alice, bob) = (Fixture.fileID(), Fixture.fileID())
            let (first, written) = try await databases.withFile(alice) { database in
                try await database.add(Fixture.exercise)
                return (database, try await database.did("exercise", times: 2).state)
            }
            try await databases.withFile(bob) { _ = try await $0.state() }
            #expect(databases.closeIdle(unusedFor: .seconds(60)) == 0)
            #expect(databases.openCount == 2)
            // A file in use is kept however long ago it was opened.
            try await databases.withFile(bob) { _ in
                #expect(databases.closeIdle(unusedFor: .seconds(60), now: .now + .seconds(61)) == 1)
            }
            #expect(databases.openCount == 1)
            let reopened = try await databases.withFile(alice) { $0 }
            #expect(reopened !== first)
            #expect(try await reopened.state() == written)
        }
    }

    @Test func aHandleErrorStillReturnsItToTheCache() async throws {
        struct Boom: Error {}
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            let (alice, bob) = (Fixture.fileID(), Fixture.fileID())
            let first = try await databases.withFile(alice) { $0 }
            await #expect(throws: Boom.self) {
                try await databases.withFile(alice) { (_: UserDatabase) -> Void in throw Boom() }
            }
            // alice is idle again, so touching bob evicts her.
            try await databases.withFile(bob) { _ = try await $0.state() }
            #expect(databases.openCount == 1)
            #expect(try await databases.withFile(alice) { $0 } !== first)
        }
    }

    @Test func manyConcurrentUsersBehindASmallCacheKeepAllTheirData() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 4, durability: .normal)
            let ids = (0..<16).map { _ in Fixture.fileID() }
            for id in ids { _ = try await databases.withFile(id) { try await $0.add(Fixture.exercise) } }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<10 {
                    for id in ids {
                        group.addTask {
                            _ = try await databases.withFile(id) { try await $0.did("exercise", times: 1 + round % 2) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(databases.openCount <= 4)
            for id in ids {
                let coins = try await databases.withFile(id) { try await $0.reloaded().profile.coins }
                #expect(coins == 75)
                #expect(try await databases.withFile(id) { try await $0.entries().count } == 10)
            }
        }
    }
}

/// What a reader worked out from a user's file holds until the file's next commit, whether the file stayed open or
/// was closed and opened again meanwhile.
@Suite struct FileWatchTests {
    @Test func aCommitAfterTheMarkTakesItAwayAndNothingElseDoes() async throws {
        try await withTemporaryDirectory { directory in
            let databases = UserDatabases(directory: directory, capacity: 1, durability: .normal)
            let ann = Fixture.fileID()
            let bo = Fixture.fileID()
            try await databases.withFile(ann) { _ = try await $0.add(Fixture.exercise) }
            try await databases.withFile(bo) { _ = try await $0.add(Fixture.exercise) }

            let mark = databases.changes.mark(ann)
            #expect(databases.changes.mark(ann) == mark)
            // Read, and closed to make room for bo's file (capacity 1): no commit, the mark holds.
            _ = try await databases.withFile(ann) { try await $0.state() }
            try await databases.withFile(bo) { _ = try await $0.did("Exercise") }
            #expect(databases.changes.unchanged(ann, since: mark))

            try await databases.withFile(ann) { _ = try await $0.did("Exercise") }
            #expect(!databases.changes.unchanged(ann, since: mark))
            let again = databases.changes.mark(ann)
            #expect(again != mark)
            #expect(databases.changes.unchanged(ann, since: again))

            databases.changes.keepOnly([])
            #expect(databases.changes.marked == 0)
            #expect(!databases.changes.unchanged(ann, since: again))
        }
    }
}
