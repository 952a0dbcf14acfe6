#pragma once
#include <libpq-fe.h>
#include <poll.h>

/// Waits until the connection's socket can be read or `milliseconds` pass; 1 when readable,
/// 0 on timeout, -1 on error (`poll` is variadic-free but its struct is easier built here).
static inline int kitchen_pq_wait_readable(PGconn *connection, int milliseconds) {
    struct pollfd descriptor = { .fd = PQsocket(connection), .events = POLLIN, .revents = 0 };
    if (descriptor.fd < 0) return -1;
    return poll(&descriptor, 1, milliseconds);
}
