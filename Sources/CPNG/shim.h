#ifndef HOTELSEARCH_CPNG_SHIM_H
#define HOTELSEARCH_CPNG_SHIM_H

#include <png.h>
#include <string.h>

/*
 * Swift imports only simple integer macros, so the few function-like and
 * composite macros of libpng's simplified API are re-exported here.
 */

static const png_uint_32 HS_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 HS_PNG_IMAGE_FLAG_16BIT_sRGB = PNG_IMAGE_FLAG_16BIT_sRGB;

/* A zeroed png_image with the version set, as the simplified API requires. */
static inline void hs_png_image_init(png_imagep image) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
}

/* Upper bound of the encoded size, so encoding needs only one compression pass. */
static inline png_alloc_size_t hs_png_image_png_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

/* The message field is a char[64]; a pointer is easier to read from Swift than a tuple. */
static inline const char *hs_png_image_message(const png_image *image) {
    return image->message;
}

#endif
