import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold
import NIOConcurrencyHelpers
import Testing

@testable import HabitatStorage

/// What a ``FullFiles`` reported, with a clock the test moves.
final class FullFilesProbe: Sendable {
    private let news = NIOLockedValueBox<[FullFiles.Notice]>([])
    private let clock = NIOLockedValueBox(ContinuousClock.now)

    var heard: [FullFiles.Notice] { news.withLockedValue { $0 } }
    func advance(by duration: Duration) { clock.withLockedValue { $0 += duration } }

    func fullFiles(quiet: Duration = .seconds(60)) -> FullFiles {
        FullFiles(quiet: quiet, now: { self.clock.withLockedValue { $0 } }, report: { news in self.news.withLockedValue { $0.append(news) } })
    }
}

@Suite("A full disk, in storage")
struct FullDiskStorageTests {
    @Test func eachFileIsReportedOnceWhileFullAndOnceWhenWritesGoThroughAgain() {
        let probe = FullFilesProbe()
        let files = probe.fullFiles()
        files.refused("a")
        files.refused("a")
        files.refused("b")
        // A write that goes through between refusals (it freed space, or fit a page) is not news.
        files.wrote("a")
        files.refused("a")
        probe.advance(by: .seconds(59))
        files.wrote("a")
        #expect(probe.heard == [.full(path: "a"), .full(path: "b")])
        probe.advance(by: .seconds(1))
        files.wrote("a")
        files.wrote("a")
        #expect(probe.heard == [.full(path: "a"), .full(path: "b"), .writable(path: "a")])
        // Full again later: said again.
        files.refused("a")
        #expect(probe.heard.last == .full(path: "a"))
        #expect(probe.heard.count == 4)
    }

    /// SQLite says only "disk I/O error" when it can't make a file's `-shm`: that is a full disk when the disk holding
    /// the file has less than a mebibyte left, and stays an I/O error otherwise (or when the disk can't be asked).
    @Test func anIOErrorIsAFullDiskOnlyWhenTheDiskIsNearlyFull() {
        let path = "/data/users/ab/user.sqlite"
        let shm = DatabaseError(resultCode: .SQLITE_IOERR_SHMSIZE, message: "disk I/O error")
        var asked: [String] = []
        #expect(StorageFullError(shm, path: path, freeBytes: { asked.append($0); return 0 })?.path == path)
        #expect(asked == ["/data/users/ab"])
        #expect(StorageFullError(shm, path: path, freeBytes: { _ in (1 << 20) - 1 }) != nil)
        #expect(StorageFullError(shm, path: path, freeBytes: { _ in 1 << 20 }) == nil)
        #expect(StorageFullError(shm, path: path, freeBytes: { _ in nil }) == nil)
        // Other errors are what they are, whatever the space left; `SQLITE_FULL` is full whatever it is.
        #expect(StorageFullError(DatabaseError(resultCode: .SQLITE_CORRUPT), path: path, freeBytes: { _ in 0 }) == nil)
        #expect(StorageFullError(DatabaseError(resultCode: .SQLITE_FULL), path: path, freeBytes: { _ in 1 << 40 }) != nil)
    }

    /// A change the disk refuses throws ``StorageFullError`` naming the file, and leaves the state in memory as
    /// the file has it; it is written once there is space.
    @Test func aRefusedChangeLeavesTheStateAsTheFileHasIt() async throws {
        try await withTemporaryDirectory { directory in
            let probe = FullFilesProbe()
            let path = directory.appendingPathComponent("users/ab/user.sqlite").path
            let db = UserDatabase(path: path, durability: .normal, fullFiles: probe.fullFiles())
            try await db.add(Fixture.exercise)
            try await db.read { try $0.db.execute(sql: "PRAGMA max_page_count = 1") }
            var refusal: StorageFullError?
            for _ in 0..<300 {
                do {
                    try await db.did("Exercise")
                } catch let error as StorageFullError {
                    refusal = error
                    break
                }
            }
            #expect(refusal?.path == path)
            #expect(probe.heard == [.full(path: path)])
            let state = try #require(db.cachedState)
            #expect(try await db.reloaded() == state)
            let entries = try await db.entries().count

            try await db.read { try $0.db.execute(sql: "PRAGMA max_page_count = 2147483646") }
            let (_, after) = try await db.did("Exercise")
            #expect(after.profile.coins == state.profile.coins + 5)
            #expect(try await db.entries().count == entries + 1)
            #expect(try await db.reloaded() == after)
        }
    }

