// Users' files that share a bounded number of file descriptors.
//
// A server keeps each active user's SQLite connection open: its schema read, its statements prepared, its pages
// cached. Opening one again costs about ten times a command. But each open file holds two descriptors (the database
// and its write-ahead log), and with one more per client connection a process runs out of descriptors long before
// it runs out of memory: 10,000 logged-in users would need 30,000.
//
// A pooled file is SQLite's own file ("unix-none": the default file system without its locks) that this layer
// closes when the pool needs its descriptor for another file, and opens again, by name, when SQLite next reads,
// writes, syncs or sizes it. Nothing SQLite keeps is lost: its pages, schema, statements and the log's index stay in
// the connection's memory; only the descriptor comes and goes. Reopening is one `open` call.
//
// Only a file whose connection is its only one may be pooled: the server's connection to a user's file, in
// exclusive locking mode, with the log's index in the connection's memory (these files have no shared-memory
// methods, so SQLite refuses a log here in any other mode). SQLite's byte-range locks would not survive the
// descriptor closing; the server holds a lock on the whole data directory instead (DataDirectoryLock), which every
// other Habitat process that opens users' files takes too.
//
// A descriptor being used is pinned: the pool closes only files that are between calls. Each file is used by
// one thread at a time (its connection's), so only the pool's table needs the mutex.
//
// Which file gives its descriptor up: of a few open files taken at random, the one used least recently (as Redis
// approximates least-recently-used). Strict least-recently-used fails the pattern of many users each doing a little:
// when more files take turns than there are descriptors, the file closed is always the one whose turn comes next,
// and every command reopens its file (93% of `did`s over 10,000 users with 9,772 descriptors). Sampling keeps most
// files open through such turns, and still keeps the files in use now.

#include "CSQLiteSetup.h"
#include "descriptor_pool.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

struct PooledFile {
    sqlite3_file base;           // our methods
    sqlite3_file *real;          // the "unix-none" file, after this struct; its methods are NULL while closed
    const char *name;            // valid until xClose (SQLite's guarantee)
    int flags;                   // how SQLite opened it
    int open;                    // `real` is open
    int pins;                    // calls under way (atomic)
    int needsDirectorySync;      // a new log not yet synced: reopened with SQLITE_OPEN_CREATE, which syncs its directory
    int sectorSize;
    int deviceCharacteristics;
    int slot;                    // its place in `table` while open
    unsigned long long lastUsed; // `useClock` at its latest call
};

// How many open files are compared to choose the one that gives its descriptor up.
#define SAMPLES 5

static sqlite3_vfs *files;       // "unix-none"
static sqlite3_io_methods pooledMethods;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static PooledFile **table;       // the open files, in no order
static int listed;               // how many are in `table`
static int capacity;
static int openCount;            // `listed`, and the files being opened
static int limit;                // 0: no limit
static unsigned long long useClock;
static unsigned long long randomState = 0x9E3779B97F4A7C15ull;
static long long reopened;
static __thread int poolNextOpen;

// xorshift64*: cheap, and good enough to choose files to compare. With the mutex held.
static unsigned long long nextRandom(void) {
    randomState ^= randomState >> 12;
    randomState ^= randomState << 25;
    randomState ^= randomState >> 27;
    return randomState * 0x2545F4914F6CDD1Dull;
}

static void list(PooledFile *file) {
    file->slot = listed;
    table[listed++] = file;
}

static void unlist(PooledFile *file) {
    PooledFile *last = table[--listed];
    table[file->slot] = last;
    last->slot = file->slot;
}

// `file` if it is between calls and used less recently than `chosen` (or nothing is chosen yet), else `chosen`.
static PooledFile *olderUnpinned(PooledFile *chosen, PooledFile *file) {
    if (__atomic_load_n(&file->pins, __ATOMIC_ACQUIRE) != 0) return chosen;
    return chosen == NULL || file->lastUsed < chosen->lastUsed ? file : chosen;
}

// Of SAMPLES open files at random, the unpinned one used least recently; if all were pinned, the unpinned one used
// least recently of all (a table of a few files, most of them in calls); NULL if every file is pinned.
static PooledFile *chooseToClose(void) {
    PooledFile *chosen = NULL;
    for (int i = 0; i < SAMPLES; i++) chosen = olderUnpinned(chosen, table[nextRandom() % (unsigned long long)listed]);
    if (chosen == NULL) {
        for (int i = 0; i < listed; i++) chosen = olderUnpinned(chosen, table[i]);
    }
    return chosen;
}

