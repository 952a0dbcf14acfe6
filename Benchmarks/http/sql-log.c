/* Loaded into Kitchen with LD_PRELOAD by http.sh --floor: writes every SQL statement a
 * connection runs, with its bound values in place (sqlite3_expanded_sql), one a line, to
 * the file KITCHEN_SQL_LOG names — at its first step after a reset, so a statement run
 * again is written again. The floor (sql-floor.c) replays the lines.
 *
 *   cc -O2 -shared -fPIC -o sql-log.so sql-log.c -ldl -lsqlite3
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int (*real_step)(sqlite3_stmt *);
static FILE *out;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int sqlite3_step(sqlite3_stmt *statement) {
    if (!real_step) real_step = (int (*)(sqlite3_stmt *))dlsym(RTLD_NEXT, "sqlite3_step");
    if (!sqlite3_stmt_busy(statement)) {
        char *sql = sqlite3_expanded_sql(statement);
        if (sql) {
            pthread_mutex_lock(&lock);
            if (!out && getenv("KITCHEN_SQL_LOG")) out = fopen(getenv("KITCHEN_SQL_LOG"), "a");
            if (out) {
                for (char *c = sql; *c; c++) if (*c == '\n') *c = ' ';
                fprintf(out, "%s\n", sql);
                fflush(out);
            }
            pthread_mutex_unlock(&lock);
            sqlite3_free(sql);
        }
    }
    return real_step(statement);
}
