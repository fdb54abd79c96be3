import Foundation
import GRDB

/// A copy of a data directory, made while the server runs (`habitat backup`).
///
/// Each file is copied with SQLite's online backup API, so each copy holds exactly the transactions
/// committed when its copy began, whatever the server writes meanwhile. The directory database is copied
/// first and users' files after it: a room completion begun in between is finished by the server's
/// start-up recovery when the copy is used, as after a crash. The copy is a data directory that
/// `habitat serve --data` runs on.
public enum DataBackup {
    public struct Summary: Sendable, Equatable {
        /// Users' files copied.
        public var users: Int
        /// Bytes written, all files together.
        public var bytes: Int64
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies every file of `source` into `destination`, which must be new or empty.
    public static func copy(from source: URL, to destination: URL) throws -> Summary {
        let manager = FileManager.default
        guard DirectoryDatabase.exists(in: source) else {
            throw Failure(description: "\(source.path) holds no Habitat data (there is no \(DirectoryDatabase.fileName) in it).")
        }
        if manager.fileExists(atPath: destination.path) {
            guard (try? manager.contentsOfDirectory(atPath: destination.path))?.isEmpty == true else {
                throw Failure(description: "\(destination.path) is not empty: back up into a new or empty directory.")
            }
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)

        var summary = Summary(users: 0, bytes: 0)
        summary.bytes += try copyFile(
            source.appendingPathComponent(DirectoryDatabase.fileName).path,
            to: destination.appendingPathComponent(DirectoryDatabase.fileName).path)
        for (folder, file) in try userFiles(in: source.appendingPathComponent("users")) {
            let target = destination.appendingPathComponent("users").appendingPathComponent(folder)
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            summary.bytes += try copyFile(
                source.appendingPathComponent("users/\(folder)/\(file)").path, to: target.appendingPathComponent(file).path)
            summary.users += 1
        }
        return summary
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

    /// One file, through the backup API; returns the size of the copy.
    static func copyFile(_ source: String, to destination: String) throws -> Int64 {
        do {
            let from = try DatabaseQueue(path: source)
            let to = try DatabaseQueue(path: destination)
            try from.backup(to: to)
            try to.close()
            try from.close()
        } catch let error as DatabaseError {
            throw Failure(description: "Could not copy \(source): \(error.message ?? error.description)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
}
