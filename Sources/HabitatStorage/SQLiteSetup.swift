import CSQLiteSetup
import GRDBSQLite

/// SQLite's process-wide settings, applied when the process loads (see `CSQLiteSetup.h`): connections
/// without a mutex of their own, each commit's log frames written at once, and no memory statistics
/// behind one process-wide mutex.
public enum SQLiteSetup {
    /// Whether the settings applied. They do unless SQLite was initialized before the process's own
    /// code ran; SQLite then keeps its defaults, which work the same, a little slower.
    public static var applied: Bool { habitat_sqlite_setup_result() == SQLITE_OK }

    /// How many commits, in any file of this process, had their log frames written with one call.
    public static var gatheredCommits: Int { Int(habitat_sqlite_gathered_commits()) }
}
