#include <webp/decode.h>
#include <webp/encode.h>

/// Lossy WebP of 32-bit pixels (`bgra` nonzero: B,G,R,A bytes, else R,G,B,A), `stride` bytes a
/// row, at `quality` 0–100 and libwebp's fastest `method` 0. Returns the bytes written into
/// `*output` (to be freed with WebPFree), 0 when libwebp failed (`*output` then NULL).
static inline size_t meridian_webp_encode(const uint8_t *pixels, int width, int height, int stride, int bgra, float quality,
                                          uint8_t **output) {
    *output = NULL;
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) return 0;
    config.quality = quality;
    config.method = 0;
    picture.width = width;
    picture.height = height;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = bgra ? WebPPictureImportBGRA(&picture, pixels, stride) : WebPPictureImportRGBA(&picture, pixels, stride);
    ok = ok && WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!ok) { WebPMemoryWriterClear(&writer); return 0; }
    *output = writer.mem;
    return writer.size;
}
