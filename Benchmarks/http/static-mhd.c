/* The machine's limit through libmicrohttpd: answers every request with fixed bytes,
 * doing no other work, with the daemon set up as Kitchen's HTTPServer sets it up (internal
 * polling thread, epoll, a thread pool of one thread per core). A POST body is read and
 * dropped, as a GraphQL request's would be.
 *
 *   static-mhd PORT FILE [THREADS]
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixed-answer.h"

static char seen;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (still_arriving(request_state, upload_data_size, &seen)) return MHD_YES;
    return send_body(connection);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: static-mhd PORT FILE [THREADS]\n");
        return 2;
    }
    load_body(argv[2]);
    unsigned threads = argc > 3 ? (unsigned)atoi(argv[3]) : (unsigned)sysconf(_SC_NPROCESSORS_ONLN);

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC, 0, NULL, NULL, answer, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 1,
        MHD_OPTION_CONNECTION_LIMIT, 1000u,
        MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "could not start on port %s\n", argv[1]); return 1; }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
