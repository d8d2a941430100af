#ifndef MERIDIAN_CJPEG_H
#define MERIDIAN_CJPEG_H

#include <stddef.h>

/// Encodes rows of native-endian 32-bit xRGB words (Cairo's ARGB32; alpha ignored: BGRX bytes on
/// a little-endian machine, XRGB on a big-endian one, as `little_endian` says) as a baseline JPEG through libjpeg-turbo: 4:2:0 chroma, the fast integer DCT, no
/// Huffman optimisation (the settings for frames of a moving camera).
/// width, height: 1…65500 pixels; stride: bytes per row (≥ 4·width); quality: 1…100.
/// On success returns 0 and sets *out (free it with meridian_jpeg_free) and *size. On failure
/// returns -1, writes libjpeg's message (NUL-terminated, at most message_size bytes) and
/// leaves *out NULL. Never exits or aborts the process.
int meridian_jpeg_encode(const unsigned char *pixels, int width, int height, int stride, int little_endian, int quality,
                         unsigned char **out, unsigned long *size, char *message, size_t message_size);

/// Frees a buffer from meridian_jpeg_encode (NULL is ignored).
void meridian_jpeg_free(unsigned char *buffer);

#endif
