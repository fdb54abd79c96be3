import Foundation
import GRDB
import HabitatEngine
import Testing

@testable import HabitatStorage

/// A file written by the first schema is upgraded in place the first time it is opened, losing nothing.
@Suite struct SchemaUpgradeTests {
    /// The columns later migrations add, for today's code to write an older file's rows, and taken away again after:
    /// the file is left as its release left it.
    static func withLaterColumns(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN schedule TEXT NOT NULL DEFAULT 'every day'")
        try db.execute(sql: "CREATE TABLE pause (id INTEGER PRIMARY KEY, habit_id INTEGER, first_day TEXT NOT NULL, last_day TEXT NOT NULL)")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN amount INTEGER")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN amount_unit TEXT")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN bite INTEGER NOT NULL DEFAULT 0")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN bite_since TEXT")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN words TEXT NOT NULL DEFAULT ''")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist TEXT NOT NULL DEFAULT ''")
        try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist_day TEXT")
    }

    static func withoutLaterColumns(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN schedule")
        try db.execute(sql: "DROP TABLE pause")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN amount")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN amount_unit")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN bite")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN bite_since")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN words")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN checklist")
        try db.execute(sql: "ALTER TABLE habit DROP COLUMN checklist_day")
    }

    /// A user file at `path` as the release whose last migration was `version` left it, written by `write` with today's
    /// engine: `apply` applies an action and saves what it changed. With `laterColumns`, the columns later migrations
    /// add are there while it writes (today's code writes them) and taken away after.
    static func makeFile(
        at path: String, upTo version: String, laterColumns: Bool = false,
        _ write: (_ db: Database, _ ledger: Ledger, _ apply: (Action) throws -> Void) throws -> Void
    ) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path, configuration: Durability.normal.configuration(label: version))
        defer { try? database.close() }
        try UserSchema.migrator.migrate(database, upTo: version)
        try database.write { db in
            // A file from before v9 lacks the players' words of today's habits, whichever release it is of.
            let words = !laterColumns && ["v7", "v8"].contains(version)
            if laterColumns { try Self.withLaterColumns(db) }
            if words { try db.execute(sql: "ALTER TABLE habit ADD COLUMN words TEXT NOT NULL DEFAULT ''") }
            // Every file these tests make is from before to-dos (v10): today's code reads and writes their table.
            try db.execute(
                sql: "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT, created_day TEXT, due_day TEXT, done_at REAL, done_day TEXT, checklist TEXT)")
            try db.execute(sql: "ALTER TABLE ledger ADD COLUMN todo_id INTEGER")
            // And from before habits' steps (v12).
            if !laterColumns {
                try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist TEXT NOT NULL DEFAULT ''")
                try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist_day TEXT")
            }
            defer {
                if !laterColumns {
                    try? db.execute(sql: "ALTER TABLE habit DROP COLUMN checklist")
                    try? db.execute(sql: "ALTER TABLE habit DROP COLUMN checklist_day")
                }
                if laterColumns { try? Self.withoutLaterColumns(db) }
                if words { try? db.execute(sql: "ALTER TABLE habit DROP COLUMN words") }
                try? db.execute(sql: "DROP TABLE todo")
                try? db.execute(sql: "ALTER TABLE ledger DROP COLUMN todo_id")
            }
            var state = try GameState.fetch(db)
            let ledger = Ledger(db: db)
            try write(db, ledger) { action in
                let old = state
                _ = try UserDatabase.apply(action, to: &state, ledger: ledger, at: Fixture.now)
                try state.save(since: old, in: db)
            }
        }
    }

    /// A user file as the first release left it: habits, completions, a routine and an undo.
    func makeFirstReleaseFile(at path: String) throws {
        try Self.makeFile(at: path, upTo: "v1", laterColumns: true) { _, ledger, apply in
            for action: Action in [
                .addHabit(Fixture.exercise), .addHabit(HabitDraft(name: "Stretch")),
                .addRoutine(name: "Morning", habits: ["exercise", "stretch"]),
                .record(Recording(habit: "exercise")), .record(Recording(habit: "morning")),
                .record(Recording(habit: "exercise")),
            ] {
                try apply(action)
            }
            try apply(.undo(latest: try ledger.latestUndoable()))
        }
    }

    @Test func aFirstReleaseFileKeepsEveryEntryAndTotalAfterTheUpgrade() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/old.sqlite").path
            try makeFirstReleaseFile(at: path)
            let before = try dump(ofDatabaseAt: path)
            #expect(before["ledger"]?.count == 6)  // 1 + 3 (routine lead and its two) + 1 + 1 undo

            let db = UserDatabase(path: path, durability: .normal)
            let state = try await db.state()
            // Every row as it was; each habit gains the schedule every habit had then (v4), no amount (v6), no bite (v7)
            // and no words of the player's (v9); each ledger row no to-do (v10).
            var upgraded = before
            upgraded["habit"] = before["habit"]?.map {
                String($0.dropLast()) + #" schedule:"every day" amount:NULL amount_unit:NULL bite:0 bite_since:NULL words:"" checklist:"" checklist_day:NULL]"#
            }
            upgraded["ledger"] = before["ledger"]?.map { String($0.dropLast()) + " todo_id:NULL]" }
            #expect(try dump(ofDatabaseAt: path) == upgraded)
            #expect(state.profile.coins == 15)  // exercise, the routine's two; the last exercise undone
            let migrations = try await rawDatabase(at: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12"])
            // An older file keeps its 4 KB pages; its log is checkpointed at the same 4 MB.
            #expect(try await db.pragma("page_size") == 4096)
            #expect(try await db.pragma("wal_autocheckpoint") == 1024)

            // New rows follow the old ones, and undo still reverts a whole routine.
            let next = try #require(try await db.did("morning").outcome.entry?.id)
            #expect(next == 7)
            let undone = try await db.undo()
            #expect(undone.state.profile.coins == 15)
            #expect(try await db.entries().count == 12)  // the routine (3 rows) and its undo (3)
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
            let problems = try await rawDatabase(at: path).read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }
            #expect(problems.isEmpty)
        }
    }

    /// A file of the seventh schema had two indexes of the ledger's days; upgraded, it has one, and every question
    /// of days (a habit's history, the days a reminder looks at, a span of recordings) has the same answer.
    @Test func aSeventhSchemaFileKeepsOneIndexOfDaysAndTheSameAnswers() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/seventh.sqlite").path
            try Self.makeFile(at: path, upTo: "v7") { _, ledger, apply in
                for action: Action in [
                    .addHabit(Fixture.exercise), .addHabit(HabitDraft(name: "Stretch")),
                    .record(Recording(habit: "exercise", when: .daysAgo(2))), .record(Recording(habit: "stretch")),
                    .record(Recording(habit: "exercise")), .record(Recording(habit: "exercise", times: 2, when: .daysAgo(1))),
                    .record(Recording(habit: "stretch", when: .daysAgo(3))),
                ] {
                    try apply(action)
                }
                try apply(.undo(latest: try ledger.latestUndoable()))
            }

            let db = UserDatabase(path: path, durability: .normal)
            let (exercise, stretch) = try await db.read { ledger in
                let ids = try Int64.fetchAll(ledger.db, sql: "SELECT id FROM habit ORDER BY id")
                return (ids[0], ids[1])
            }
            let indexes = try await rawDatabase(at: path).read {
                try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger' ORDER BY name")
            }
            #expect(indexes == ["ledger_batch", "ledger_day_habit", "ledger_reverts", "ledger_room_token"])
            let today = Fixture.today
            let history = try await db.read { try $0.recent(limit: 10, habitID: exercise) }
            #expect(history.map { "\($0.day) \($0.quantity)" } == ["\(today) 1", "\(today - 1) 2", "\(today - 2) 1"])
            #expect(try await db.read { try $0.recent(limit: 2) }.map(\.subject) == ["Exercise", "Stretch"])
            let days = try await db.read { try $0.habitDays(since: today - 1) }
            #expect(days == [exercise: [today: 1, today - 1: 2], stretch: [today: 1]])
            let recordings = try await db.read { try $0.recordings(from: today - 3, through: today - 1) }
            #expect(recordings.map { "\($0.subject) \($0.day)" } == ["Exercise \(today - 2)", "Exercise \(today - 1)"])
            #expect(try integrityCheck(ofDatabaseAt: path) == ["ok"])
        }
    }

    @Test func theUpgradedLedgerIsStillAppendOnlyAndRevertsEachEntryOnce() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/old.sqlite").path
            try makeFirstReleaseFile(at: path)
            _ = try await UserDatabase(path: path, durability: .normal).state()
            let raw = try rawDatabase(at: path)
            for sql in ["UPDATE ledger SET xp = 1000", "DELETE FROM ledger WHERE id = 1"] {
                let error = #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: sql) } }
                #expect(error?.message == "the ledger is append-only")
            }
            // Entry 5 is already reverted by the undo row: a second revert of it is refused.
            let error = #expect(throws: DatabaseError.self) {
                try raw.write { db in
                    try db.execute(
                        sql: """
                            INSERT INTO ledger (at, day, kind, subject, quantity, xp, coins, health, reverts)
                            VALUES (0, '2026-11-20', 'undo', 'Exercise', 1, -10, -5, 0, 5)
                            """)
                }
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        }
    }

    /// Totals counted a recording of `x3` as one time; upgraded, a file counts its amount, as history does.
    @Test func anUpgradedFileCountsEachRecordingsAmountInItsTotal() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("users/ab/second.sqlite").path
            try Self.makeFile(at: path, upTo: "v2", laterColumns: true) { db, ledger, apply in
                try apply(.addHabit(Fixture.exercise))
                try apply(.addHabit(HabitDraft(name: "Smoking", kind: .bad)))
                try apply(.record(Recording(habit: "exercise", times: 3)))
                try apply(.record(Recording(habit: "exercise", times: 2)))
                try apply(.undo(latest: try ledger.latestUndoable()))
                try apply(.record(Recording(habit: "smoking", times: 4, slipped: true)))
                try apply(.record(Recording(habit: "exercise")))
                // As the release before counted them: one time a recording (the undone one taken back).
                try db.execute(sql: "UPDATE habit SET total = CASE name WHEN 'Exercise' THEN 2 ELSE 1 END")
            }

            let db = UserDatabase(path: path, durability: .normal)
            #expect(try await db.state().habits.map { "\($0.name) \($0.stats.total)" } == ["Exercise 4", "Smoking 4"])
            // Undo takes back the latest recording's amount, whatever the count when it was made.
            #expect(try await db.undo().state.habits.map(\.stats.total) == [3, 4])
            #expect(try await db.pragma("user_version") == 12)
        }
    }

    @Test func aLongRunOfWritesKeepsTheLogBounded() async throws {
        try await withUserDatabase { db in
            try await db.add(Fixture.exercise)
            for _ in 0..<3000 { try await db.did("exercise") }
            // 3,000 actions write tens of megabytes of log pages; checkpoints copy them into the file and the
            // log starts over, so it never grows much past the checkpoint size.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: db.path + "-wal")[.size] as? Int)
            #expect(size < UserDatabase.logBytes + 100 * 1024)
            #expect(try await db.entries().count == 3000)
            #expect(try await db.reloaded().profile.coins == 15000)
            #expect(try integrityCheck(ofDatabaseAt: db.path) == ["ok"])
            #expect(try await db.pragma("page_size") == 1024)
            #expect(try await db.pragma("wal_autocheckpoint") == 4096)
        }
    }
}

extension GameState {
    /// Writes what changed from `old` to `self` on `db`'s connection, as a change does.
    mutating func save(since old: GameState, in db: Database) throws {
        try save(since: old, with: RawStatements(db))
    }
}
