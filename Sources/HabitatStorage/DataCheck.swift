import Foundation
import GRDB

/// SQLite's integrity check of a whole data directory (`habitat check`): the directory database and every
/// user's file, each read in one read transaction, so it is safe while the server runs and on a backup.
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

    public static func run(in directory: URL) -> Report {
        var report = Report()
        let directoryPath = directory.appendingPathComponent(DirectoryDatabase.fileName).path
        report.files += 1
        var names: [String: String] = [:]
        switch verdict(ofDatabaseAt: directoryPath) {
        case .sound: names = (try? accountNames(directoryPath)) ?? [:]
        case .unsound(let problem): report.findings.append(Finding(user: nil, path: directoryPath, problem: problem))
        case .diskFull: report.unchecked.append(directoryPath)
        }
        let users = directory.appendingPathComponent("users")
        for (folder, file) in (try? DataBackup.userFiles(in: users)) ?? [] {
            let path = users.appendingPathComponent(folder).appendingPathComponent(file).path
            report.files += 1
            switch verdict(ofDatabaseAt: path) {
            case .sound: break
            case .unsound(let problem):
                report.findings.append(Finding(user: names[String(file.dropLast(".sqlite".count))], path: path, problem: problem))
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

    static func verdict(ofDatabaseAt path: String) -> Verdict {
        do {
            let verdict = try integrityCheck(ofDatabaseAt: path)
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
