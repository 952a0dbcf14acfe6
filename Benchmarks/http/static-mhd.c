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

static char *body;
static size_t body_length;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*request_state == NULL) { /* first call: headers only */
        *request_state = (void *)1;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* a piece of the body: drop it */
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_length, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/graphql-response+json; charset=utf-8");
    enum MHD_Result result = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: static-mhd PORT FILE [THREADS]\n");
        return 2;
    }
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 1; }
    fseek(file, 0, SEEK_END);
    body_length = (size_t)ftell(file);
    rewind(file);
    body = malloc(body_length ? body_length : 1);
    if (fread(body, 1, body_length, file) != body_length) { perror("read"); return 1; }
    fclose(file);
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