// Closes files between calls until one more fits. With the mutex held.
static void makeSpace(void) {
    while (limit > 0 && openCount >= limit && listed > 0) {
        PooledFile *file = chooseToClose();
        if (file == NULL) return;
        unlist(file);
        file->real->pMethods->xClose(file->real);
        file->open = 0;
        openCount--;
    }
}

static int reopenFlags(const PooledFile *file) {
    int flags = file->flags & ~(SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_DELETEONCLOSE);
    // A file that vanished is not made anew, empty, under a connection that holds its pages.
    if (!file->needsDirectorySync) flags &= ~SQLITE_OPEN_CREATE;
    return flags;
}

// Opens `file->real` with `flags` once there is room, and adds it to the list. Called and returns with the mutex
// held, which it lets go meanwhile: nothing else touches a file that is not open, and other files' calls need not wait
// for this one.
static int openHoldingMutex(PooledFile *file, int flags, int *outFlags) {
    makeSpace();
    // Room in the table for every file open or being opened, made before opening, so that listing cannot fail after.
    if (openCount + 1 > capacity) {
        int larger = capacity ? capacity * 2 : 64;
        PooledFile **grown = realloc(table, (size_t)larger * sizeof(PooledFile *));
        if (grown == NULL) return SQLITE_NOMEM;
        table = grown;
        capacity = larger;
    }
    openCount++;
    pthread_mutex_unlock(&mutex);
    int result = files->xOpen(files, file->name, file->real, flags, outFlags);
    pthread_mutex_lock(&mutex);
    if (result == SQLITE_OK) {
        file->open = 1;
        file->lastUsed = ++useClock;
        list(file);
    } else {
        openCount--;
    }
    return result;
}

// Opens the file if the pool closed it, and pins it for one call.
static int acquire(PooledFile *file) {
    pthread_mutex_lock(&mutex);
    __atomic_add_fetch(&file->pins, 1, __ATOMIC_ACQ_REL);
    int result = SQLITE_OK;
    if (file->open) {
        file->lastUsed = ++useClock;
    } else {
        reopened++;
        int outFlags = 0;
        result = openHoldingMutex(file, reopenFlags(file), &outFlags);
        if (result != SQLITE_OK) __atomic_sub_fetch(&file->pins, 1, __ATOMIC_ACQ_REL);
    }
    pthread_mutex_unlock(&mutex);
    return result;
}

static void unpin(PooledFile *file) { __atomic_sub_fetch(&file->pins, 1, __ATOMIC_ACQ_REL); }

#define PINNED(file, call)                       \
    do {                                         \
        int acquired = acquire(file);            \
        if (acquired != SQLITE_OK) return acquired; \
        int result = (call);                     \
        unpin(file);                             \
        return result;                           \
    } while (0)

static int pooledClose(sqlite3_file *handle) {
    PooledFile *file = (PooledFile *)handle;
    pthread_mutex_lock(&mutex);
    int wasOpen = file->open;
    if (wasOpen) {
        unlist(file);
        file->open = 0;
        openCount--;
    }
    pthread_mutex_unlock(&mutex);
    return wasOpen ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
}

static int pooledRead(sqlite3_file *handle, void *buffer, int amount, sqlite3_int64 offset) {
    PooledFile *file = (PooledFile *)handle;
    PINNED(file, file->real->pMethods->xRead(file->real, buffer, amount, offset));
}

static int pooledWrite(sqlite3_file *handle, const void *bytes, int amount, sqlite3_int64 offset) {
    PooledFile *file = (PooledFile *)handle;
    PINNED(file, file->real->pMethods->xWrite(file->real, bytes, amount, offset));
}

static int pooledTruncate(sqlite3_file *handle, sqlite3_int64 size) {
    PooledFile *file = (PooledFile *)handle;
    PINNED(file, file->real->pMethods->xTruncate(file->real, size));
}

static int pooledSync(sqlite3_file *handle, int flags) {
    PooledFile *file = (PooledFile *)handle;
    int acquired = acquire(file);
    if (acquired != SQLITE_OK) return acquired;
    int result = file->real->pMethods->xSync(file->real, flags);
    if (result == SQLITE_OK) file->needsDirectorySync = 0;
    unpin(file);
    return result;
}

static int pooledFileSize(sqlite3_file *handle, sqlite3_int64 *size) {
    PooledFile *file = (PooledFile *)handle;
    PINNED(file, file->real->pMethods->xFileSize(file->real, size));
}

// The data directory's lock stands for these: the file's connection is its only one.
static int pooledLock(sqlite3_file *handle, int level) {
    (void)handle;
    (void)level;
    return SQLITE_OK;
}

