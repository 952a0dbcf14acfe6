/* M1's floor: the latency a server gets on this machine when a write costs a given amount
 * of CPU and is answered only once it is on disk, doing nothing else.
 *
 * Each POST spends SPIN_US microseconds of its thread's CPU time (standing in for a real
 * handler's work), appends a commit to a log file as SQLite's WAL does (two frames, each a
 * 24-byte header and a 4 KB page: the changed row's page and the event's), and is answered
 * once an fdatasync of the log covers it. Flushes are grouped the way Kitchen's WALFlusher
 * groups them: one flush thread; a flush covers every commit made before it began; when
 * two to seven commits wait, it first waits 1 ms for more; meanwhile the connection is
 * suspended and its pool thread serves the others. With --inline the write is answered
 * at once, not durable: what the same CPU cost gives without the disk.
 *
 * The daemons are set up as Kitchen's HTTPServer sets its pool up (internal polling
 * thread, epoll, ITC, suspend/resume), one per thread, and an accepting thread spreads the
 * connections evenly across them, as Kitchen's acceptor does.
 *
 *   write-floor PORT BODY-FILE LOG-FILE SPIN_US [THREADS] [--inline]
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "fixed-answer.h"

enum { GATHER_US = 1000, FULL_GROUP = 8, FRAME_HEADER = 24, PAGE = 4096, LOG_FRAMES = 1000 };

static long spin_ns;
static int answer_inline;
static int log_descriptor;

/* The commits, the flushes, and the suspended connections waiting for them. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t commit_made = PTHREAD_COND_INITIALIZER;
static uint64_t committed, flushed;
static long next_frame;
struct waiter { struct MHD_Connection *connection; uint64_t ticket; };
static struct waiter *waiters;
static size_t waiter_count, waiter_capacity;

/* The states of a request, kept in libmicrohttpd's per-request pointer. */
static char headers_read, parked;

static long thread_cpu_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec * 1000000000L + now.tv_nsec;
}

static void spend_cpu(void) {
    long start = thread_cpu_ns();
    while (thread_cpu_ns() - start < spin_ns) {}
}

/* Writes one commit's two frames and takes its ticket, in commit order. */
static uint64_t commit(void) {
    static const char header[FRAME_HEADER];
    static char page[PAGE];
    pthread_mutex_lock(&lock);
    for (int frame = 0; frame < 2; frame++) {
        off_t offset = (off_t)(next_frame++ % LOG_FRAMES) * (FRAME_HEADER + PAGE);
        if (pwrite(log_descriptor, header, FRAME_HEADER, offset) != FRAME_HEADER ||
            pwrite(log_descriptor, page, PAGE, offset + FRAME_HEADER) != PAGE) {
            perror("write-floor: pwrite");
            exit(1);
        }
    }
    uint64_t ticket = ++committed;
    pthread_cond_signal(&commit_made);
    pthread_mutex_unlock(&lock);
    return ticket;
}

static void *flush_rounds(void *unused) {
    (void)unused;
    struct MHD_Connection **ready = NULL;
    size_t ready_capacity = 0;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (committed == flushed) pthread_cond_wait(&commit_made, &lock);
        uint64_t waiting = committed - flushed;
        pthread_mutex_unlock(&lock);
        if (waiting > 1 && waiting < FULL_GROUP) usleep(GATHER_US);

        pthread_mutex_lock(&lock);
        uint64_t target = committed;
        pthread_mutex_unlock(&lock);
        if (fdatasync(log_descriptor) != 0) {
            perror("write-floor: fdatasync");
            exit(1);
        }

        pthread_mutex_lock(&lock);
        flushed = target;
        if (ready_capacity < waiter_count) {
            ready_capacity = waiter_count;
            ready = realloc(ready, ready_capacity * sizeof *ready);
        }
        size_t ready_count = 0, kept = 0;
        for (size_t i = 0; i < waiter_count; i++) {
            if (waiters[i].ticket <= target) ready[ready_count++] = waiters[i].connection;
            else waiters[kept++] = waiters[i];
        }
        waiter_count = kept;
        pthread_mutex_unlock(&lock);
        for (size_t i = 0; i < ready_count; i++) MHD_resume_connection(ready[i]);
    }
    return NULL;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (still_arriving(request_state, upload_data_size, &headers_read)) return MHD_YES;
    if (*request_state == &parked) return send_body(connection); /* resumed: on disk */
    spend_cpu();
    if (answer_inline) return send_body(connection);
    uint64_t ticket = commit();
    pthread_mutex_lock(&lock);
    if (ticket <= flushed) {
        pthread_mutex_unlock(&lock);
        return send_body(connection);
    }
    if (waiter_count == waiter_capacity) {
        waiter_capacity = waiter_capacity ? 2 * waiter_capacity : 64;
        waiters = realloc(waiters, waiter_capacity * sizeof *waiters);
    }
    waiters[waiter_count++] = (struct waiter){ connection, ticket };
    *request_state = &parked;
    MHD_suspend_connection(connection); /* under the lock: the resume cannot come first */
    pthread_mutex_unlock(&lock);
    return MHD_YES;
}

struct acceptor { int listener; struct MHD_Daemon **daemons; unsigned count; };

static void *accept_connections(void *argument) {
    struct acceptor *acceptor = argument;
    for (unsigned next = 0;; next++) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int socket = accept(acceptor->listener, (struct sockaddr *)&address, &length);
        if (socket < 0) continue;
        if (MHD_add_connection(acceptor->daemons[next % acceptor->count], socket,
                               (struct sockaddr *)&address, length) != MHD_YES) close(socket);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: write-floor PORT BODY-FILE LOG-FILE SPIN_US [THREADS] [--inline]\n");
        return 2;
    }
    load_body(argv[2]);
    log_descriptor = open(argv[3], O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (log_descriptor < 0) { perror(argv[3]); return 1; }
    spin_ns = atol(argv[4]) * 1000L;
    unsigned threads = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 5; i < argc; i++) {
        if (strcmp(argv[i], "--inline") == 0) answer_inline = 1;
        else threads = (unsigned)atoi(argv[i]);
    }
    if (threads < 1) threads = 1;

    struct MHD_Daemon **daemons = calloc(threads, sizeof *daemons);
    for (unsigned i = 0; i < threads; i++) {
        daemons[i] = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME |
                MHD_USE_NO_LISTEN_SOCKET,
            0, NULL, NULL, answer, NULL, MHD_OPTION_CONNECTION_LIMIT, 1000u, MHD_OPTION_END);
        if (!daemons[i]) { fprintf(stderr, "write-floor: could not start a daemon\n"); return 1; }
    }
    int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int yes = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 128) != 0) {
        fprintf(stderr, "write-floor: could not listen on port %s\n", argv[1]);
        return 1;
    }

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, NULL); /* the threads below inherit the mask */
    pthread_t thread;
    if (!answer_inline) pthread_create(&thread, NULL, flush_rounds, NULL);
    static struct acceptor acceptor;
    acceptor = (struct acceptor){ listener, daemons, threads };
    pthread_create(&thread, NULL, accept_connections, &acceptor);
    int received;
    sigwait(&signals, &received);
    return 0; /* the log is the caller's to delete */
}
