#pragma once
#include <libpq-fe.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>

/// Waits until the connection's socket can be read (when `connection` is not NULL), `wake`
/// is signalled (when it is not -1), or `milliseconds` pass: > 0 when either is ready, 0 on
/// timeout, -1 on error (`poll` is variadic-free but its structs are easier built here).
static inline int kitchen_pq_wait_readable(PGconn *connection, int wake, int milliseconds) {
    struct pollfd descriptors[2];
    int count = 0;
    if (connection != NULL) {
        int socket = PQsocket(connection);
        if (socket < 0) return -1;
        descriptors[count++] = (struct pollfd){ .fd = socket, .events = POLLIN, .revents = 0 };
    }
    if (wake >= 0) descriptors[count++] = (struct pollfd){ .fd = wake, .events = POLLIN, .revents = 0 };
    return poll(descriptors, count, milliseconds);
}

/// A descriptor another thread signals (`kitchen_wake_signal`) to end a wait at once.
static inline int kitchen_wake_open(void) { return eventfd(0, EFD_CLOEXEC); }

/// Makes every wait on `wake` return from now on.
static inline void kitchen_wake_signal(int wake) {
    uint64_t one = 1;
    ssize_t written = write(wake, &one, sizeof one);
    (void)written;
}
