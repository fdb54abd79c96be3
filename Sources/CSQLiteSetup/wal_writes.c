// A thin layer over SQLite's default file system that writes each commit's log frames with one
// system call instead of two per page.
//
// SQLite appends a commit to the write-ahead log as frames: for each page a 24-byte header, then the
// page, each its own `pwrite`. A recorded action changes about four pages, so about eight writes, each
// a trip into the kernel that costs more than copying the bytes. This layer gathers the writes to a
// log file while they follow each other, and writes them out at once when the commit's last frame is
// complete, which SQLite marks in that frame's header. Everything else passes through unchanged.
//
// What other connections see does not change: SQLite makes new frames visible only after writing
// them, by updating the log's index, and the gathered writes are out before that (they are written
// when the commit frame is complete, inside the same call that wrote it). Anything that might read
// the log, sync it, truncate it, ask its size or close it first writes out what is gathered, as does
// any write that does not continue it. A commit that never completes (the process dies) loses only
// frames that SQLite would not have counted: a reply is sent only after its commit returns.
//
// It also opens a log that exists as it is, without asking for it to be created. The default file system syncs
// the directory of any log it was asked to create, at the log's first sync, whether or not the log was new: a
// server that opens ten thousand users' files after a restart syncs their directories ten thousand times, once at
// the first sync of each (a checkpoint's, or every commit's with full durability; 56-309 microseconds each here).
// Here the first sync of a log that existed syncs its directory only if nothing synced that directory since this
// process last made a log in it (or ever, for a directory it has not synced yet): what makes the log's name durable
// is a sync of its directory after the log was made, whichever file's sync it was. A log that is new is made as
// before, and the default file system syncs its directory at its first sync.

#include "CSQLiteSetup.h"
#include "descriptor_pool.h"

#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Larger commits (a big import) are written out as they go. The default file system writes at most
// 128 KiB in one call (it masks the length to 17 bits, as it never writes more than a page at once).
#define GATHER_LIMIT (64 * 1024)
// The size of a frame's header, and where in it a commit frame keeps the database's size in pages
// (zero in every frame but a commit's last).
#define FRAME_HEADER 24

// A directory logs are made in. Entries are never freed: a server's users' files share a few hundred directories.
typedef struct Directory {
    struct Directory *next;     // in its bucket
    long long made;             // logs this process made in it (the first time it is seen counts as one: unknown)
    long long synced;           // `made` as it was before the latest sync of the directory that succeeded
    long long syncs;            // syncs of it made here
    char path[];
} Directory;

#define DIRECTORY_BUCKETS 1024
static Directory *directories[DIRECTORY_BUCKETS];
static pthread_mutex_t directoriesMutex = PTHREAD_MUTEX_INITIALIZER;

typedef struct LogFile {
    sqlite3_file base;          // our methods
    sqlite3_file *real;         // the default file system's file, after this struct
    unsigned char *gathered;    // writes not yet made, contiguous from `start` (none between commits)
    int length;
    int capacity;
    sqlite3_int64 start;
    int commitFrameNext;        // the last header written was a commit frame's: its page completes it
    Directory *unsynced;        // a log that existed: its directory, until a sync of the log has seen to it
} LogFile;

static sqlite3_vfs *underlying;
static sqlite3_vfs layer;
static sqlite3_io_methods logMethods;
static long long gatheredCommits;

// The entry of the directory `length` bytes of `path` name, made if new. With directoriesMutex held.
static Directory *findDirectory(const char *path, size_t length) {
    unsigned hash = 2166136261u;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)path[i]) * 16777619u;
    Directory **bucket = &directories[hash % DIRECTORY_BUCKETS];
    for (Directory *entry = *bucket; entry != NULL; entry = entry->next) {
        if (strncmp(entry->path, path, length) == 0 && entry->path[length] == 0) return entry;
    }
    Directory *entry = calloc(1, sizeof(Directory) + length + 1);
    if (entry == NULL) return NULL;
    memcpy(entry->path, path, length);
    entry->made = 1;
    entry->next = *bucket;
    *bucket = entry;
    return entry;
}

