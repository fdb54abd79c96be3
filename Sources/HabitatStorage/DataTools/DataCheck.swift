import Foundation
import GRDB

/// SQLite's integrity check of a whole data directory (`habitat check`): the directory database and every
/// user's file, each read in one read transaction, so it is safe on a backup and, through the server's own
/// connections, while the server runs.
public enum DataCheck {
    /// A file that is not sound.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// Whose file it is: a user's name, or `nil` for the directory database or a file no account names.
        public let user: String?
        public let path: String
        /// SQLite's words for what is wrong (the first of them when there are many).
        public let problem: String

        public var description: String {
            let whose = user.map { "\($0)'s file" } ?? (path.hasSuffix(DirectoryDatabase.fileName) ? "the directory database" : "a file no user has")
            return "\(whose) \(path): \(problem)"
        }
    }

    public struct Report: Sendable {
        /// Files checked, the directory database included.
        public var files = 0
        public var findings: [Finding] = []
        /// Files that could not be opened to be checked because the disk holding them is full: SQLite needs a
        /// little space to open a file that was closed cleanly (for its shared-memory file). Nothing is known
        /// to be wrong with them.
        public var unchecked: [String] = []
    }

    /// Checks every file of `directory`. `users`: the running server's open files of `directory`, through which
    /// users' files are read (the server's connection is a file's only one while it is open); without it, each file
    /// is opened here. Blocks: call it off Swift's task pool.
    public static func run(in directory: URL, users: UserDatabases? = nil) -> Report {
        var report = Report()
        let directoryPath = directory.appendingPathComponent(DirectoryDatabase.fileName).path
        report.files += 1
        var names: [String: String] = [:]
        switch verdict(ofDatabaseAt: directoryPath) {
        case .sound: names = (try? accountNames(directoryPath)) ?? [:]
        case .unsound(let problem): report.findings.append(Finding(user: nil, path: directoryPath, problem: problem))
        case .diskFull: report.unchecked.append(directoryPath)
        }
        let usersFolder = directory.appendingPathComponent("users")
        for (folder, file) in (try? DataBackup.userFiles(in: usersFolder)) ?? [] {
            let path = usersFolder.appendingPathComponent(folder).appendingPathComponent(file).path
            let fileID = String(file.dropLast(".sqlite".count))
            report.files += 1
            let check = users.map { users in { try waiting { try await users.withFile(fileID) { try await $0.integrityCheck() } } } }
            switch verdict(ofDatabaseAt: path, check: check) {
            case .sound: break
            case .unsound(let problem):
                report.findings.append(Finding(user: names[fileID], path: path, problem: problem))
            case .diskFull: report.unchecked.append(path)
            }
        }
        return report
    }

    enum Verdict: Equatable {
        case sound
        /// What SQLite finds wrong with the file.
        case unsound(String)
        /// The file could not be opened: the disk holding it is full.
        case diskFull
    }

    /// SQLite's verdict on the file at `path`, checked by `check` (by default, opened here).
    static func verdict(ofDatabaseAt path: String, check: (() throws -> [String])? = nil) -> Verdict {
        do {
            let verdict: [String]
            do {
                verdict = try check?() ?? integrityCheck(ofDatabaseAt: path)
            } catch let error as UserFileError {
                throw error.underlying
            }
            guard verdict != ["ok"], let first = verdict.first else { return .sound }
            return .unsound(verdict.count == 1 ? first : "\(first) (and \(verdict.count - 1) more)")
        } catch let error where StorageFullError(error, path: path) != nil {
            return .diskFull
        } catch let error as DatabaseError {
            return .unsound(error.message ?? error.description)
        } catch {
            return .unsound("\(error)")
        }
    }

    /// Each account's file id and name.
    static func accountNames(_ path: String) throws -> [String: String] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        return try database.read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT file_id, name FROM account").map { ($0["file_id"] as String, $0["name"] as String) },
                uniquingKeysWith: { first, _ in first })
        }
    }
}
