import CSQLiteSetup
import GRDBSQLite

/// SQLite's process-wide settings, applied when the process loads (see `CSQLiteSetup.h`): connections
/// without a mutex of their own, and no memory statistics behind one process-wide mutex.
public enum SQLiteSetup {
    /// Whether the settings applied. They do unless SQLite was initialized before the process's own
    /// code ran; SQLite then keeps its defaults, which work the same, a little slower.
    public static var applied: Bool { habitat_sqlite_setup_result() == SQLITE_OK }
}
