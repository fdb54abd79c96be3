import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

/// Each commit's write-ahead log frames are written at once (`wal_writes.c`): what a commit wrote is
/// there for every other connection as soon as it returns, whatever its size, and files stay sound.
@Suite struct LogWritesTests {
    @Test func aRecordedActionsLogFramesAreWrittenAtOnce() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let before = SQLiteSetup.gatheredCommits
            try await db.did("exercise")
            #expect(SQLiteSetup.gatheredCommits > before)
        }
    }

    /// A `did` of one habit writes four pages to the log: the ledger's row, its entry in the index of days, the
    /// profile and the habit. (Until the file's two indexes of days became one, it wrote five.)
    @Test func aRecordedActionWritesFourPagesToTheLog() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            let frame = 24 + UserDatabase.pageSize
            func logBytes() throws -> Int {
                try #require(try FileManager.default.attributesOfItem(atPath: db.path + "-wal")[.size] as? Int)
            }
            let before = try logBytes()
            try await db.did("exercise")
            #expect(try logBytes() - before == 4 * frame)
            try await db.did("exercise", when: .daysAgo(1))
            #expect(try logBytes() - before == 8 * frame)
        }
    }

    @Test func anotherConnectionSeesEachCommitAsSoonAsItReturns() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let reader = try rawDatabase(at: db.path)
            for count in 1...20 {
                try await db.did("exercise")
                let rows = try await reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM ledger WHERE kind = 'completion'") }
                #expect(rows == count)
            }
            #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
        }
    }

    /// A commit larger than what is gathered at once (64 KiB) is written in parts, all of it.
    @Test func aLargeCommitIsWrittenWhole() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("large.sqlite").path
            let writer = try DatabaseQueue(path: path, configuration: Durability.normal.configuration(label: "large"))
            let text = String(repeating: "habit ", count: 200)
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
                for _ in 0..<1_000 { try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [text]) }
            }
            let reader = try rawDatabase(at: path)
            let (rows, bytes) = try await reader.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM note"), try Int.fetchOne(db, sql: "SELECT sum(length(text)) FROM note"))
            }
            #expect(rows == 1_000)
            #expect(bytes == 1_000 * 1_200)
            try writer.close()
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
        }
    }

    @Test func aRolledBackChangeLeavesNothingAndTheNextCommitIsWhole() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("rollback.sqlite").path
            let writer = try DatabaseQueue(path: path, configuration: Durability.normal.configuration(label: "rollback"))
            try await writer.write { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") }
            struct Abandoned: Error {}
            await #expect(throws: Abandoned.self) {
                try await writer.write { db in
                    for _ in 0..<200 { try db.execute(sql: "INSERT INTO note (text) VALUES ('gone')") }
                    throw Abandoned()
                }
            }
            try await writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
            let texts = try await rawDatabase(at: path).read { try String.fetchAll($0, sql: "SELECT text FROM note") }
            #expect(texts == ["kept"])
            try writer.close()
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
        }
    }

    /// A log that exists is opened as it is. SQLite syncs the directory of a log it is asked to make at the log's
    /// first sync, new or not: after a restart, each user's first sync synced the same directory again (56–309 µs
    /// here, in that user's reply). Now the first syncs of files opened again sync their directory once between them,
    /// and again only after a log was made in it since.
    @Test func filesOpenedAgainSyncTheirDirectoryOnceBetweenThem() async throws {
        try await withTemporaryDirectory { directory in
            let folder = directory.resolvingSymlinksInPath().appendingPathComponent("users/ab")
            func file(_ number: Int) -> UserDatabase {
                UserDatabase(path: folder.appendingPathComponent("user-\(number).sqlite").path, durability: .full, exclusive: true)
            }
            func syncs() -> Int { SQLiteSetup.directorySyncs(of: folder.path) }
            for number in 0..<4 {
                let db = file(number)
                try await db.add(Fixture.exercise)
                try await db.did("exercise")
                await db.closeAndWait()
                #expect(FileManager.default.fileExists(atPath: db.path + "-wal"))
            }
            // New logs: SQLite syncs the directory for each of them itself.
            #expect(syncs() == 0)

            for number in 0..<4 {
                let db = file(number)
                try await db.did("exercise")
                await db.closeAndWait()
            }
            #expect(syncs() == 1)

            let newer = file(4)
            try await newer.add(Fixture.exercise)
            try await newer.did("exercise")
            await newer.closeAndWait()
            #expect(syncs() == 1)
            for number in [0, 1, 4] {
                let db = file(number)
                try await db.did("exercise")
                await db.closeAndWait()
                let completions = try await rawDatabase(at: db.path).read {
                    try Int.fetchOne($0, sql: "SELECT count(*) FROM ledger WHERE kind = 'completion'")
                }
                #expect(completions == (number == 4 ? 2 : 3))
            }
            #expect(syncs() == 2)
        }
    }
}
