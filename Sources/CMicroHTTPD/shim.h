#pragma once
// The thin C boundary for HTTPServer. Swift cannot call variadic functions
// (MHD_start_daemon, MHD_get_daemon_info, MHD_get_connection_info), so each
// is wrapped here in a fixed-argument static inline function.
#include <stdint.h>
#include <stdbool.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// The URI logger MHD calls once per request, before headers are parsed; its
/// return value becomes the request's `*con_cls`.
typedef void *(*kitchen_mhd_uri_logger)(void *cls, const char *uri,
                                        struct MHD_Connection *connection);

/// Starts a daemon with no listening socket of its own (connections come through
/// MHD_add_connection), the callbacks sharing one context and the remaining options
/// given as an MHD_OPTION_END-terminated array.
static inline struct MHD_Daemon *
kitchen_mhd_start(unsigned int flags,
                  MHD_AccessHandlerCallback handler,
                  MHD_RequestCompletedCallback completed,
                  kitchen_mhd_uri_logger uri_logger,
                  MHD_NotifyConnectionCallback notify_connection, void *context,
                  const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL, handler, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// Opens a TCP socket listening on the numeric IPv4 or IPv6 address `host` (an IPv6
/// one only for IPv6) at `port`, 0 for any free port. Returns the descriptor, or -1
/// with errno set: EINVAL for a host that is not a numeric address.
static inline int kitchen_listen(const char *host, uint16_t port) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *address;
    socklen_t length;
    int family;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
        length = sizeof v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        length = sizeof v6;
    } else {
        errno = EINVAL;
        return -1;
    }
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    if (bind(fd, address, length) != 0 || listen(fd, SOMAXCONN) != 0) {
        int error = errno;
        close(fd);
        errno = error;
        return -1;
    }
    return fd;
}

/// Names the calling thread (at most 15 bytes show), for ps, top and debuggers.
static inline void kitchen_name_this_thread(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

/// The port a listening socket is bound to, or 0.
static inline uint16_t kitchen_socket_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

/// A descriptor for the same socket as `fd` whose number is `remainder` modulo `modulus`:
/// `fd` itself when it is one, else the lowest such free number above it (and `fd` is
/// closed). libmicrohttpd gives a connection added to a thread pool to the thread its
/// descriptor number picks (number modulo pool size), so this is how a caller chooses the
/// thread. Returns `fd` unchanged when no such number can be had (descriptor limit).
static inline int kitchen_descriptor_with_remainder(int fd, int modulus, int remainder) {
    if (modulus <= 1 || fd % modulus == remainder) return fd;
    int from = fd + 1;
    for (int attempt = 0; attempt < 64; attempt++) {
        int wanted = from + ((remainder - from % modulus) % modulus + modulus) % modulus;
        int copy = fcntl(fd, F_DUPFD_CLOEXEC, wanted);
        if (copy < 0) return fd;
        if (copy % modulus == remainder) {
            close(fd);
            return copy;
        }
        close(copy);
        from = copy + 1;
    }
    return fd;
}

/// Waits for the next connection on `listener`; returns its descriptor (close-on-exec) and
/// fills in the client's address, or returns -errno: -EINVAL or -EBADF once the listener
/// is shut down, and transient errors (-EINTR, -ECONNABORTED, -EMFILE, ...) that the
/// caller may retry.
static inline int kitchen_accept(int listener, struct sockaddr_storage *address, socklen_t *length) {
    *length = sizeof *address;
    int fd = accept(listener, (struct sockaddr *)address, length);
    if (fd < 0) return -errno;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

/// Hands an accepted connection to `daemon`, asking for its pool thread number `thread` of
/// `threads` (see `kitchen_descriptor_with_remainder`); `*placed` says which thread it went
/// to. Returns false when the daemon refused it (and closed it).
static inline bool kitchen_hand_over(struct MHD_Daemon *daemon, int fd,
                                     const struct sockaddr_storage *address, socklen_t length,
                                     int threads, int thread, int *placed) {
    fd = kitchen_descriptor_with_remainder(fd, threads, thread);
    *placed = threads <= 1 ? 0 : fd % threads;
    return MHD_add_connection(daemon, fd, (const struct sockaddr *)address, length) == MHD_YES;
}

/// The connections the daemon has open now, or 0 when it cannot tell.
static inline unsigned int kitchen_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The connection's socket, or -1 if unknown.
static inline int kitchen_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The pointer the connection-notification callback stored for the connection (its
/// "socket context"), or NULL.
static inline void *kitchen_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Writes the client's numeric address into `buffer`; returns false if unknown.
static inline bool kitchen_mhd_client_address(struct MHD_Connection *connection,
                                              char *buffer, socklen_t size) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return false;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
        return inet_ntop(AF_INET, &v4->sin_addr, buffer, size) != NULL;
    }
    if (address->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)address;
        return inet_ntop(AF_INET6, &v6->sin6_addr, buffer, size) != NULL;
    }
    return false;
}

/// Blocks (`block` true) or unblocks SIGINT, SIGTERM and SIGPIPE in the calling
/// thread; threads created meanwhile inherit the mask.
static inline int kitchen_block_termination_signals(bool block, sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGPIPE);
    return pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, previous);
}

/// Restores a signal mask saved by kitchen_block_termination_signals.
static inline int kitchen_restore_signal_mask(const sigset_t *previous) {
    return pthread_sigmask(SIG_SETMASK, previous, NULL);
}

/// Waits for SIGINT or SIGTERM (which must be blocked) and returns its number.
static inline int kitchen_wait_termination_signal(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    int signal_number = 0;
    while (sigwait(&set, &signal_number) != 0) {}
    return signal_number;
}
#include "hangups.h"
#include "websocket.h"
