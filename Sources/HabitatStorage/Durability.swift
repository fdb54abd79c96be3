import CSQLiteSetup
import GRDB
import GRDBSQLite

/// How hard a commit waits for the disk. Both survive a process crash; `full` also survives power loss.
public enum Durability: String, Sendable, CaseIterable {
    /// WAL with `synchronous = NORMAL`: nothing is lost when the process dies.
    case normal
    /// WAL with `synchronous = FULL`: every commit is on the disk before the reply.
    case full

    /// The SQLite configuration every Habitat database is opened with. `pageSize` applies to a file
    /// created by this connection; an existing file keeps the page size it was made with.
    ///
    /// `exclusive`: this connection is the file's only one while it is open (the server's, for a user's file, whose
    /// data directory it holds locked: ``DataDirectoryLock``). SQLite then keeps the log's index in the connection's
    /// memory instead of a shared `-shm` file, and closing leaves the log beside the file, to be read by whoever opens
    /// it next, instead of copying it in and syncing both to disk. Such a file shares the process's descriptors
    /// (descriptor_pool.c), which SQLite's own locks would not survive: it takes none.
    func configuration(label: String, pageSize: Int? = nil, exclusive: Bool = false) -> Configuration {
        var config = Configuration()
        config.label = label
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(5)
        // WAL is set here rather than with `journalMode = .wal`, whose set-up would reset `synchronous`.
        config.prepareDatabase { db in
            // Before WAL: switching to WAL writes the file's header, which fixes its page size.
            if let pageSize { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            // Before WAL too: a connection that has used the shared index keeps using it.
            if exclusive {
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                let code = habitat_sqlite_keep_log_on_close(db.sqliteConnection)
                guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
            }
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        return config
    }

    /// The `PRAGMA synchronous` level.
    var synchronous: String { self == .full ? "FULL" : "NORMAL" }
}