// The directory a file's name is in ("." for a bare name); NULL only when out of memory.
static Directory *directoryOf(const char *name) {
    const char *slash = strrchr(name, '/');
    pthread_mutex_lock(&directoriesMutex);
    Directory *entry = slash == NULL ? findDirectory(".", 1) : findDirectory(name, slash == name ? 1 : (size_t)(slash - name));
    pthread_mutex_unlock(&directoriesMutex);
    return entry;
}

static void madeLogIn(Directory *directory) {
    if (directory == NULL) return;
    pthread_mutex_lock(&directoriesMutex);
    directory->made++;
    pthread_mutex_unlock(&directoriesMutex);
}

// Makes sure every log made in `directory` before now has a durable name: syncs the directory unless a sync since
// the last log made there did. Returns whether that is so; as the default file system does, a directory that cannot
// be opened counts as done (some systems cannot open one).
static int syncDirectory(Directory *directory) {
    pthread_mutex_lock(&directoriesMutex);
    long long made = directory->made;
    int done = directory->synced == made;
    pthread_mutex_unlock(&directoriesMutex);
    if (done) return 1;
    int descriptor = open(directory->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return 1;
    int synced = fdatasync(descriptor) == 0;
    close(descriptor);
    if (!synced) return 0;
    pthread_mutex_lock(&directoriesMutex);
    if (directory->synced < made) directory->synced = made;
    directory->syncs++;
    pthread_mutex_unlock(&directoriesMutex);
    return 1;
}

static int writeOut(LogFile *file) {
    if (file->length == 0) return SQLITE_OK;
    int result = file->real->pMethods->xWrite(file->real, file->gathered, file->length, file->start);
    file->length = 0;
    return result;
}

// Gives the buffer back: an open file between commits holds none (a server keeps a thousand files open).
static void release(LogFile *file) {
    free(file->gathered);
    file->gathered = NULL;
    file->capacity = 0;
}

// Writes out what is gathered, then `bytes` directly.
static int writeThrough(LogFile *file, const void *bytes, int amount, sqlite3_int64 offset) {
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xWrite(file->real, bytes, amount, offset);
}

static int logClose(sqlite3_file *handle) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    int closed = file->real->pMethods->xClose(file->real);
    release(file);
    return result != SQLITE_OK ? result : closed;
}

static int logRead(sqlite3_file *handle, void *buffer, int amount, sqlite3_int64 offset) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int logWrite(sqlite3_file *handle, const void *bytes, int amount, sqlite3_int64 offset) {
    LogFile *file = (LogFile *)handle;
    int completesCommit = file->commitFrameNext;
    file->commitFrameNext = 0;
    if (file->length > 0 && offset != file->start + file->length) {
        // Not a continuation (SQLite rewrites a frame, or starts the log over): out with what is gathered.
        int result = writeOut(file);
        if (result != SQLITE_OK) return result;
    }
    if (amount == FRAME_HEADER) {
        const unsigned char *header = bytes;
        file->commitFrameNext = (header[4] | header[5] | header[6] | header[7]) != 0;
    }
    if (amount > GATHER_LIMIT) return writeThrough(file, bytes, amount, offset);
    if (file->length + amount > GATHER_LIMIT) {
        int result = writeOut(file);
        if (result != SQLITE_OK) return result;
    }
    if (file->length + amount > file->capacity) {
        int capacity = file->capacity ? file->capacity : 8192;
        while (capacity < file->length + amount) capacity *= 2;
        unsigned char *grown = realloc(file->gathered, capacity);
        if (grown == NULL) return writeThrough(file, bytes, amount, offset);
        file->gathered = grown;
        file->capacity = capacity;
    }
    if (file->length == 0) file->start = offset;
    memcpy(file->gathered + file->length, bytes, amount);
    file->length += amount;
    if (completesCommit) {
        __atomic_fetch_add(&gatheredCommits, 1, __ATOMIC_RELAXED);
        int result = writeOut(file);
        release(file);
        return result;
    }
    return SQLITE_OK;
}

static int logTruncate(sqlite3_file *handle, sqlite3_int64 size) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int logSync(sqlite3_file *handle, int flags) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    result = file->real->pMethods->xSync(file->real, flags);
    if (result == SQLITE_OK && file->unsynced != NULL && syncDirectory(file->unsynced)) file->unsynced = NULL;
    return result;
}