    /// A change written to two files (a room's log and the member's file) that the other refuses commits nothing
    /// here, and the refusal stays the other file's: this one is not reported full.
    @Test func aRefusalBeforeCommitCommitsNothingAndIsNotThisFilesNews() async throws {
        try await withTemporaryDirectory { directory in
            let probe = FullFilesProbe()
            let db = UserDatabase(path: directory.appendingPathComponent("user.sqlite").path, durability: .normal, fullFiles: probe.fullFiles())
            try await db.add(Fixture.exercise)
            let before = try await db.state()
            await #expect(throws: StorageFullError.self) {
                try await db.apply(.record(Recording(habit: "Exercise")), at: Fixture.now) { _, _ in
                    throw StorageFullError(path: "directory.sqlite")
                }
            }
            #expect(try await db.state() == before)
            #expect(try await db.reloaded() == before)
            #expect(probe.heard.isEmpty)
        }
    }

    /// The directory refuses a write the disk has no room for as ``StorageFullError``, and takes it once there is.
    @Test func theDirectoryRefusesAsFullAndWorksOnceThereIsSpace() async throws {
        try await withTemporaryDirectory { directory in
            let probe = FullFilesProbe()
            let database = try DirectoryDatabase(directory: directory, durability: .normal, fullFiles: probe.fullFiles())
            try database.writer.inDatabase { try $0.execute(sql: "PRAGMA max_page_count = 1") }
            var made = 0
            var refusal: StorageFullError?
            for n in 0..<300 {
                do {
                    _ = try await database.createAccount(name: "user\(n)", passwordHash: nil, at: Fixture.now)
                    made += 1
                } catch let error as StorageFullError {
                    refusal = error
                    break
                }
            }
            let path = directory.appendingPathComponent(DirectoryDatabase.fileName).path
            #expect(refusal?.path == path)
            #expect(probe.heard == [.full(path: path)])
            #expect(try await database.accountCount() == made)
            try database.writer.inDatabase { try $0.execute(sql: "PRAGMA max_page_count = 2147483646") }
            _ = try await database.createAccount(name: "user\(made)", passwordHash: nil, at: Fixture.now)
            #expect(try await database.accountCount() == made + 1)
        }
    }

    /// A shared completion's line is written before the member commits; if the member's commit then fails, the
    /// intent's finish without an entry takes the line back, as start-up recovery does after a crash there.
    @Test func finishingAnIntentWithoutAnEntryTakesBackItsLine() async throws {
        try await withTemporaryDirectory { directory in
            let database = try DirectoryDatabase(directory: directory, durability: .normal)
            let ann = try await database.createAccount(name: "ann", passwordHash: nil, at: Fixture.now)
            let room = try await database.createRoom(named: "Smiths", owner: ann.id, at: Fixture.now)
            let habit = try await database.addSharedHabit(HabitDraft(name: "Dishes"), to: room.id)
            let intent = try await database.beginIntent(.record, account: ann.id, room: room.id, habit: habit.id, at: Fixture.now)
            let line = RoomLogEntry(
                habitID: habit.id, habit: "Dishes", kind: .good, accountID: ann.id, member: "ann", at: Fixture.now,
                day: Fixture.today, quantity: 1, xp: 10, health: 0, ref: intent.token)
            try database.writeLine(of: intent, entry: line)
            #expect(try await database.roomLog(room.id).count == 1)
            try await database.finish(intent, entry: nil)
            #expect(try await database.roomLog(room.id).isEmpty)
            #expect(try await database.unfinishedIntents().isEmpty)

            // An undo's mark, likewise.
            let kept = try await database.beginIntent(.record, account: ann.id, room: room.id, habit: habit.id, at: Fixture.now)
            var standing = line
            standing.ref = kept.token
            try await database.finish(kept, entry: standing)
            let undo = try await database.beginIntent(.undo, token: kept.token, account: ann.id, room: room.id, habit: habit.id, at: Fixture.now)
            try database.writeLine(of: undo, entry: standing)
            #expect(try await database.roomLog(room.id).isEmpty)
            try await database.finish(undo, entry: nil)
            #expect(try await database.roomLog(room.id).count == 1)
        }
    }
}
