/* What the benchmark's bare libmicrohttpd servers share: the fixed response bytes, read
 * from a file, and the steps of a request before they are sent. */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>

static char *body;
static size_t body_length;

/* Reads the response bytes from `path`; exits when it cannot. */
static void load_body(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    body_length = (size_t)ftell(file);
    rewind(file);
    body = malloc(body_length ? body_length : 1);
    if (fread(body, 1, body_length, file) != body_length) { perror(path); exit(1); }
    fclose(file);
}

/* True while the request is still arriving: the first call (headers only) marks it with
 * `seen`, and each piece of a POST body is dropped, as a GraphQL request's would be read. */
static int still_arriving(void **request_state, size_t *upload_data_size, void *seen) {
    if (*request_state == NULL) {
        *request_state = seen;
        return 1;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return 1;
    }
    return 0;
}

/* Queues the fixed bytes as a 200 GraphQL response. */
static enum MHD_Result send_body(struct MHD_Connection *connection) {
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_length, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/graphql-response+json; charset=utf-8");
    enum MHD_Result result = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return result;
}
