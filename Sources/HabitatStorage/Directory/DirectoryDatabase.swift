import Foundation
import GRDB
import HabitatEngine
import HabitatHousehold

/// A login: who someone is, and which file holds their game. Names are stored lowercased.
public struct Account: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// `nil` for identities that cannot log in with a password (bridge users).
    public var passwordHash: String?
    /// The server-assigned id that names the user's SQLite file; never derived from the name.
    public var fileID: String
    public var created: Date

    /// The name as people see it (`alice` for the bridge identity `irc:alice`).
    public var displayName: String { chatName(name) }

    /// Whether whoever runs the server locked it (`habitat admin lock`): its password hash is kept behind a `!`, as
    /// `/etc/shadow` keeps a locked one, so unlocking gives the same password back.
    public var isLocked: Bool { passwordHash?.hasPrefix("!") == true }

    /// The hash a password is checked against: none while locked.
    public var usableHash: String? { isLocked ? nil : passwordHash }

    public init(id: Int64, name: String, passwordHash: String?, fileID: String, created: Date) {
        (self.id, self.name, self.passwordHash, self.fileID, self.created) = (id, name, passwordHash, fileID, created)
    }
}

extension Account {
    init(row: Row) {
        self.init(
            id: row["id"], name: row["name"], passwordHash: row["password_hash"], fileID: row["file_id"],
            created: Date(timeIntervalSince1970: row["created_at"]))
    }
}

/// The directory database: accounts (and later rooms, memberships, bridges), shared by all users.
public struct DirectoryDatabase: Sendable {
    let writer: DatabaseQueue
    /// How many rooms one account may be in, and how many members and shared habits one room may have.
    public let limits: RoomLimits
    private let fullFiles: FullFiles?

    /// The directory database's file in a data directory.
    public static let fileName = "directory.sqlite"

