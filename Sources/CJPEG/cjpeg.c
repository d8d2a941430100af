#include "cjpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports errors through error_exit, which must not return: it jumps back here.
struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
};

static void jump_back(j_common_ptr cinfo) {
    struct failure *f = (struct failure *)cinfo->err;
    longjmp(f->back, 1);
}

int meridian_jpeg_encode(const unsigned char *pixels, int width, int height, int stride, int little_endian, int quality,
                         unsigned char **out, unsigned long *size, char *message, size_t message_size) {
    *out = NULL;
    *size = 0;
    if (message_size > 0) message[0] = 0;
    if (!pixels || width < 1 || height < 1 || width > 65500 || height > 65500 || stride < 4 * width || quality < 1 || quality > 100) {
        if (message_size > 0) snprintf(message, message_size, "bad arguments: %dx%d, stride %d, quality %d", width, height, stride, quality);
        return -1;
    }
    struct jpeg_compress_struct cinfo;
    struct failure failure;
    // libjpeg's output buffer and its size, which it moves and updates: kept on the heap, so
    // they are still valid after a longjmp (locals changed after setjmp would not be).
    struct { unsigned char *data; unsigned long size; } *volatile target = calloc(1, sizeof *target);
    if (!target) {
        if (message_size > 0) snprintf(message, message_size, "out of memory");
        return -1;
    }
    cinfo.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jump_back;
    if (setjmp(failure.back)) {
        if (message_size > 0) {
            char text[JMSG_LENGTH_MAX];
            (*cinfo.err->format_message)((j_common_ptr)&cinfo, text);
            snprintf(message, message_size, "%s", text);
        }
        jpeg_destroy_compress(&cinfo);
        free(target->data);
        free(target);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &target->data, &target->size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = little_endian ? JCS_EXT_BGRX : JCS_EXT_XRGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.dct_method = JDCT_IFAST;
    cinfo.optimize_coding = FALSE;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * (size_t)stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = target->data;
    *size = target->size;
    free(target);
    return 0;
}

void meridian_jpeg_free(unsigned char *buffer) {
    free(buffer);
}
