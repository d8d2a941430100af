#ifndef MERIDIAN_GROUND_H
#define MERIDIAN_GROUND_H

#include <stdint.h>

/// One screen row's run of a raster image laid on the ground (Meridian's GroundTile): the image
/// sampled along a straight line of image coordinates and laid over `count` pixels from `target`,
/// source over, at `alpha` 256ths (0 to 256).
///
/// Pixels are 32-bit premultiplied ARGB (Cairo's and Blend2D's format). `source` is a
/// `width` × `height` image (both at least 1) with `stride` pixels from row to row. `u`, `v` are the
/// first sample's image coordinates and `du`, `dv` the step per pixel, in 16.16 fixed point, pixel
/// centres at whole numbers. Coordinates outside the image read its edge pixels (padded edges), so
/// no input reads or writes outside the buffers given.
void meridian_ground_bilinear(const uint32_t *source, int64_t stride, int64_t width, int64_t height, int64_t u,
                              int64_t v, int64_t du, int64_t dv, uint32_t alpha, uint32_t *target, int64_t count);

/// As meridian_ground_bilinear, each pixel the nearest image pixel.
void meridian_ground_nearest(const uint32_t *source, int64_t stride, int64_t width, int64_t height, int64_t u,
                             int64_t v, int64_t du, int64_t dv, uint32_t alpha, uint32_t *target, int64_t count);

#endif