    /// Whether `directory` holds Habitat data (a directory database).
    public static func exists(in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(fileName).path)
    }

    /// Opens (creating if needed) `directory.sqlite` in `directory`. Blocking: call at start-up.
    /// `fullFiles` hears of each write a full disk refuses, and of the first that goes through after.
    public init(directory: URL, durability: Durability, limits: RoomLimits = .standard, fullFiles: FullFiles? = nil) throws {
        self.limits = limits
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(Self.fileName).path
        self.fullFiles = fullFiles
        do {
            writer = try DatabaseQueue(path: path, configuration: durability.configuration(label: "directory"))
            try Self.migrator.migrate(writer)
            // What is deleted is overwritten, not left in free pages: a deleted account leaves no trace in the file.
            try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA secure_delete = ON") }
        } catch {
            throw StorageFullError(error, path: path) ?? error
        }
    }

    /// Closes the file: SQLite copies its log into it and removes the log. Nothing can be read or written after.
    public func close() throws {
        try writer.close()
    }

    /// Runs `updates` in one transaction. A full disk refuses it as a ``StorageFullError``, with nothing written.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        do {
            let result = try await writer.write(updates)
            fullFiles?.wrote(writer.path)
            return result
        } catch {
            throw refusedIfFull(error)
        }
    }

    /// `write(_:)` for a caller that may block its thread: a user's storage thread, in the middle of a
    /// transaction of the user's file that must commit only if this does.
    func writeNow<T>(_ updates: (Database) throws -> T) throws -> T {
        do {
            let result = try writer.write(updates)
            fullFiles?.wrote(writer.path)
            return result
        } catch {
            throw refusedIfFull(error)
        }
    }

    private func refusedIfFull(_ error: any Error) -> any Error {
        guard let full = StorageFullError(error, path: writer.path) else { return error }
        fullFiles?.refused(writer.path)
        return full
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        password_hash TEXT,
                        file_id TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL
                    );

                    -- Server-side timers: when one ends, its habit is recorded for its owner.
                    CREATE TABLE timer (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        habit TEXT NOT NULL,
                        minutes INTEGER NOT NULL,
                        started_at REAL NOT NULL,
                        ends_at REAL NOT NULL
                    );
                    CREATE INDEX timer_ends ON timer(ends_at);
                    CREATE INDEX timer_account ON timer(account_id);

                    -- Events raised while their user was away, delivered at the next login (bounded).
                    CREATE TABLE inbox (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        toasts TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX inbox_account ON inbox(account_id, id);

                    -- Household rooms.
                    CREATE TABLE room (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE membership (
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
                        joined_at REAL NOT NULL,
                        PRIMARY KEY (room_id, account_id)
                    );
                    CREATE INDEX membership_account ON membership(account_id);
                    -- Single-use invite codes.
                    CREATE TABLE invite (
                        code TEXT PRIMARY KEY,
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        created_by INTEGER NOT NULL,
                        expires_at REAL NOT NULL,
                        used_by INTEGER
                    );
                    CREATE TABLE room_habit (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        name TEXT NOT NULL COLLATE NOCASE,
                        kind TEXT NOT NULL CHECK (kind IN ('good', 'bad')),
                        xp INTEGER NOT NULL,
                        coins INTEGER NOT NULL,
                        life INTEGER NOT NULL,
                        -- Credited to each member's own area of this name, if they have one.
                        area TEXT,
                        UNIQUE (room_id, name)
                    );
                    -- The room's log: who did which shared habit, when. `ref` names the entry in the
                    -- member's own ledger (`<account>:<ledger id>`), so a replay never doubles it.
                    CREATE TABLE room_log (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        habit_id INTEGER NOT NULL,
                        habit TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        account_id INTEGER NOT NULL,
                        member TEXT NOT NULL,
                        at REAL NOT NULL,
                        day TEXT NOT NULL,
                        quantity INTEGER NOT NULL,
                        xp INTEGER NOT NULL,
                        health INTEGER NOT NULL,
                        ref TEXT NOT NULL UNIQUE,
                        undone INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX room_log_room ON room_log(room_id, day);
                    -- A shared completion (or its undo) in flight between a member's file and the room
                    -- log. Written before the member's commit, removed with the room log write; a row
                    -- left by a crash is finished (or dropped) at start-up by checking the member's ledger.
                    CREATE TABLE room_intent (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL,
                        token TEXT NOT NULL UNIQUE,
                        action TEXT NOT NULL CHECK (action IN ('record', 'undo')),
                        room_id INTEGER NOT NULL,
                        habit_id INTEGER NOT NULL,
                        created_at REAL NOT NULL
                    );

                    -- Chat bridges: only a hash of each token is kept.
                    CREATE TABLE bridge (
                        name TEXT PRIMARY KEY,
                        token_hash TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    -- One-time codes that link a chat identity to an existing account.
                    CREATE TABLE link_code (
                        code TEXT PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        expires_at REAL NOT NULL
                    );
                    -- A chat identity (`irc:alice`) that acts as an existing account.
                    CREATE TABLE identity_link (
                        identity TEXT PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE
                    );
                    """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    -- Who left a room or was removed from it, until they join again: speaking in a bridge's
                    -- channel makes someone a member of its room, but not someone recorded here.
                    CREATE TABLE room_departure (
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        removed INTEGER NOT NULL,
                        at REAL NOT NULL,
                        PRIMARY KEY (room_id, account_id)
                    );
                    """)
        }
        // Room names are unique in any case, but SQLite's NOCASE folds only ASCII: `Maison Café` and `MAISON
        // CAFÉ` could both be made. Each room now keeps its name folded in full Unicode (`Room.foldedName`),
        // unique. Where two rooms made before share a folded name, the older keeps it and the later none
        // (NULL): both stay as they are, with their members, habits and logs, each found by its own name.
        migrator.registerMigration("v3") { db in
            try db.execute(sql: "ALTER TABLE room ADD COLUMN folded_name TEXT")
            var taken = Set<String>()
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM room ORDER BY id") {
                let folded = Room.foldedName(row["name"])
                try db.execute(
                    sql: "UPDATE room SET folded_name = ? WHERE id = ?",
                    arguments: [taken.insert(folded).inserted ? folded : nil, row["id"] as Int64])
            }
            try db.execute(sql: "CREATE UNIQUE INDEX room_folded_name ON room(folded_name)")
        }
        // Expired invite and link codes are deleted whenever a new one is made: found by when they expire.
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    CREATE INDEX invite_expires ON invite(expires_at);
                    CREATE INDEX link_code_expires ON link_code(expires_at);
                    """)
        }
        // A room's invite codes, counted for each new one (at most so many unused) and deleted with the room,
        // are found by the room instead of by reading every room's.
        migrator.registerMigration("v5") { db in
            try db.execute(sql: "CREATE INDEX invite_room ON invite(room_id, used_by)")
        }
        // Day ends: when each user with a habit that bites has a day to end next (the user's own file keeps which days
        // are ended; this only says when to look).
        migrator.registerMigration("v6") { db in
            try db.execute(
                sql: """
                    CREATE TABLE day_end (
                        account_id INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                        due_at REAL NOT NULL
                    );
                    CREATE INDEX day_end_due ON day_end(due_at);
                    """)
        }
        // Shared habits gain a schedule (as a habit's words) and turns (`rotate`).
        migrator.registerMigration("v7") { db in
            try db.execute(sql: "ALTER TABLE room_habit ADD COLUMN schedule TEXT NOT NULL DEFAULT 'every day'")
            try db.execute(sql: "ALTER TABLE room_habit ADD COLUMN rotate INTEGER NOT NULL DEFAULT 0")
        }
        // One index of everything the server does on its own at a time (timers, day ends, reminders and their snoozes),
        // which one process-wide timer serves; and users' reminders.
        migrator.registerMigration("v8") { db in
            try db.execute(
                sql: """
                    CREATE TABLE due (
                        kind TEXT NOT NULL,
                        subject INTEGER NOT NULL,
                        due_at REAL NOT NULL,
                        PRIMARY KEY (kind, subject)
                    ) WITHOUT ROWID;
                    CREATE INDEX due_at ON due(due_at);
                    INSERT INTO due (kind, subject, due_at) SELECT 'day_end', account_id, due_at FROM day_end;
                    INSERT INTO due (kind, subject, due_at) SELECT 'timer', id, ends_at FROM timer;
                    DROP TABLE day_end;
                    DROP INDEX timer_ends;
                    CREATE TABLE reminder (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        habit TEXT,
                        minute INTEGER NOT NULL,
                        fired_for INTEGER,
                        fired_at REAL,
                        delivered INTEGER NOT NULL DEFAULT 1
                    );
                    CREATE UNIQUE INDEX reminder_account ON reminder(account_id, IFNULL(habit, ''), minute);
                    """)
        }
        // What rooms post on their own: each day's chores, each week's report.
        migrator.registerMigration("v9") { db in
            try db.execute(
                sql: """
                    CREATE TABLE room_post (
                        id INTEGER PRIMARY KEY,
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        minute INTEGER NOT NULL,
                        weekday INTEGER,
                        time_zone TEXT NOT NULL,
                        day_start INTEGER NOT NULL,
                        posted_for INTEGER,
                        UNIQUE (room_id, kind)
                    );
                    """)
        }
        // A reminder keeps its user's clock (kept in step with their settings), so one for a user away is written down
        // without opening their file.
        migrator.registerMigration("v10") { db in
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC'")
            try db.execute(sql: "ALTER TABLE reminder ADD COLUMN day_start INTEGER NOT NULL DEFAULT 0")
        }
        // A household's shared list (`room add todo Milk`). An item is got when a standing line of the room's log names
        // it (`todo_id`), or while a member's getting of it is in flight (an intent naming it): the first to get it
        // is credited, once.
        migrator.registerMigration("v11") { db in
            try db.execute(
                sql: """
                    CREATE TABLE room_todo (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        added_by INTEGER NOT NULL,
                        assignee INTEGER,
                        created_day TEXT NOT NULL,
                        due TEXT,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX room_todo_room ON room_todo(room_id);
                    ALTER TABLE room_log ADD COLUMN todo_id INTEGER;
                    CREATE INDEX room_log_todo ON room_log(todo_id) WHERE todo_id IS NOT NULL;
                    ALTER TABLE room_intent ADD COLUMN todo_id INTEGER;
                    """)
        }
        // Invite codes to register (`--registration invite`), made by whoever runs the server (`habitat admin invite`).
        migrator.registerMigration("v12") { db in
            try db.execute(
                sql: """
                    CREATE TABLE registration_invite (
                        code TEXT PRIMARY KEY,
                        expires_at REAL NOT NULL
                    );
                    """)
        }
        return migrator
    }
}

// MARK: - Accounts

extension DirectoryDatabase {
    /// A fresh id for a user's file: 32 lowercase hex digits, never derived from the name.
    public static func newFileID() -> String {
        UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    public func createAccount(name: String, passwordHash: String?, fileID: String, at now: Date) async throws -> Account {
        let name = name.lowercased()
        return try await write { db in
            if try Self.account(named: name, in: db) != nil {
                throw HabitatError.nameTaken(name)
            }
            try db.execute(
                sql: "INSERT INTO account (name, password_hash, file_id, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, passwordHash, fileID, now.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, name: name, passwordHash: passwordHash, fileID: fileID, created: now)
        }
    }

    public func account(named name: String) async throws -> Account? {
        let name = name.lowercased()
        return try await writer.read { db in try Self.account(named: name, in: db) }
    }

    public func account(id: Int64) async throws -> Account? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT name FROM account WHERE id = ?", arguments: [id])
                .flatMap { try Self.account(named: $0["name"], in: db) }
        }
    }

    public func setPasswordHash(_ hash: String?, forAccount id: Int64) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [hash, id])
        }
    }

    /// Reads from the file, as any request does: what `/readyz` asks of storage.
    public func answers() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func accountCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") ?? 0 }
    }

    static func account(named name: String, in db: Database) throws -> Account? {
        try Row.fetchOne(db, sql: "SELECT * FROM account WHERE name = ?", arguments: [name]).map(Account.init(row:))
    }
}
