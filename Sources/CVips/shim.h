#pragma once
// The thin C boundary for libvips. Its API is variadic (NULL-terminated option
// lists) and partly macros, which Swift cannot call, so the few operations Kitchen
// needs are wrapped here in fixed-argument static inline functions.
//
// The prototypes are declared here rather than by including <vips/vips.h>: its
// pkg-config flags carry `-pthread`, which SwiftPM refuses with a warning on every
// build, and glib's include paths vary by architecture. These functions have been
// stable since libvips 8.0; only pointers, ints and sizes cross the boundary.
#include <stddef.h>
#include <stdint.h>

typedef struct _VipsImage VipsImage;
int vips_init(const char *argv0);
void vips_cache_set_max(int max);
void vips_concurrency_set(int concurrency);
void vips_error_clear(void);
const char *vips_foreign_find_load_buffer(const void *data, size_t size);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
void g_object_unref(void *object);
void g_free(void *memory);

/// `VipsAccess` and `VipsSize` values used below.
enum { KITCHEN_VIPS_ACCESS_SEQUENTIAL = 1, KITCHEN_VIPS_SIZE_DOWN = 2 };

/// Starts libvips once per process; returns 0 on success. Caching is turned off
/// (every upload and resize is read once) and each operation uses one thread, since
/// the HTTP pool already runs one request per core.
static inline int kitchen_vips_start(void) {
    if (vips_init("kitchen") != 0) return -1;
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    return 0;
}

/// Reads an image's header from memory: its pixel size and the name of the loader
/// that recognised it (e.g. "VipsForeignLoadJpegBuffer"), copied into `loader`. Returns 0 on
/// success, -1 when libvips cannot read the bytes as an image.
static inline int kitchen_vips_header(const void *bytes, size_t length, int *width,
                                      int *height, char *loader, size_t loader_size) {
    const char *found = vips_foreign_find_load_buffer(bytes, length);
    if (found == NULL) { vips_error_clear(); return -1; }
    size_t index = 0;
    for (; found[index] != 0 && index + 1 < loader_size; index++) loader[index] = found[index];
    loader[index] = 0;
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access",
                                                  KITCHEN_VIPS_ACCESS_SEQUENTIAL, (void *)0);
    if (image == NULL) { vips_error_clear(); return -1; }
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// Makes a copy of an image at most `width` pixels wide (never enlarged), in the
/// given format (0 JPEG, 1 PNG, 2 WebP). On success returns 0 and a buffer that
/// the caller frees with kitchen_vips_free.
static inline int kitchen_vips_thumbnail(const void *bytes, size_t length, int width,
                                         int format, void **output, size_t *output_length) {
    VipsImage *image = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &image, width, "height",
                              10000000, "size", KITCHEN_VIPS_SIZE_DOWN, (void *)0) != 0) {
        vips_error_clear();
        return -1;
    }
    int result;
    switch (format) {
    case 0: result = vips_jpegsave_buffer(image, output, output_length, "Q", 82, "strip", 1, (void *)0); break;
    case 1: result = vips_pngsave_buffer(image, output, output_length, "strip", 1, (void *)0); break;
    default: result = vips_webpsave_buffer(image, output, output_length, "Q", 80, "strip", 1, (void *)0); break;
    }
    g_object_unref(image);
    if (result != 0) { vips_error_clear(); return -1; }
    return 0;
}

/// Frees a buffer made by kitchen_vips_thumbnail.
static inline void kitchen_vips_free(void *buffer) { g_free(buffer); }
