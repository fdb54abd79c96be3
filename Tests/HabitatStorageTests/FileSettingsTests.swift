import Foundation
import GRDB
import GRDBSQLite
import HabitatEngine
import Testing

@testable import HabitatStorage

/// The SQLite settings every Habitat file is opened with: WAL, foreign keys, and the durability flag.
@Suite struct FileSettingsTests {
    /// `habits` and each day's end read a user's whole ledger: however long it is, the pages their connection keeps in
    /// memory stay within `pageCacheKiB` (SQLite's default would keep about 2 MB of them).
    @Test func aLongHistoryIsReadWithoutKeepingItAllInMemory() async throws {
        try await withUserDatabase { db in
            let habit = try #require(try await db.add(Fixture.exercise).state.habits.first?.id)
            // Eight thousand recordings, ten a day for 800 days, written under the handle as years of use would have.
            try await rawDatabase(at: db.path).write { raw in
                try raw.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 7999)
                        INSERT INTO ledger (at, day, kind, habit_id, subject, quantity, xp, coins, health, before)
                        SELECT 1600000000 + i * 8640, date('2021-01-01', '+' || (i / 10) || ' days'), 'completion', ?,
                            'Exercise', 1, 10, 5, 0, '[2,[1,20,10,1000,1000,"active"],[[1,1,1,20784,2]],[]]' FROM n
                        """, arguments: [habit])
            }
            let (days, cached, fileBytes) = try await db.read { ledger in
                let days = try ledger.habitDays()
                var (current, highest): (Int32, Int32) = (0, 0)
                sqlite3_db_status(ledger.db.sqliteConnection, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
                let pages = try Int.fetchOne(ledger.db, sql: "PRAGMA page_count") ?? 0
                return (days, Int(current), pages * UserDatabase.pageSize)
            }
            #expect(days[habit]?.count == 800)
            #expect(days[habit]?.values.allSatisfy { $0 == 10 } == true)
            #expect(fileBytes > 1024 * 1024)
            #expect(cached > 200 * 1024)
            #expect(cached <= 300 * 1024)
            #expect(try await db.pragma("cache_size") == -UserDatabase.pageCacheKiB)
        }
    }

    @Test func aUserFileUsesWAL() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            let mode = try await rawDatabase(at: db.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
    }

    @Test func foreignKeysAreOnInAUserFile() async throws {
        try await withUserDatabase { db in
            let foreignKeys = try await db.pragma("foreign_keys")
            #expect(foreignKeys == 1)
        }
    }

    @Test func normalDurabilityIsSynchronousNormal() async throws {
        try await withUserDatabase(durability: .normal) { db in
            let synchronous = try await db.pragma("synchronous")
            #expect(synchronous == 1)
        }
    }

    @Test func fullDurabilityIsSynchronousFull() async throws {
        try await withUserDatabase(durability: .full) { db in
            let synchronous = try await db.pragma("synchronous")
            #expect(synchronous == 2)
        }
    }

    @Test(arguments: Durability.allCases)
    func theDirectoryFileUsesWALAndForeignKeys(durability: Durability) async throws {
        try await withTemporaryDirectory { directory in
            let directoryDB = try DirectoryDatabase(directory: directory, durability: durability)
            let (mode, foreignKeys, synchronous) = try await directoryDB.writer.read { db in
                (
                    try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                    try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
                    try Int.fetchOne(db, sql: "PRAGMA synchronous")
                )
            }
            #expect(mode == "wal")
            #expect(foreignKeys == 1)
            #expect(synchronous == (durability == .full ? 2 : 1))
        }
    }

    @Test func theMigrationIsRecordedOnceAndReopeningDoesNotRepeatIt() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            _ = try await db.reloaded()
            _ = try await db.reloaded()
            let migrations = try await rawDatabase(at: db.path).read {
                try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
            }
            #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"])
            #expect(try await db.reloaded().habits.count == 1)
        }
    }

    @Test func aFileIsMarkedWithTheSchemaVersionItWasBroughtTo() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            #expect(UserSchema.version == 12)
            #expect(try await db.pragma("user_version") == 12)
        }
    }

    @Test func aFileAtTheCurrentVersionOpensWithoutTheMigrator() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            db.close()
            // Without its table of applied migrations the migrator would run the first one again, and
            // fail on the tables that exist.
            try await rawDatabase(at: db.path).write { try $0.execute(sql: "DROP TABLE grdb_migrations") }
            #expect(try await db.reloaded().habits.map(\.name) == ["Exercise"])
            let tables = try await rawDatabase(at: db.path).read {
                try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE name = 'grdb_migrations'")
            }
            #expect(tables.isEmpty)
        }
    }

    @Test func aFileFromBeforeTheVersionMarkIsCheckedAndMarked() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            db.close()
            try await rawDatabase(at: db.path).write { try $0.execute(sql: "PRAGMA user_version = 0") }
            #expect(try await db.reloaded().habits.map(\.name) == ["Exercise"])
            let version = try await rawDatabase(at: db.path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
            #expect(version == 12)
            let migrations = try await rawDatabase(at: db.path).read {
                try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
            }
            #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"])
        }
    }

    // MARK: - Process-wide settings

    @Test func connectionsHaveNoMutexOfTheirOwnAndSQLiteCountsNoMemory() async throws {
        #expect(SQLiteSetup.apply())
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.did("exercise")
            let (hasMutex, memoryCounted) = try await db.read { ledger in
                (sqlite3_db_mutex(ledger.db.sqliteConnection) != nil, sqlite3_memory_used())
            }
            #expect(!hasMutex)
            #expect(memoryCounted == 0)
        }
    }

    // MARK: - Integrity check

    @Test func aFileInUseByAUserDatabaseIsSound() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            try await db.add(Fixture.smoking)
            for _ in 0..<50 { try await db.did("exercise") }
            try await db.did("smoking")
            try await db.undo()
            #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
        }
    }

    @Test func aClosedUserFileIsSound() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            for _ in 0..<50 { try await db.did("exercise") }
            db.close()
            try await waitUntil { !FileManager.default.fileExists(atPath: db.path + "-wal") }
            try rawDatabase(at: db.path).close()  // waits out the closing connection's lock
            #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
            #expect(try await db.state().profile.coins == 250)
        }
    }

    @Test func checkingAFileAsItsHandleClosesWaitsInsteadOfFailing() async throws {
        var failures: [String] = []
        for _ in 0..<20 {
            try await withUserDatabase { db in
                try await db.add(Fixture.exercise)
                try await db.did("exercise")
                db.close()
                try await waitUntil { !FileManager.default.fileExists(atPath: db.path + "-wal") }
                do {
                    #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
                } catch {
                    failures.append(String(describing: error))
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 20 checks failed: \(failures.first ?? "")")
    }

    @Test func theDirectoryFileIsSound() async throws {
        try await withTemporaryDirectory { directory in
            let directoryDB = try DirectoryDatabase(directory: directory, durability: .normal)
            _ = try await directoryDB.createAccount(name: "alice", passwordHash: "h", at: Fixture.now)
            let path = directory.appendingPathComponent("directory.sqlite").path
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
        }
    }

    @Test func aFileThatIsNotADatabaseIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("garbage.sqlite").path
            try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
            #expect(throws: DatabaseError.self) { try integrityCheck(ofDatabaseAt: path) }
        }
    }
}
