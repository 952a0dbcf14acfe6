#pragma once
// Debian builds SQLite with the pre-update hook; its declarations are behind this macro.
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import.
/// It tells SQLite to copy a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type kitchen_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// Extended result codes are macros built with `|` and `<<`, which Swift does not import.
enum {
    kitchen_sqlite_constraint_unique = SQLITE_CONSTRAINT_UNIQUE,
    kitchen_sqlite_constraint_primarykey = SQLITE_CONSTRAINT_PRIMARYKEY,
    kitchen_sqlite_constraint_foreignkey = SQLITE_CONSTRAINT_FOREIGNKEY,
    kitchen_sqlite_ioerr_fsync = SQLITE_IOERR_FSYNC,
};

/// Turns off SQLite's memory statistics, which take one process-wide mutex around every
/// allocation: two threads running full-text searches spent most of their waits on it.
/// `sqlite3_config` is variadic, which Swift cannot call. Effective only before the first
/// connection opens (later it returns SQLITE_MISUSE and changes nothing).
static inline int kitchen_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
