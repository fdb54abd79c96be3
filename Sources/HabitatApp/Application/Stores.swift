import Foundation
import HabitatStorage

/// Where a server keeps everything it knows, given to it already open: a PostgreSQL database (`serve --database`),
/// or anything else that keeps the storage contract. Without one, a server keeps its data directory's SQLite files.
public struct Stores: Sendable {
    public let directory: any StorageContract
    public let users: any UserGames
    /// What they are, for the log: `PostgreSQL at db.example:5432/habitat`.
    public let description: String
    /// Closes them, once the server is done with them.
    let close: @Sendable () async -> Void

    public init(directory: any StorageContract, users: any UserGames, description: String, close: @escaping @Sendable () async -> Void) {
        (self.directory, self.users, self.description, self.close) = (directory, users, description, close)
    }
}

/// A data directory's SQLite files, as a server holds them: the directory database, the users' files, and the lock
/// that keeps them this server's alone.
struct DataFiles: Sendable {
    let directory: DirectoryDatabase
    let users: UserDatabases
    let lock: DataDirectoryLock
}

extension Application {
    /// Whether the server keeps its data directory's files (and answers the data tools for them).
    public var keepsFiles: Bool { files != nil }
}
