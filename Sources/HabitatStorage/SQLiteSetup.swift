import CSQLiteSetup
import GRDBSQLite

/// SQLite's process-wide settings (see `CSQLiteSetup.h`): connections without a mutex of their own, each commit's
/// log frames written at once, and no memory statistics behind one process-wide mutex.
///
/// Applied by an explicit call, once, before anything opens a database: `habitat serve` and the tools that open
/// data files make it first thing. Without it SQLite keeps its defaults, which work the same, a little slower.
public enum SQLiteSetup {
    /// Applies the settings, the first time it is called; returns whether they applied. They don't when SQLite was
    /// already in use (a database opened before), and then SQLite keeps its defaults.
    @discardableResult
    public static func apply() -> Bool { habitat_sqlite_setup() == SQLITE_OK }

    /// How many descriptors the server's users' files may hold at once (0: as many as they like): beyond it, of a few
    /// open files taken at random the one used least recently gives its descriptors up until its next command
    /// (descriptor_pool.c).
    public static func shareDescriptors(_ descriptors: Int) { habitat_sqlite_set_descriptor_pool(Int32(clamping: descriptors)) }

    /// How many of the server's users' files hold descriptors now, and how many times one was opened again.
    public static var pooledFiles: (open: Int, reopened: Int) {
        (Int(habitat_sqlite_pooled_open()), Int(habitat_sqlite_pooled_reopens()))
    }

    /// How many times this process synced `directory` for the logs in it that it opened as they were (wal_writes.c).
    public static func directorySyncs(of directory: String) -> Int { Int(habitat_sqlite_directory_syncs(directory)) }

    /// How many commits, in any file of this process, had their log frames written with one call.
    public static var gatheredCommits: Int { Int(habitat_sqlite_gathered_commits()) }
}
