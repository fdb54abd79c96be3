import Foundation
import GRDB
import GRDBSQLite

/// A copy of a data directory, made while the server runs (`habitat backup`).
///
/// Each file is copied with SQLite's online backup API, so each copy holds exactly the transactions
/// committed when its copy began, whatever the server writes meanwhile. The directory database is copied
/// first and users' files after it: a room completion (or its undo) that reached a member's file after
/// the directory's copy began is given its room intent in the copy, which the server's start-up recovery
/// finishes when the copy is used, as after a crash. The copy is a data directory that `habitat serve
/// --data` runs on.
public enum DataBackup {
    public struct Summary: Sendable, Equatable {
        /// Users' files copied.
        public var users: Int
        /// Bytes written, all files together.
        public var bytes: Int64
        /// Users' files SQLite could not read (damaged): their bytes are copied as they are, for repair, and
        /// they are counted in `users` too.
        public var damaged: [String] = []
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The source is not a database, or a damaged one.
        var damaged = false
    }

    /// Copies every file of `source` into `destination`, which must be a new or empty directory outside
    /// `source`. `users`: the running server's open files of `source`, through which users' files are read (the
    /// server's connection is a file's only one while it is open); without it, each file is opened here. Blocks:
    /// call it off Swift's task pool. `afterDirectory` runs between the directory's copy and the users' (for tests).
    public static func copy(
        from source: URL, to destination: URL, users: UserDatabases? = nil, afterDirectory: () throws -> Void = {}
    ) throws -> Summary {
        let manager = FileManager.default
        guard DirectoryDatabase.exists(in: source) else {
            throw Failure(description: "\(source.path) holds no Habitat data (there is no \(DirectoryDatabase.fileName) in it).")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Failure(description: "\(destination.path) is a file: back up into a new or empty directory.")
            }
            guard (try? manager.contentsOfDirectory(atPath: destination.path))?.isEmpty == true else {
                throw Failure(description: "\(destination.path) is not empty: back up into a new or empty directory.")
            }
        }
        if resolved(destination).pathComponents.starts(with: resolved(source).pathComponents) {
            throw Failure(
                description: "\(destination.path) is inside the data directory \(source.path): a copy there is lost with it. Back up somewhere else.")
        }
        let existed = manager.fileExists(atPath: destination.path)
        try makeDirectory(destination)
        do {
            do {
                return try copyAll(from: source, to: destination, users: users, afterDirectory: afterDirectory)
            } catch let error where StorageFullError(error, path: destination.appendingPathComponent(DirectoryDatabase.fileName).path) != nil {
                throw Failure(
                    description: "The disk holding \(destination.path) is full, so the backup stopped and nothing of it was kept. Free some space there, or back up to another disk.")
            }
        } catch {
            // No half copy is left to be taken for a backup: what was made here goes again.
            if existed {
                for item in (try? manager.contentsOfDirectory(atPath: destination.path)) ?? [] {
                    try? manager.removeItem(at: destination.appendingPathComponent(item))
                }
            } else {
                try? manager.removeItem(at: destination)
            }
            throw error
        }
    }

    /// Copies the directory, then every user's file, into `destination` (new or empty by now).
    static func copyAll(from source: URL, to destination: URL, users: UserDatabases?, afterDirectory: () throws -> Void) throws -> Summary {
        let manager = FileManager.default
        var summary = Summary(users: 0, bytes: 0)
        let directoryCopy = destination.appendingPathComponent(DirectoryDatabase.fileName).path
        let started = Date()
        summary.bytes += try copyFile(source.appendingPathComponent(DirectoryDatabase.fileName).path, to: directoryCopy)
        try afterDirectory()
        var copies: [(fileID: String, path: String)] = []
        for (folder, file) in try userFiles(in: source.appendingPathComponent("users")) {
            let target = destination.appendingPathComponent("users").appendingPathComponent(folder)
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            let path = target.appendingPathComponent(file).path
            let live = source.appendingPathComponent("users/\(folder)/\(file)").path
            let fileID = String(file.dropLast(".sqlite".count))
            do {
                if let users {
                    summary.bytes += try copyFile(live, to: path) { try waiting { try await users.withFile(fileID) { try await $0.backup(to: path) } } }
                } else {
                    summary.bytes += try copyFile(live, to: path)
                }
                copies.append((fileID, path))
            } catch let failure as Failure where failure.damaged {
                // One damaged file must not keep everyone else's from the backup: its bytes go as they are.
                summary.bytes += try copyBytes(live, to: path)
                summary.damaged.append(live)
            }
        }
        summary.users = copies.count + summary.damaged.count
        try addRoomIntents(to: directoryCopy, for: copies, from: source.appendingPathComponent(DirectoryDatabase.fileName).path, since: started)
        return summary
    }

    /// Makes `url` and the folders above it that are missing, with the system's reason when it can't.
    static func makeDirectory(_ url: URL) throws {
        var missing: [URL] = []
        var folder = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            missing.insert(folder, at: 0)
            folder.deleteLastPathComponent()
        }
        for folder in missing where mkdir(folder.path, 0o777) != 0 && errno != EEXIST {
            throw Failure(description: "Could not make the directory \(url.path): \(String(cString: strerror(errno))).")
        }
    }

    /// `url` with symbolic links followed as far as it exists.
    static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
    }

    /// How far before the directory's copy began a member's ledger is read for shared completions that copy
    /// may have missed: a completion's ledger row carries the time its command began, a moment before its
    /// intent was written.
    static let inFlightMargin: TimeInterval = 600

    /// Gives the directory's copy the room intent of each shared completion, or undo of one, that is in a
    /// member file's copy but not in the room log of the directory's copy (it reached the member's file
    /// after the directory's copy began). The room and habit come from the live directory, which has the
    /// log line (or the intent still in flight) by now. A completion and its undo both missed cancel out.
    static func addRoomIntents(
        to directoryCopy: String, for users: [(fileID: String, path: String)], from liveDirectory: String, since: Date
    ) throws {
        do {
            let copy = try DatabaseQueue(path: directoryCopy)
            let live = try DatabaseQueue(path: liveDirectory)
            defer {
                try? live.close()
                try? copy.close()
            }
            for user in users {
                let member = try DatabaseQueue(path: user.path)
                let rows = try member.read { db in
                    try Row.fetchAll(
                        db, sql: "SELECT room_token, kind = 'undo' AS undo FROM ledger WHERE room_token IS NOT NULL AND at >= ?",
                        arguments: [since.timeIntervalSince1970 - inFlightMargin]
                    ).map { (token: $0["room_token"] as String, undo: $0["undo"] as Bool) }
                }
                try member.close()
                guard !rows.isEmpty else { continue }
                let undone = Set(rows.filter(\.undo).map(\.token))
                try copy.write { db in
                    guard let account = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE file_id = ?", arguments: [user.fileID])
                    else { return }
                    for token in Set(rows.map(\.token)) {
                        let line = try Row.fetchOne(db, sql: "SELECT room_id, habit_id, undone FROM room_log WHERE ref = ?", arguments: [token])
                        let intent = try String.fetchOne(db, sql: "SELECT action FROM room_intent WHERE token = ?", arguments: [token])
                        if undone.contains(token) {
                            if let line, !(line["undone"] as Bool), intent == nil {
                                try insertIntent(db, .undo, token: token, account: account, room: line["room_id"], habit: line["habit_id"])
                            } else if line == nil, intent == RoomIntent.Action.record.rawValue {
                                try db.execute(sql: "DELETE FROM room_intent WHERE token = ?", arguments: [token])
                            }
                        } else if line == nil, intent == nil, let place = try live.read({ db in
                            try Row.fetchOne(
                                db,
                                sql: """
                                    SELECT room_id, habit_id, todo_id FROM room_log WHERE ref = ?
                                    UNION ALL SELECT room_id, habit_id, todo_id FROM room_intent WHERE token = ?
                                    """,
                                arguments: [token, token])
                        }) {
                            try insertIntent(
                                db, .record, token: token, account: account, room: place["room_id"], habit: place["habit_id"], todo: place["todo_id"])
                        }
                    }
                }
            }
        } catch let error as DatabaseError {
            throw Failure(description: "Could not bring the copy's room logs up to date: \(error.message ?? error.description)")
        }
    }

    /// An intent the copy lacks; `todo` the item of a room's list it gets, for a getting of one (which the intent claims).
    static func insertIntent(
        _ db: Database, _ action: RoomIntent.Action, token: String, account: Int64, room: Int64, habit: Int64, todo: Int64? = nil
    ) throws {
        try db.execute(
            sql: "INSERT INTO room_intent (account_id, token, action, room_id, habit_id, created_at, todo_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [account, token, action.rawValue, room, habit, Date().timeIntervalSince1970, todo])
    }

    /// The users' files: `users/ab/ab12….sqlite` (32 lowercase hex digits), as (folder, file name), sorted.
    static func userFiles(in users: URL) throws -> [(String, String)] {
        let manager = FileManager.default
        guard manager.fileExists(atPath: users.path) else { return [] }
        var found: [(String, String)] = []
        for folder in try manager.contentsOfDirectory(atPath: users.path).sorted() where folder.utf8.count == 2 {
            for file in try manager.contentsOfDirectory(atPath: users.appendingPathComponent(folder).path).sorted() {
                guard file.hasSuffix(".sqlite") else { continue }
                let id = file.dropLast(".sqlite".count)
                guard id.hasPrefix(folder), UserDatabases.isFileID(id) else { continue }
                found.append((folder, file))
            }
        }
        return found
    }

    /// One file, through the backup API; returns the size of the copy. `copy` makes it from the live file (by
    /// default, opened here); a failure is said for `source` and leaves no copy.
    static func copyFile(_ source: String, to destination: String, copy: (() throws -> Void)? = nil) throws -> Int64 {
        do {
            do {
                if let copy {
                    try copy()
                } else {
                    let from = try DatabaseQueue(path: source)
                    defer { try? from.close() }
                    try from.inDatabase { db in try Self.copy(db, to: destination) }
                }
            } catch let error as UserFileError {
                throw error.underlying
            }
        } catch let error as DatabaseError {
            try? FileManager.default.removeItem(atPath: destination)
            // The copy's disk is full: said as such by `copy`. The data's disk is full: nothing is wrong with the file.
            if StorageFullError(error, path: destination) != nil { throw error }
            if let full = StorageFullError(error, path: source) { throw full }
            throw Failure(
                description: "Could not copy \(source) to \(destination): \(reason(error))",
                damaged: error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// The file open on `db`, copied into a new file at `destination` in one step of the backup API: exactly what
    /// was committed when it began.
    static func copy(_ db: Database, to destination: String) throws {
        let target = try DatabaseQueue(path: destination)
        try target.writeWithoutTransaction { copy in try db.backup(to: copy) }
        try target.close()
    }

    /// SQLite's reason for `error`. The backup API leaves the connection's message at "not an error" when a step
    /// fails: then the result code says it.
    static func reason(_ error: DatabaseError) -> String {
        if let message = error.message, message != "not an error" { return message }
        return String(cString: sqlite3_errstr(error.extendedResultCode.rawValue))
    }

    /// A file that SQLite can't read, byte for byte, with its write-ahead log if it has one; returns the bytes written.
    static func copyBytes(_ source: String, to destination: String) throws -> Int64 {
        var bytes: Int64 = 0
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
            do {
                try? FileManager.default.removeItem(atPath: destination + suffix)
                try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
            } catch {
                throw Failure(description: "Could not copy \(source + suffix) to \(destination + suffix): \(error.localizedDescription)")
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: destination + suffix)
            bytes += (attributes[.size] as? NSNumber)?.int64Value ?? 0
        }
        return bytes
    }
}
