#pragma once
// The thin C boundary for gzip in App. zlib's init functions are macros that pass the
// library version and the stream's size (deflateInit2 → deflateInit2_), which Swift cannot
// call, so each one used is wrapped here.
#include <zlib.h>

/// Prepares `stream` to write a gzip member (window bits 15 + 16 asks deflate for the
/// gzip header and trailer instead of zlib's) at compression `level` (1 fastest … 9 smallest).
static inline int kitchen_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
