#include "ground.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Pixels are worked two channels to a 32-bit word (red and blue, alpha and green, each in 16 bits)
// or, with SSE2, four channels in 16-bit lanes; both do the same arithmetic on each channel, so
// they give the same pixels: bilinear with 8-bit weights, rows first, then columns.

static inline int64_t clamped(int64_t x, int64_t highest) { return x < 0 ? 0 : (x > highest ? highest : x); }

// `a` to `b` by `f` 256ths (0 to 256) in each channel, rounded down.
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (((a & 0x00FF00FFu) * g + (b & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((a >> 8) & 0x00FF00FFu) * g + ((b >> 8) & 0x00FF00FFu) * f) & 0xFF00FF00u;
    return rb | ag;
}

// Each channel times `alpha` 256ths (0 to 256), rounded down.
static inline uint32_t faded(uint32_t p, uint32_t alpha) {
    return (((p & 0x00FF00FFu) * alpha >> 8) & 0x00FF00FFu) | ((((p >> 8) & 0x00FF00FFu) * alpha) & 0xFF00FF00u);
}

// Each channel times `k` / 255 (k 0 to 255), rounded.
static inline uint32_t scaled(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

// A premultiplied pixel laid over the one at `target` (nothing where it is transparent).
static inline void over(uint32_t s, uint32_t *target) {
    uint32_t a = s >> 24;
    if (a == 255) {
        *target = s;
    } else if (a != 0) {
        *target = s + scaled(*target, 255 - a);
    }
}

#if defined(__SSE2__)
// The pixels `xa` and `xb` of a row as 16-bit lanes, `xa`'s in lanes 0-3 and `xb`'s in 4-7.
static inline __m128i pair(const uint32_t *row, int64_t xa, int64_t xb) {
    __m128i p = xb == xa + 1 ? _mm_loadl_epi64((const __m128i *)(row + xa))
                             : _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)row[xa]), _mm_cvtsi32_si128((int)row[xb]));
    return _mm_unpacklo_epi8(p, _mm_setzero_si128());
}
#endif

void meridian_ground_bilinear(const uint32_t *source, int64_t stride, int64_t width, int64_t height, int64_t u,
                              int64_t v, int64_t du, int64_t dv, uint32_t alpha, uint32_t *target, int64_t count) {
    const int64_t maxX = width - 1, maxY = height - 1;
    if (alpha > 256) alpha = 256;
    for (int64_t i = 0; i < count; i++, u += du, v += dv) {
        const int64_t x = u >> 16, y = v >> 16;  // arithmetic shifts: floor
        const uint32_t fx = (uint32_t)((u >> 8) & 0xFF), fy = (uint32_t)((v >> 8) & 0xFF);
        const int64_t xa = clamped(x, maxX), xb = clamped(x + 1, maxX);
        const uint32_t *rowA = source + clamped(y, maxY) * stride, *rowB = source + clamped(y + 1, maxY) * stride;
#if defined(__SSE2__)
        __m128i top = pair(rowA, xa, xb), bottom = pair(rowB, xa, xb);
        __m128i rows = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(256 - fy))),
                                                    _mm_mullo_epi16(bottom, _mm_set1_epi16((short)fy))),
                                      8);
        __m128i weights = _mm_set_epi16((short)fx, (short)fx, (short)fx, (short)fx, (short)(256 - fx),
                                        (short)(256 - fx), (short)(256 - fx), (short)(256 - fx));
        __m128i m = _mm_mullo_epi16(rows, weights);
        __m128i s = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_si128(m, 8)), 8);
        if (alpha < 256) s = _mm_srli_epi16(_mm_mullo_epi16(s, _mm_set1_epi16((short)alpha)), 8);
        const int a = _mm_extract_epi16(s, 3);
        if (a == 255) {
            target[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, s));
        } else if (a != 0) {
            __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)target[i]), _mm_setzero_si128());
            __m128i t = _mm_add_epi16(_mm_mullo_epi16(d, _mm_set1_epi16((short)(255 - a))), _mm_set1_epi16(0x80));
            t = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
            __m128i out = _mm_add_epi16(s, t);
            target[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(out, out));
        }
#else
        uint32_t left = lerp(rowA[xa], rowB[xa], fy), right = lerp(rowA[xb], rowB[xb], fy);
        over(faded(lerp(left, right, fx), alpha), target + i);
#endif
    }
}

void meridian_ground_nearest(const uint32_t *source, int64_t stride, int64_t width, int64_t height, int64_t u,
                             int64_t v, int64_t du, int64_t dv, uint32_t alpha, uint32_t *target, int64_t count) {
    const int64_t maxX = width - 1, maxY = height - 1;
    if (alpha > 256) alpha = 256;
    u += 0x8000;  // the nearest pixel centre: floor(coordinate + 1/2)
    v += 0x8000;
    for (int64_t i = 0; i < count; i++, u += du, v += dv) {
        uint32_t p = source[clamped(v >> 16, maxY) * stride + clamped(u >> 16, maxX)];
        over(alpha < 256 ? faded(p, alpha) : p, target + i);
    }
}
