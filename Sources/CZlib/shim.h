#ifndef HOTELSEARCH_CZLIB_SHIM_H
#define HOTELSEARCH_CZLIB_SHIM_H

#include <zlib.h>

/* inflateInit2 is a function-like macro, which Swift does not import. */
static inline int hs_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
