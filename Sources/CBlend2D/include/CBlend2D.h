// The part of Blend2D 0.12's C API that Meridian calls, declared here from Blend2D's API
// documentation (blend2d.com/doc): the library is the static libblend2d.a of the PyPI wheel
// blend2d-python 1.0.0 (scripts/blend2d.sh), which ships no header. Blend2D is under the zlib
// licence (ATTRIBUTION). Objects are 16-byte cores; enumerations are 32-bit values.
#ifndef MERIDIAN_CBLEND2D_H
#define MERIDIAN_CBLEND2D_H
#include <stddef.h>
#include <stdint.h>

typedef uint32_t BLResult;
/// An object's core (BLObjectDetail): 16 bytes, initialised and destroyed by its functions.
typedef struct { uint64_t detail[2]; } BLCore;
typedef BLCore BLContextCore, BLImageCore, BLPathCore;
/// Same layout as Meridian's ScreenPoint (two doubles).
typedef struct { double x, y; } BLPoint;
typedef struct { int x, y; } BLPointI;
typedef struct { double x, y, w, h; } BLRect;
typedef struct { double cx, cy, r; } BLCircle;
typedef struct {
  uint32_t flags;
  /// 0: synchronous rendering on the caller's thread; N: N worker threads.
  uint32_t threadCount;
  uint32_t cpuFeatures, commandQueueLimit, savedStateLimit;
  BLPointI pixelOrigin;
  uint32_t reserved[1];
} BLContextCreateInfo;

enum {
  MERIDIAN_BL_FORMAT_PRGB32 = 1,          // premultiplied 32-bit ARGB in native words: Cairo's ARGB32
  MERIDIAN_BL_DATA_ACCESS_RW = 3,
  MERIDIAN_BL_FILL_RULE_NON_ZERO = 0,
  MERIDIAN_BL_FILL_RULE_EVEN_ODD = 1,
  MERIDIAN_BL_STROKE_CAP_BUTT = 0,
  MERIDIAN_BL_STROKE_CAP_SQUARE = 1,
  MERIDIAN_BL_STROKE_CAP_ROUND = 2,
  MERIDIAN_BL_STROKE_JOIN_MITER_BEVEL = 1,  // a miter, bevelled beyond the miter limit
  MERIDIAN_BL_STROKE_JOIN_BEVEL = 3,
  MERIDIAN_BL_STROKE_JOIN_ROUND = 4,
  MERIDIAN_BL_DATA_ACCESS_READ = 1,
  MERIDIAN_BL_TRANSFORM_OP_RESET = 0,
  MERIDIAN_BL_TRANSFORM_OP_TRANSLATE = 2,
  MERIDIAN_BL_TRANSFORM_OP_SCALE = 3,
  MERIDIAN_BL_TRANSFORM_OP_ROTATE = 5,
  MERIDIAN_BL_TRANSFORM_OP_TRANSFORM = 7,  // multiplies by a matrix: m00, m01, m10, m11, m20, m21
  MERIDIAN_BL_CONTEXT_HINT_PATTERN_QUALITY = 2,
  MERIDIAN_BL_PATTERN_QUALITY_BILINEAR = 1,
  MERIDIAN_BL_GEOMETRY_TYPE_CIRCLE = 5
};
#define MERIDIAN_BL_CONTEXT_FLUSH_SYNC 0x80000000u

BLResult blImageInit(BLImageCore* self);
BLResult blImageDestroy(BLImageCore* self);
BLResult blImageCreateFromData(BLImageCore* self, int w, int h, uint32_t format, void* pixelData, intptr_t stride,
                               uint32_t accessFlags, void* destroyFunc, void* userData);

BLResult blContextInit(BLContextCore* self);
BLResult blContextInitAs(BLContextCore* self, BLImageCore* image, const BLContextCreateInfo* cci);
BLResult blContextDestroy(BLContextCore* self);
BLResult blContextEnd(BLContextCore* self);
BLResult blContextFlush(BLContextCore* self, uint32_t flags);
BLResult blContextApplyTransformOp(BLContextCore* self, uint32_t opType, const void* opData);
BLResult blContextSave(BLContextCore* self, void* cookie);
BLResult blContextRestore(BLContextCore* self, const void* cookie);
BLResult blContextSetHint(BLContextCore* self, uint32_t hintType, uint32_t value);
BLResult blContextBlitImageD(BLContextCore* self, const BLPoint* origin, const BLImageCore* img, const void* imgArea);
BLResult blContextSetFillRule(BLContextCore* self, uint32_t fillRule);
BLResult blContextSetStrokeWidth(BLContextCore* self, double width);
BLResult blContextSetStrokeCaps(BLContextCore* self, uint32_t strokeCap);
BLResult blContextSetStrokeJoin(BLContextCore* self, uint32_t strokeJoin);
BLResult blContextSetStrokeMiterLimit(BLContextCore* self, double miterLimit);
BLResult blContextFillAllRgba32(BLContextCore* self, uint32_t rgba32);
BLResult blContextFillRectDRgba32(BLContextCore* self, const BLRect* rect, uint32_t rgba32);
BLResult blContextFillGeometryRgba32(BLContextCore* self, uint32_t geometryType, const void* data, uint32_t rgba32);
BLResult blContextFillPathDRgba32(BLContextCore* self, const BLPoint* origin, const BLPathCore* path, uint32_t rgba32);
BLResult blContextStrokePathDRgba32(BLContextCore* self, const BLPoint* origin, const BLPathCore* path, uint32_t rgba32);

BLResult blPathInit(BLPathCore* self);
BLResult blPathDestroy(BLPathCore* self);
BLResult blPathClear(BLPathCore* self);
BLResult blPathMoveTo(BLPathCore* self, double x0, double y0);
BLResult blPathPolyTo(BLPathCore* self, const BLPoint* poly, size_t count);
BLResult blPathClose(BLPathCore* self);


/// Adds parts to a path: part i is points[ends[i-1] ..< ends[i]] (ends[-1] = start); parts of fewer
/// than `minimum` points are left out; closed parts are closed.
void meridian_bl_add_parts(BLPathCore* path, const BLPoint* points, intptr_t start, const intptr_t* ends, size_t partCount, size_t minimum, int closed);

#endif
