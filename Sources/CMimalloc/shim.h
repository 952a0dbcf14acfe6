#ifndef KITCHEN_CMIMALLOC_SHIM_H
#define KITCHEN_CMIMALLOC_SHIM_H

// mimalloc takes the place of the C library's malloc, free and the rest for the whole
// process (libswiftCore, SQLite and libmicrohttpd included): Debian's shared library
// defines them, and comes before libc in the link order. docs/architecture.md says why.
#include <mimalloc.h>

#endif
