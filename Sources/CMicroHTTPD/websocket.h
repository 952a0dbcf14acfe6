#pragma once
// The upgraded (WebSocket) sockets of Sources/HTTPServer/WebSocket: handing them back to
// libmicrohttpd, and the epoll loop that serves them. Included by shim.h, after
// microhttpd.h.
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

/// Hands an upgraded socket back to libmicrohttpd, which closes it (the application must
/// never close() it itself). MHD_upgrade_action is variadic, so Swift cannot call it.
static inline bool kitchen_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE) == MHD_YES;
}

/// Makes `fd` non-blocking, and sends each write at once: no cork (libmicrohttpd may leave
/// one from the response it just sent) and no Nagle delay, which would hold a small message
/// written after another (a `complete` after its `next`) until the client's delayed ACK,
/// some 40 ms. Returns false when the socket cannot be made non-blocking.
static inline bool kitchen_prepare_upgraded_socket(int fd) {
    int off = 0, on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_CORK, &off, sizeof off);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    int flags = fcntl(fd, F_GETFL, 0);
    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

/// Adds (`op` EPOLL_CTL_ADD), changes (EPOLL_CTL_MOD) or removes (EPOLL_CTL_DEL) `fd` in
/// the epoll set, reporting `events` with `token`. `struct epoll_event` is packed on
/// x86-64, which Swift cannot import faithfully, so it is built here.
static inline int kitchen_epoll_control(int epoll, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epoll, op, fd, &event);
}

/// Waits up to `timeout_ms` for at most `capacity` events, copying each one's token and
/// event bits into the two arrays; returns the count, or -errno.
static inline int kitchen_epoll_wait(int epoll, uint64_t *tokens, uint32_t *events, int capacity,
                                     int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, ready, capacity, timeout_ms);
    if (count < 0) return -errno;
    for (int i = 0; i < count; i++) {
        tokens[i] = ready[i].data.u64;
        events[i] = ready[i].events;
    }
    return count;
}

/// Reads up to `capacity` bytes; returns the count, 0 at end of stream, or -errno
/// (-EAGAIN when nothing is there yet).
static inline long kitchen_read(int fd, void *buffer, size_t capacity) {
    ssize_t count = recv(fd, buffer, capacity, 0);
    return count < 0 ? -errno : (long)count;
}

/// Writes up to `count` bytes without blocking and without SIGPIPE; returns how many
/// went, or -errno (-EAGAIN when the socket's buffer is full).
static inline long kitchen_write(int fd, const void *bytes, size_t count) {
    ssize_t sent = send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
    return sent < 0 ? -errno : (long)sent;
}