static int pooledUnlock(sqlite3_file *handle, int level) {
    (void)handle;
    (void)level;
    return SQLITE_OK;
}

static int pooledCheckReservedLock(sqlite3_file *handle, int *reserved) {
    (void)handle;
    *reserved = 0;
    return SQLITE_OK;
}

static int pooledFileControl(sqlite3_file *handle, int op, void *argument) {
    PooledFile *file = (PooledFile *)handle;
    switch (op) {
    // What the default file system answers from the open file: anything else it does not know, so neither does
    // this, without opening the file to say so. (Settings it keeps in the open file, such as a chunk size or a
    // persistent log, would not outlive a reopening; Habitat sets none.)
    case SQLITE_FCNTL_LOCKSTATE:
    case SQLITE_FCNTL_LAST_ERRNO:
    case SQLITE_FCNTL_SIZE_HINT:
    case SQLITE_FCNTL_VFSNAME:
    case SQLITE_FCNTL_TEMPFILENAME:
    case SQLITE_FCNTL_HAS_MOVED:
        PINNED(file, file->real->pMethods->xFileControl(file->real, op, argument));
    default:
        return SQLITE_NOTFOUND;
    }
}

static int pooledSectorSize(sqlite3_file *handle) { return ((PooledFile *)handle)->sectorSize; }

static int pooledDeviceCharacteristics(sqlite3_file *handle) { return ((PooledFile *)handle)->deviceCharacteristics; }

int habitat_pool_size(void) { return (int)sizeof(PooledFile); }

int habitat_pool_wants(int flags) {
    return poolNextOpen && (flags & SQLITE_OPEN_MAIN_DB);
}

int habitat_pool_owns(sqlite3_filename logName) {
    sqlite3_file *database = sqlite3_database_file_object(logName);
    return database != NULL && database->pMethods == &pooledMethods;
}

int habitat_pool_open(sqlite3_filename name, sqlite3_file *handle, int flags, int *outFlags) {
    PooledFile *file = (PooledFile *)handle;
    memset(file, 0, sizeof(PooledFile));
    file->real = (sqlite3_file *)&file[1];
    file->name = name;
    file->flags = flags;
    // As the default file system does: a new log's directory is synced with its first sync.
    file->needsDirectorySync = (flags & SQLITE_OPEN_CREATE) && (flags & SQLITE_OPEN_WAL);
    // Pinned until its sizes are read: once in the list, another thread making room could close it.
    file->pins = 1;
    pthread_mutex_lock(&mutex);
    int result = openHoldingMutex(file, flags, outFlags);
    pthread_mutex_unlock(&mutex);
    // On failure SQLite calls no method of the file (pMethods stays NULL).
    if (result != SQLITE_OK) return result;
    file->sectorSize = file->real->pMethods->xSectorSize(file->real);
    file->deviceCharacteristics = file->real->pMethods->xDeviceCharacteristics(file->real);
    file->base.pMethods = &pooledMethods;
    unpin(file);
    return SQLITE_OK;
}

int habitat_pool_setup(void) {
    files = sqlite3_vfs_find("unix-none");
    if (files == NULL) return SQLITE_ERROR;
    pooledMethods = (sqlite3_io_methods){
        .iVersion = 1,
        .xClose = pooledClose,
        .xRead = pooledRead,
        .xWrite = pooledWrite,
        .xTruncate = pooledTruncate,
        .xSync = pooledSync,
        .xFileSize = pooledFileSize,
        .xLock = pooledLock,
        .xUnlock = pooledUnlock,
        .xCheckReservedLock = pooledCheckReservedLock,
        .xFileControl = pooledFileControl,
        .xSectorSize = pooledSectorSize,
        .xDeviceCharacteristics = pooledDeviceCharacteristics,
    };
    return SQLITE_OK;
}

int habitat_pool_underlying_size(void) { return files ? files->szOsFile : 0; }

void habitat_sqlite_pool_next_open(int pooled) { poolNextOpen = pooled; }

void habitat_sqlite_set_descriptor_pool(int descriptors) {
    pthread_mutex_lock(&mutex);
    limit = descriptors > 0 ? descriptors : 0;
    pthread_mutex_unlock(&mutex);
}

int habitat_sqlite_pooled_open(void) {
    pthread_mutex_lock(&mutex);
    int count = openCount;
    pthread_mutex_unlock(&mutex);
    return count;
}

long long habitat_sqlite_pooled_reopens(void) {
    pthread_mutex_lock(&mutex);
    long long count = reopened;
    pthread_mutex_unlock(&mutex);
    return count;
}
