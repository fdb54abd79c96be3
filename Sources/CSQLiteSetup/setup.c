#include "CSQLiteSetup.h"
#include <sqlite3.h>

static int setup_result = SQLITE_MISUSE;

// wal_writes.c: registers the layer that gathers each commit's log writes, as the default file system.
int habitat_sqlite_gather_log_writes(void);

// Runs when the binary loads, before `main` and before any other code can open a connection:
// `sqlite3_config` applies only before SQLite initializes.
__attribute__((constructor)) static void habitat_sqlite_setup(void) {
    int result = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (result == SQLITE_OK) result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (result == SQLITE_OK) result = habitat_sqlite_gather_log_writes();
    setup_result = result;
}

int habitat_sqlite_setup_result(void) {
    return setup_result;
}
