import GRDB

/// How hard a commit waits for the disk. Both survive a process crash; `full` also survives power loss.
public enum Durability: String, Sendable, CaseIterable {
    /// WAL with `synchronous = NORMAL`: nothing is lost when the process dies.
    case normal
    /// WAL with `synchronous = FULL`: every commit is on the disk before the reply.
    case full

    /// The SQLite configuration every Habitat database is opened with. `pageSize` applies to a file
    /// created by this connection; an existing file keeps the page size it was made with.
    func configuration(label: String, pageSize: Int? = nil) -> Configuration {
        var config = Configuration()
        config.label = label
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(5)
        // WAL is set here rather than with `journalMode = .wal`, whose set-up would reset `synchronous`.
        config.prepareDatabase { db in
            // Before WAL: switching to WAL writes the file's header, which fixes its page size.
            if let pageSize { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        return config
    }

    /// The `PRAGMA synchronous` level.
    var synchronous: String { self == .full ? "FULL" : "NORMAL" }
}
