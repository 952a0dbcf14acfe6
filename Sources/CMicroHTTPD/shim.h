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
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// The URI logger MHD calls once per request, before headers are parsed; its
/// return value becomes the request's `*con_cls`.
typedef void *(*kitchen_mhd_uri_logger)(void *cls, const char *uri,
                                        struct MHD_Connection *connection);

/// Starts a daemon listening on the numeric IPv4 or IPv6 address `host`, with
/// the callbacks sharing one context and the remaining options given as an
/// MHD_OPTION_END-terminated array. Returns NULL with errno EINVAL for a bad host.
static inline struct MHD_Daemon *
kitchen_mhd_start(unsigned int flags, const char *host, uint16_t port,
                  MHD_AccessHandlerCallback handler,
                  MHD_RequestCompletedCallback completed,
                  kitchen_mhd_uri_logger uri_logger,
                  MHD_NotifyConnectionCallback notify_connection, void *context,
                  const struct MHD_OptionItem *options) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *address;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        errno = EINVAL;
        return NULL;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The port the daemon is bound to (useful after binding port 0), or 0.
static inline uint16_t kitchen_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
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