static int logFileSize(sqlite3_file *handle, sqlite3_int64 *size) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int logLock(sqlite3_file *handle, int level) {
    LogFile *file = (LogFile *)handle;
    return file->real->pMethods->xLock(file->real, level);
}

static int logUnlock(sqlite3_file *handle, int level) {
    LogFile *file = (LogFile *)handle;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int logCheckReservedLock(sqlite3_file *handle, int *reserved) {
    LogFile *file = (LogFile *)handle;
    return file->real->pMethods->xCheckReservedLock(file->real, reserved);
}

static int logFileControl(sqlite3_file *handle, int op, void *argument) {
    LogFile *file = (LogFile *)handle;
    int result = writeOut(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int logSectorSize(sqlite3_file *handle) {
    LogFile *file = (LogFile *)handle;
    return file->real->pMethods->xSectorSize(file->real);
}

static int logDeviceCharacteristics(sqlite3_file *handle) {
    LogFile *file = (LogFile *)handle;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int openLog(sqlite3_filename name, sqlite3_file *real, int flags, int *outFlags) {
    return habitat_pool_owns(name) ? habitat_pool_open(name, real, flags, outFlags)
                                   : underlying->xOpen(underlying, name, real, flags, outFlags);
}

static int layerOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *handle, int flags, int *outFlags) {
    (void)vfs;
    if (!(flags & SQLITE_OPEN_WAL)) {
        // A user's file that shares the descriptor pool (descriptor_pool.c).
        if (habitat_pool_wants(flags)) return habitat_pool_open(name, handle, flags, outFlags);
        // Every other file is the default file system's own, in the same space.
        return underlying->xOpen(underlying, name, handle, flags, outFlags);
    }
    LogFile *file = (LogFile *)handle;
    memset(file, 0, sizeof(LogFile));
    file->real = (sqlite3_file *)&file[1];
    int result = SQLITE_CANTOPEN;
    Directory *directory = (flags & SQLITE_OPEN_CREATE) && access(name, F_OK) == 0 ? directoryOf(name) : NULL;
    if (directory != NULL) {
        // It exists: opened as it is, its directory seen to at its first sync (above).
        result = openLog(name, file->real, flags & ~SQLITE_OPEN_CREATE, outFlags);
        if (result == SQLITE_OK) file->unsynced = directory;
    }
    if ((result & 0xff) == SQLITE_CANTOPEN) {
        result = openLog(name, file->real, flags, outFlags);
        if (result == SQLITE_OK && (flags & SQLITE_OPEN_CREATE)) madeLogIn(directoryOf(name));
    }
    // On failure SQLite calls no method of the file (pMethods stays NULL).
    if (result == SQLITE_OK) file->base.pMethods = &logMethods;
    return result;
}

int habitat_sqlite_gather_log_writes(void) {
    underlying = sqlite3_vfs_find(NULL);
    if (underlying == NULL || habitat_pool_setup() != SQLITE_OK) return SQLITE_ERROR;
    layer = *underlying;
    layer.zName = "habitat";
    layer.pNext = NULL;
    int pooled = habitat_pool_size() + habitat_pool_underlying_size();
    int plain = underlying->szOsFile;
    layer.szOsFile = (int)sizeof(LogFile) + (pooled > plain ? pooled : plain);
    layer.xOpen = layerOpen;
    logMethods = (sqlite3_io_methods){
        .iVersion = 1,
        .xClose = logClose,
        .xRead = logRead,
        .xWrite = logWrite,
        .xTruncate = logTruncate,
        .xSync = logSync,
        .xFileSize = logFileSize,
        .xLock = logLock,
        .xUnlock = logUnlock,
        .xCheckReservedLock = logCheckReservedLock,
        .xFileControl = logFileControl,
        .xSectorSize = logSectorSize,
        .xDeviceCharacteristics = logDeviceCharacteristics,
    };
    return sqlite3_vfs_register(&layer, 1);
}

long long habitat_sqlite_gathered_commits(void) {
    return __atomic_load_n(&gatheredCommits, __ATOMIC_RELAXED);
}

long long habitat_sqlite_directory_syncs(const char *directory) {
    pthread_mutex_lock(&directoriesMutex);
    Directory *entry = findDirectory(directory, strlen(directory));
    long long syncs = entry == NULL ? 0 : entry->syncs;
    pthread_mutex_unlock(&directoriesMutex);
    return syncs;
}
