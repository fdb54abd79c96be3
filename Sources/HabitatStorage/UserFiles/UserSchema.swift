import GRDB

/// The schema of a user's own file. Migrations are never edited once shipped; add a new one instead.
enum UserSchema {
    /// The `user_version` of a file the migrator has brought up to date: how many migrations there are.
    static let version = migrator.migrations.count

    /// Brings the file up to date. A file already at `version` is left alone without asking the migrator,
    /// whose check (its table of applied migrations, read through the schema) is a tenth of what opening
    /// a closed user's file costs. A file from before `user_version` was kept (0) goes through the
    /// migrator, which finds its migrations applied, and is marked.
    static func migrate(_ database: DatabaseQueue) throws {
        let current = try database.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard current != version else { return }
        try migrator.migrate(database)
        try database.inDatabase { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE profile (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        level INTEGER NOT NULL,
                        xp INTEGER NOT NULL,
                        coins INTEGER NOT NULL,
                        health INTEGER NOT NULL,
                        max_health INTEGER NOT NULL,
                        state TEXT NOT NULL,
                        challenge_target_km REAL,
                        challenge_progress_km REAL,
                        challenge_started TEXT
                    );
                    INSERT INTO profile (id, level, xp, coins, health, max_health, state) VALUES (1, 1, 0, 0, 1000, 1000, 'active');

                    CREATE TABLE setting (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    );

                    CREATE TABLE area (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        level INTEGER NOT NULL,
                        xp INTEGER NOT NULL,
                        curve TEXT NOT NULL,
                        base INTEGER NOT NULL,
                        multiplier REAL NOT NULL
                    );

                    -- AUTOINCREMENT: a deleted habit's id (and so its history) is never given to another.
                    CREATE TABLE habit (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        kind TEXT NOT NULL CHECK (kind IN ('good', 'bad')),
                        xp INTEGER NOT NULL,
                        coins INTEGER NOT NULL,
                        life INTEGER NOT NULL,
                        area_id INTEGER REFERENCES area(id) ON DELETE SET NULL,
                        archived INTEGER NOT NULL DEFAULT 0,
                        tracks_time INTEGER NOT NULL DEFAULT 0,
                        created_day TEXT NOT NULL,
                        streak INTEGER NOT NULL DEFAULT 0,
                        best_streak INTEGER NOT NULL DEFAULT 0,
                        last_day TEXT,
                        total INTEGER NOT NULL DEFAULT 0
                    );

                    CREATE TABLE routine (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        habit_ids TEXT NOT NULL
                    );

                    CREATE TABLE reward (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        price INTEGER NOT NULL
                    );

                    -- Append-only: undo appends a row that reverts an earlier one.
                    CREATE TABLE ledger (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        at REAL NOT NULL,
                        day TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        habit_id INTEGER,
                        subject TEXT NOT NULL,
                        quantity INTEGER NOT NULL,
                        xp INTEGER NOT NULL,
                        coins INTEGER NOT NULL,
                        health INTEGER NOT NULL,
                        note TEXT,
                        time_of_day INTEGER,
                        before TEXT,
                        reverts INTEGER UNIQUE REFERENCES ledger(id),
                        -- Rows recorded together (a routine) name their lead row here; undo reverts them all.
                        batch INTEGER REFERENCES ledger(id),
                        -- A household room's shared habit: the token naming this entry in the room's log.
                        room_token TEXT
                    );
                    CREATE INDEX ledger_room_token ON ledger(room_token);
                    CREATE INDEX ledger_habit_day ON ledger(habit_id, day);
                    CREATE INDEX ledger_day ON ledger(day);
                    CREATE INDEX ledger_batch ON ledger(batch);
                    CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
                        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
                    CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
                        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
                    """)
        }
        // Each recorded action wrote nine pages: the ledger row, its AUTOINCREMENT counter, an index
        // entry for every index (NULLs included), the profile and the habit. The ledger is append-only
        // (no row is ever deleted), so plain rowids are never reused and the counter can go; `reverts`,
        // `batch` and `room_token` are NULL on almost every row, so their indexes keep only the others.
        // The rebuild copies the ledger once, the first time the file is opened.
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    DROP TRIGGER ledger_no_update;
                    DROP TRIGGER ledger_no_delete;
                    CREATE TABLE ledger_v2 (
                        id INTEGER PRIMARY KEY,
                        at REAL NOT NULL,
                        day TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        habit_id INTEGER,
                        subject TEXT NOT NULL,
                        quantity INTEGER NOT NULL,
                        xp INTEGER NOT NULL,
                        coins INTEGER NOT NULL,
                        health INTEGER NOT NULL,
                        note TEXT,
                        time_of_day INTEGER,
                        before TEXT,
                        reverts INTEGER REFERENCES ledger(id),
                        batch INTEGER REFERENCES ledger(id),
                        room_token TEXT
                    );
                    INSERT INTO ledger_v2 SELECT id, at, day, kind, habit_id, subject, quantity, xp, coins, health, note,
                        time_of_day, before, reverts, batch, room_token FROM ledger;
                    DROP TABLE ledger;
                    ALTER TABLE ledger_v2 RENAME TO ledger;
                    CREATE UNIQUE INDEX ledger_reverts ON ledger(reverts) WHERE reverts IS NOT NULL;
                    CREATE INDEX ledger_batch ON ledger(batch) WHERE batch IS NOT NULL;
                    CREATE INDEX ledger_room_token ON ledger(room_token) WHERE room_token IS NOT NULL;
                    CREATE INDEX ledger_habit_day ON ledger(habit_id, day);
                    CREATE INDEX ledger_day ON ledger(day);
                    CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
                        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
                    CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
                        BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
                    """)
        }
        // A habit's total counted a recording of `x3` as one time, where history and the heatmap count three.
        // Totals now count amounts; each habit's total gains what its standing recordings of more than one
        // left out. (Undo takes back a recording's amount from the total, so undoing one made before this
        // comes out right as well.)
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    UPDATE habit SET total = total + (
                        SELECT COALESCE(SUM(e.quantity - 1), 0) FROM ledger e
                        WHERE e.habit_id = habit.id AND e.kind IN ('completion', 'slip') AND e.quantity > 1
                            AND NOT EXISTS (SELECT 1 FROM ledger u WHERE u.reverts = e.id))
                    """)
        }
        // A habit's schedule, as its words (`3 times a week`); every habit until now was an every-day habit.
        migrator.registerMigration("v4") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN schedule TEXT NOT NULL DEFAULT 'every day'")
        }
        // Pauses: days a habit (habit_id) or every habit (NULL) is not due, first_day through last_day.
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pause (
                        id INTEGER PRIMARY KEY,
                        habit_id INTEGER,
                        first_day TEXT NOT NULL,
                        last_day TEXT NOT NULL
                    )
                    """)
        }
        // Amounts: a good habit's target a day, a bad habit's limit a day (`amount`), in a unit (`amount_unit`).
        migrator.registerMigration("v6") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN amount INTEGER")
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN amount_unit TEXT")
        }
        // Dailies that bite: the life a habit costs at the end of a day it was due and not done, from `bite_since`.
        // The last day ended is the setting `ended_through`.
        migrator.registerMigration("v7") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN bite INTEGER NOT NULL DEFAULT 0")
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN bite_since TEXT")
        }
        // Each recorded action wrote an entry in two indexes over the ledger's days, (habit_id, day) and (day): a page
        // of each to the log, and about 6% of a `did`'s work. One index of (day, habit_id) answers both kinds of
        // question: a day or span of days, of every habit or of one (its habit_id is read in the index, so only that
        // habit's rows are looked up); and all of a habit's days (a backdated recording's) by reading the index
        // alone. Built once, the first time the file is opened.
        migrator.registerMigration("v8") { db in
            try db.execute(
                sql: """
                    DROP INDEX ledger_habit_day;
                    DROP INDEX ledger_day;
                    CREATE INDEX ledger_day_habit ON ledger(day, habit_id);
                    """)
        }
        // The player's own words for a habit (`call exercise gym`), one a line.
        migrator.registerMigration("v9") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN words TEXT NOT NULL DEFAULT ''")
        }
        // To-dos: done once (`done_at`, the instant; `done_day`, the user's day), due by `due_day` when one was said.
        // A ledger row of a to-do done (kind 'todo') and its undo name it in `todo_id`. Open ones are read whole, done
        // ones by their latest: the index.
        migrator.registerMigration("v10") { db in
            try db.execute(
                sql: """
                    CREATE TABLE todo (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        created_day TEXT NOT NULL,
                        due_day TEXT,
                        done_at REAL,
                        done_day TEXT
                    );
                    CREATE INDEX todo_done_at ON todo(done_at);
                    ALTER TABLE ledger ADD COLUMN todo_id INTEGER;
                    """)
        }
        // A to-do's checklist: an item a line, `[x] ` before one ticked and `[ ] ` before one not.
        migrator.registerMigration("v11") { db in
            try db.execute(sql: "ALTER TABLE todo ADD COLUMN checklist TEXT NOT NULL DEFAULT ''")
        }
        // A habit's steps, as a to-do's checklist is kept; which are ticked holds for `checklist_day` only.
        migrator.registerMigration("v12") { db in
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist TEXT NOT NULL DEFAULT ''")
            try db.execute(sql: "ALTER TABLE habit ADD COLUMN checklist_day TEXT")
        }
        return migrator
    }
}
