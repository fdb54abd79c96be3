#include "CSQLiteSetup.h"
#include <pthread.h>
#include <sqlite3.h>

static int setup_result = SQLITE_MISUSE;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

// wal_writes.c: registers the layer that gathers each commit's log writes, as the default file system.
int habitat_sqlite_gather_log_writes(void);

static void setup(void) {
    int result = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (result == SQLITE_OK) result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (result == SQLITE_OK) result = habitat_sqlite_gather_log_writes();
    setup_result = result;
}

int habitat_sqlite_setup(void) {
    pthread_once(&setup_once, setup);
    return setup_result;
}

int habitat_sqlite_keep_log_on_close(struct sqlite3 *db) {
    // sqlite3_db_config takes variable arguments, which Swift cannot pass.
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
