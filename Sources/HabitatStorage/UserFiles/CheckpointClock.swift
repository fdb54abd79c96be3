import CoreMetrics
import GRDB
import GRDBSQLite

/// Times the checkpoints of a user's file.
///
/// SQLite copies the write-ahead log into the file in the commit that fills the log past `wal_autocheckpoint`, from a
/// hook it calls after each commit. This puts a hook in its place that does the same (a passive checkpoint once the
/// log holds that many pages) and times it. A file opened by a server without metrics keeps SQLite's own.
final class CheckpointClock: Sendable {
    private let timer: CoreMetrics.Timer
    /// The pages the log holds before a commit checkpoints it; set before the hook can run, read only by it.
    private nonisolated(unsafe) var pages: Int32 = 0

    init(timer: CoreMetrics.Timer) {
        self.timer = timer
    }

    /// Takes over the checkpoints of `db`, which it runs once the log holds `pages` pages. `db` must close before this
    /// clock goes: its user file holds both.
    func install(on db: Database, everyPages pages: Int) {
        self.pages = Int32(clamping: pages)
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, name, frames in
                let clock = Unmanaged<CheckpointClock>.fromOpaque(context!).takeUnretainedValue()
                guard frames >= clock.pages else { return SQLITE_OK }
                let start = ContinuousClock.now
                sqlite3_wal_checkpoint(connection, name)
                clock.timer.recordSince(start)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
