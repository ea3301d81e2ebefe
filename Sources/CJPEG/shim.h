#ifndef HOTELSEARCH_CJPEG_SHIM_H
#define HOTELSEARCH_CJPEG_SHIM_H

/* jpeglib.h uses FILE and size_t but includes nothing itself. */
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

/*
 * libjpeg reports fatal errors through error_exit, which must not return, and
 * whose default calls exit(). Swift cannot call setjmp, so the whole decode
 * runs in these C helpers, which longjmp back to their own setjmp on error.
 *
 * Decoding is split in two calls so that the caller can check the dimensions
 * and allocate the RGBA buffer in between, before libjpeg allocates anything
 * proportional to the image size:
 *
 *   hs_jpeg_read_header -> caller checks limits, allocates width*height*4
 *   hs_jpeg_read_rgba   -> fills the buffer
 *   hs_jpeg_destroy     -> always, whatever happened before
 */

enum {
    HS_JPEG_OK = 0,
    /* libjpeg raised an error or warning; hs_jpeg_message() says which. */
    HS_JPEG_FAILED = 1
};

typedef struct hs_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error_manager;
    struct jpeg_progress_mgr progress_manager;
    jmp_buf jump;
    int created;
    int max_scans;
    char message[JMSG_LENGTH_MAX];
} hs_jpeg_decoder;

static inline void hs_jpeg_fail(j_common_ptr cinfo) {
    hs_jpeg_decoder *decoder = (hs_jpeg_decoder *)cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, decoder->message);
    longjmp(decoder->jump, 1);
}

static inline void hs_jpeg_error_exit(j_common_ptr cinfo) {
    hs_jpeg_fail(cinfo);
}

/*
 * Warnings are fatal: libjpeg "recovers" from truncated or corrupt data by
 * padding the image with grey, and a half-grey hotel photo is worse than none.
 */
static inline void hs_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level < 0) {
        hs_jpeg_fail(cinfo);
    }
}

/* The default writes to stderr, which a server should not do. */
static inline void hs_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

/*
 * A progressive JPEG can carry thousands of tiny scans, each forcing a pass
 * over the whole coefficient buffer: a cheap denial of service.
 */
static inline void hs_jpeg_progress(j_common_ptr cinfo) {
    hs_jpeg_decoder *decoder = (hs_jpeg_decoder *)cinfo->client_data;
    if (cinfo->is_decompressor && decoder->max_scans > 0 &&
        decoder->cinfo.input_scan_number > decoder->max_scans) {
        snprintf(decoder->message, sizeof decoder->message,
                 "JPEG has more than %d scans", decoder->max_scans);
        longjmp(decoder->jump, 1);
    }
}

/* Reads the header only; on HS_JPEG_OK *width and *height are set. */
static inline int hs_jpeg_read_header(hs_jpeg_decoder *decoder,
                                      const unsigned char *data, unsigned long size,
                                      int max_scans,
                                      unsigned int *width, unsigned int *height) {
    memset(decoder, 0, sizeof *decoder);
    decoder->max_scans = max_scans;
    decoder->cinfo.err = jpeg_std_error(&decoder->error_manager);
    decoder->error_manager.error_exit = hs_jpeg_error_exit;
    decoder->error_manager.emit_message = hs_jpeg_emit_message;
    decoder->error_manager.output_message = hs_jpeg_output_message;
    decoder->cinfo.client_data = decoder;
    if (setjmp(decoder->jump)) {
        return HS_JPEG_FAILED;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->created = 1;
    decoder->cinfo.client_data = decoder;
    decoder->progress_manager.progress_monitor = hs_jpeg_progress;
    decoder->cinfo.progress = &decoder->progress_manager;
    jpeg_mem_src(&decoder->cinfo, data, size);
    jpeg_read_header(&decoder->cinfo, TRUE);

    switch (decoder->cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
        decoder->cinfo.out_color_space = JCS_GRAYSCALE;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        decoder->cinfo.out_color_space = JCS_CMYK;
        break;
    default:
        decoder->cinfo.out_color_space = JCS_RGB;
        break;
    }
    *width = decoder->cinfo.image_width;
    *height = decoder->cinfo.image_height;
    return HS_JPEG_OK;
}

/* Converts one decoded row in place; the samples sit at the end of the row. */
static inline void hs_jpeg_expand_row(unsigned char *row, unsigned int width,
                                      int components, int adobe_inverted) {
    const unsigned char *source = row + (size_t)(4 - components) * width;
    unsigned int x;
    for (x = 0; x < width; x++) {
        unsigned int r, g, b;
        if (components == 1) {
            r = g = b = source[x];
        } else if (components == 3) {
            r = source[3 * x];
            g = source[3 * x + 1];
            b = source[3 * x + 2];
        } else {
            unsigned int c = source[4 * x], m = source[4 * x + 1];
            unsigned int y = source[4 * x + 2], k = source[4 * x + 3];
            /* Adobe (Photoshop) stores CMYK inverted, everyone else does not. */
            if (!adobe_inverted) {
                c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
            }
            r = (c * k + 127) / 255;
            g = (m * k + 127) / 255;
            b = (y * k + 127) / 255;
        }
        /* Reading before writing keeps this safe: the write never passes the read. */
        row[4 * x] = (unsigned char)r;
        row[4 * x + 1] = (unsigned char)g;
        row[4 * x + 2] = (unsigned char)b;
        row[4 * x + 3] = 255;
    }
}

/* Decodes into rgba, which must hold width * height * 4 bytes. */
static inline int hs_jpeg_read_rgba(hs_jpeg_decoder *decoder, unsigned char *rgba) {
    if (setjmp(decoder->jump)) {
        return HS_JPEG_FAILED;
    }
    jpeg_start_decompress(&decoder->cinfo);
    {
        const unsigned int width = decoder->cinfo.output_width;
        const int components = decoder->cinfo.output_components;
        const int adobe_inverted = decoder->cinfo.out_color_space == JCS_CMYK &&
                                   decoder->cinfo.saw_Adobe_marker;
        const size_t stride = (size_t)width * 4;
        if (width != decoder->cinfo.image_width ||
            decoder->cinfo.output_height != decoder->cinfo.image_height ||
            components < 1 || components > 4 || components == 2) {
            snprintf(decoder->message, sizeof decoder->message,
                     "unexpected JPEG output layout");
            return HS_JPEG_FAILED;
        }
        while (decoder->cinfo.output_scanline < decoder->cinfo.output_height) {
            unsigned char *row = rgba + (size_t)decoder->cinfo.output_scanline * stride;
            JSAMPROW samples = row + (size_t)(4 - components) * width;
            if (jpeg_read_scanlines(&decoder->cinfo, &samples, 1) != 1) {
                snprintf(decoder->message, sizeof decoder->message,
                         "JPEG decoder returned no scanline");
                return HS_JPEG_FAILED;
            }
            hs_jpeg_expand_row(row, width, components, adobe_inverted);
        }
    }
    jpeg_finish_decompress(&decoder->cinfo);
    return HS_JPEG_OK;
}

static inline const char *hs_jpeg_message(const hs_jpeg_decoder *decoder) {
    return decoder->message;
}

/* Safe to call after any outcome, including a failed hs_jpeg_read_header. */
static inline void hs_jpeg_destroy(hs_jpeg_decoder *decoder) {
    if (decoder->created) {
        jpeg_destroy_decompress(&decoder->cinfo);
        decoder->created = 0;
    }
}

#endif
