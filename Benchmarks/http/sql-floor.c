/* The floor under a read case: the SQL statements Kitchen ran for it (as sql-log.c wrote
 * them, bound values in place, each request's statements between a line `-- request`
 * and the next), run by a plain C loop on the same database through the same libsqlite3:
 * each statement prepared once, then per request: BEGIN, every statement stepped to the
 * end with each column of each row read, COMMIT. THREADS threads, each with its own
 * read-only connection, for SECONDS seconds. Prints requests per second: what the
 * database work alone of those requests allows, with no HTTP, GraphQL or JSON at all.
 *
 *   sql-floor DB LOG THREADS SECONDS
 */
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *db_path;
static char **lines;
static int line_count, request_count;
static double seconds;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *run(void *result) {
    sqlite3 *db;
    if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) exit(1);
    sqlite3_stmt **statements = calloc(line_count, sizeof *statements);
    for (int i = 0; i < line_count; i++) {
        if (strcmp(lines[i], "-- request") == 0) continue;
        if (sqlite3_prepare_v3(db, lines[i], -1, SQLITE_PREPARE_PERSISTENT, &statements[i], NULL) != SQLITE_OK) {
            fprintf(stderr, "cannot prepare: %s\n  %s\n", sqlite3_errmsg(db), lines[i]);
            exit(1);
        }
    }
    sqlite3_stmt *begin, *commit;
    sqlite3_prepare_v2(db, "BEGIN", -1, &begin, NULL);
    sqlite3_prepare_v2(db, "COMMIT", -1, &commit, NULL);
    long done = 0;
    volatile long sink = 0;
    double end = now() + seconds;
    while (now() < end) {
        for (int i = 0; i < line_count; i++) {
            if (!statements[i]) {
                if (i > 0) { sqlite3_step(commit); sqlite3_reset(commit); done++; }
                sqlite3_step(begin); sqlite3_reset(begin);
                continue;
            }
            while (sqlite3_step(statements[i]) == SQLITE_ROW) {
                int columns = sqlite3_column_count(statements[i]);
                for (int c = 0; c < columns; c++) {
                    if (sqlite3_column_type(statements[i], c) == SQLITE_TEXT) sink += sqlite3_column_bytes(statements[i], c);
                    else sink += sqlite3_column_int64(statements[i], c);
                }
            }
            sqlite3_reset(statements[i]);
        }
        sqlite3_step(commit); sqlite3_reset(commit); done++;
    }
    *(long *)result = done;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: sql-floor DB LOG THREADS SECONDS\n"); return 2; }
    db_path = argv[1];
    int threads = atoi(argv[3]);
    seconds = atof(argv[4]);
    FILE *file = fopen(argv[2], "r");
    if (!file) { perror(argv[2]); return 1; }
    size_t capacity = 1024;
    lines = malloc(capacity * sizeof *lines);
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, file)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        if (!length) continue;
        if ((size_t)line_count == capacity) lines = realloc(lines, (capacity *= 2) * sizeof *lines);
        lines[line_count++] = strdup(line);
        if (strcmp(line, "-- request") == 0) request_count++;
    }
    if (line_count == 0 || strcmp(lines[0], "-- request") != 0) { fprintf(stderr, "%s: no requests\n", argv[2]); return 1; }
    pthread_t ids[64];
    long counts[64] = {0};
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, run, &counts[t]);
    long total = 0;
    for (int t = 0; t < threads; t++) { pthread_join(ids[t], NULL); total += counts[t]; }
    /* `done` counts passes over the log's requests, one COMMIT per request. */
    printf("FLOOR %.1f %d %d\n", total / seconds, request_count, line_count - request_count);
    return 0;
}
