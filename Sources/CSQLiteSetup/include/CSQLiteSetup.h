#ifndef HABITAT_CSQLITESETUP_H
#define HABITAT_CSQLITESETUP_H

/// Applies SQLite's process-wide settings. Call it once, before anything opens a connection (`sqlite3_config`
/// applies only before SQLite initializes); later calls only return the first one's result:
///
/// - multi-thread mode: a connection has no mutex of its own, taken and released on every call
///   (a bind, a step, a column read). Each connection is used by one thread at a time already: GRDB
///   serializes its access, and a user's file has one storage thread at a time.
/// - no memory statistics: otherwise every allocation SQLite makes takes one process-wide mutex,
///   which all storage threads contend for (this build of SQLite has no lookaside allocator, so a
///   statement allocates often).
/// - each commit's log frames written with one system call (wal_writes.c), not two per page.
///
/// Returns SQLITE_OK when all applied, otherwise the first code SQLite refused with (SQLITE_MISUSE:
/// SQLite was in use before the settings could apply; it then keeps its defaults and works as before).
int habitat_sqlite_setup(void);

/// How many commits had their log frames written at once, since the process started.
long long habitat_sqlite_gathered_commits(void);

/// How many times this process synced `directory` (a path without a trailing slash) to make the names of the logs
/// in it durable, where a log that existed was opened as it is (wal_writes.c).
long long habitat_sqlite_directory_syncs(const char *directory);

struct sqlite3;

/// Closing `db` leaves its write-ahead log as it is, instead of copying the log into the database and removing it
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). The log stays valid: whoever opens the file next reads it. Returns SQLite's code.
int habitat_sqlite_keep_log_on_close(struct sqlite3 *db);

/// Whether the main database the calling thread opens next is pooled: its descriptors, and its log's, shared with
/// every other pooled file's within the limit set by habitat_sqlite_set_descriptor_pool (descriptor_pool.c). Only
/// for a file whose connection is its only one, in exclusive locking mode, in a data directory this process holds
/// locked. Set before opening the connection, cleared after.
void habitat_sqlite_pool_next_open(int pooled);

/// How many descriptors pooled files may hold at once (0: as many as they like). Beyond it a file between calls gives
/// its descriptor up: of a few open files taken at random, the one used least recently.
void habitat_sqlite_set_descriptor_pool(int descriptors);

/// How many pooled files hold a descriptor now.
int habitat_sqlite_pooled_open(void);

/// How many times a pooled file was opened again, since the process started.
long long habitat_sqlite_pooled_reopens(void);

#endif
