// What wal_writes.c's file system asks of the descriptor pool (descriptor_pool.c).
#ifndef HABITAT_DESCRIPTOR_POOL_H
#define HABITAT_DESCRIPTOR_POOL_H

#include <sqlite3.h>

typedef struct PooledFile PooledFile;

/// Finds the file system pooled files are opened with. SQLITE_OK, or SQLITE_ERROR when this SQLite has none.
int habitat_pool_setup(void);
/// The bytes a pooled file takes, before its underlying file's.
int habitat_pool_size(void);
/// The bytes of the underlying file system's file.
int habitat_pool_underlying_size(void);
/// Whether a file opened with `flags` now is to be pooled: a main database, opened while the thread asked for one.
int habitat_pool_wants(int flags);
/// Whether the log named `logName` belongs to a pooled database (and so is pooled too).
int habitat_pool_owns(sqlite3_filename logName);
/// Opens a pooled file in `handle` (habitat_pool_size() + habitat_pool_underlying_size() bytes).
int habitat_pool_open(sqlite3_filename name, sqlite3_file *handle, int flags, int *outFlags);

#endif
