/* MIX's latencies by kind of request: a closed-loop client (CONNS keep-alive connections,
 * each sending its next request as soon as the last is answered, as wrk does) over the
 * requests kinds.py wrote, timing each request alone, and printing p50/p90/p99/p99.9 for
 * all and for each kind (Q1…Q4, M1, ADD, COMMENT, LIKE). wrk reports one distribution for
 * the mix; this says whether the tail is the writes' or the reads'.
 *
 *   cc -O2 -o kinds kinds.c
 *   kinds PORT FILE CONNS SECONDS [MAX-REQUESTS [FIRST]]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct { char kind[12]; char *data; int length; } Request;
typedef struct { int fd, request, have; double started; char buffer[1 << 17]; } Connection;

static Request *requests;
static int request_count, next_request;
#define MAX_SAMPLES 2000000
static double *latencies;
static int *sample_kinds, sample_count;
static char kinds[16][12];
static int kind_count;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int kind_index(const char *kind) {
    for (int i = 0; i < kind_count; i++) if (!strcmp(kinds[i], kind)) return i;
    strcpy(kinds[kind_count], kind);
    return kind_count++;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void send_next(Connection *c) {
    c->request = next_request;
    next_request = (next_request + 1) % request_count;
    c->started = now_ms();
    c->have = 0;
    Request *r = &requests[c->request];
    for (int sent = 0; sent < r->length;) {
        int n = write(c->fd, r->data + sent, r->length - sent);
        if (n < 0) { perror("write"); exit(1); }
        sent += n;
    }
}

/* Whether the buffer holds a whole response (Kitchen's have a Content-Length). */
static int response_complete(Connection *c) {
    c->buffer[c->have] = 0;
    char *end = strstr(c->buffer, "\r\n\r\n");
    if (!end) return 0;
    char *length = strcasestr(c->buffer, "content-length:");
    if (!length || length > end) return 1;
    return c->have >= (end + 4 - c->buffer) + atoi(length + 15);
}

static void load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *all = malloc(size);
    if (fread(all, 1, size, f) != (size_t)size) { perror("read"); exit(1); }
    fclose(f);
    requests = malloc(sizeof(Request) * (size / 64 + 1));
    for (char *p = all; p < all + size;) {
        Request *r = &requests[request_count++];
        char *space = memchr(p, ' ', 32);
        memcpy(r->kind, p, space - p);
        r->kind[space - p] = 0;
        r->length = atoi(space + 1);
        r->data = (char *)memchr(p, '\n', 64) + 1;
        p = r->data + r->length;
    }
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: kinds PORT FILE CONNS SECONDS [MAX-REQUESTS [FIRST]]\n"); return 2; }
    int port = atoi(argv[1]), connections = atoi(argv[3]);
    double seconds = atof(argv[4]);
    int limit = argc > 5 ? atoi(argv[5]) : 0;
    load(argv[2]);
    latencies = malloc(sizeof(double) * MAX_SAMPLES);
    sample_kinds = malloc(sizeof(int) * MAX_SAMPLES);
    srand(getpid());
    next_request = argc > 6 ? atoi(argv[6]) % request_count : rand() % request_count;

    int poller = epoll_create1(0);
    Connection *open = calloc(connections, sizeof(Connection));
    for (int i = 0; i < connections; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
        struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
        if (connect(fd, (struct sockaddr *)&address, sizeof address)) { perror("connect"); return 1; }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        open[i].fd = fd;
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = &open[i]};
        epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event);
        send_next(&open[i]);
    }

    double start = now_ms(), end = start + seconds * 1000;
    long not_ok = 0;
    struct epoll_event events[64];
    while (now_ms() < end && (!limit || sample_count < limit)) {
        int ready = epoll_wait(poller, events, 64, 100);
        for (int i = 0; i < ready; i++) {
            Connection *c = events[i].data.ptr;
            int n = read(c->fd, c->buffer + c->have, sizeof c->buffer - 1 - c->have);
            if (n <= 0) { fprintf(stderr, "the server closed a connection\n"); return 1; }
            c->have += n;
            if (!response_complete(c)) continue;
            if (strncmp(c->buffer, "HTTP/1.1 200", 12)) not_ok++;
            if (sample_count < MAX_SAMPLES) {
                latencies[sample_count] = now_ms() - c->started;
                sample_kinds[sample_count++] = kind_index(requests[c->request].kind);
            }
            send_next(c);
        }
    }
    double elapsed = (now_ms() - start) / 1000;
    printf("all: %d requests, %.0f rps, %ld not 200\n", sample_count, sample_count / elapsed, not_ok);
    double *values = malloc(sizeof(double) * (sample_count + 1));
    for (int k = -1; k < kind_count; k++) {
        int m = 0;
        for (int i = 0; i < sample_count; i++) if (k < 0 || sample_kinds[i] == k) values[m++] = latencies[i];
        if (m == 0) continue;
        qsort(values, m, sizeof(double), by_value);
        printf("%-8s n=%7d p50 %7.2f p90 %7.2f p99 %7.2f p99.9 %7.2f max %7.2f ms\n", k < 0 ? "ALL" : kinds[k], m,
               values[m / 2], values[(int)(m * 0.9)], values[(int)(m * 0.99)], values[(int)(m * 0.999)], values[m - 1]);
    }
    return 0;
}
