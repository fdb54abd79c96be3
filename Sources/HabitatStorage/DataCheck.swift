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
    }

    public static func run(in directory: URL) -> Report {
        var report = Report()
        let directoryPath = directory.appendingPathComponent(DirectoryDatabase.fileName).path
        report.files += 1
        var names: [String: String] = [:]
        if let problem = problem(ofDatabaseAt: directoryPath) {
            report.findings.append(Finding(user: nil, path: directoryPath, problem: problem))
        } else {
            names = (try? accountNames(directoryPath)) ?? [:]
        }
        let users = directory.appendingPathComponent("users")
        for (folder, file) in (try? DataBackup.userFiles(in: users)) ?? [] {
            let path = users.appendingPathComponent(folder).appendingPathComponent(file).path
            report.files += 1
            if let problem = problem(ofDatabaseAt: path) {
                report.findings.append(Finding(user: names[String(file.dropLast(".sqlite".count))], path: path, problem: problem))
            }
        }
        return report
    }

    /// What SQLite finds wrong with the file, or `nil` when it is sound.
    static func problem(ofDatabaseAt path: String) -> String? {
        do {
            let verdict = try integrityCheck(ofDatabaseAt: path)
            guard verdict != ["ok"], let first = verdict.first else { return nil }
            return verdict.count == 1 ? first : "\(first) (and \(verdict.count - 1) more)"
        } catch let error as DatabaseError {
            return error.message ?? error.description
        } catch {
            return "\(error)"
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
