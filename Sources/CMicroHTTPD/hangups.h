#pragma once
// Watching the sockets of suspended stream connections for the client's hang-up: an
// epoll set of its own, beside libmicrohttpd's (which leaves a suspended connection's
// socket unwatched). Included by shim.h.
#include <errno.h>
#include <string.h>
#include <sys/epoll.h>

/// A new, empty watch set (an epoll descriptor, close-on-exec), or -1.
static inline int kitchen_hangups_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

/// Watches `fd` for the peer's hang-up (its FIN, a reset, an error) once: after it is
/// reported, `fd` stays in the set but silent until watched again. 0, or -1 with errno.
static inline int kitchen_hangups_watch(int set, int fd) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLRDHUP | EPOLLHUP | EPOLLERR | EPOLLONESHOT;
    event.data.fd = fd;
    if (epoll_ctl(set, EPOLL_CTL_ADD, fd, &event) == 0) return 0;
    if (errno == EEXIST) return epoll_ctl(set, EPOLL_CTL_MOD, fd, &event);
    return -1;
}

/// Stops watching `fd` (before its connection may close it).
static inline void kitchen_hangups_unwatch(int set, int fd) {
    epoll_ctl(set, EPOLL_CTL_DEL, fd, NULL);
}

/// Waits up to `timeout_ms` for hang-ups; writes up to `capacity` (at most 64) of the
/// sockets that hung up into `fds` and returns how many, 0 on timeout, -1 on error.
static inline int kitchen_hangups_wait(int set, int *fds, int capacity, int timeout_ms) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(set, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) fds[index] = events[index].data.fd;
    return count;
}
