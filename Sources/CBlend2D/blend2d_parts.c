#include "CBlend2D.h"

void meridian_bl_add_parts(BLPathCore* path, const BLPoint* points, intptr_t start, const intptr_t* ends, size_t partCount, size_t minimum, int closed) {
  for (size_t i = 0; i < partCount; i++) {
    intptr_t end = ends[i];
    if (end - start >= (intptr_t)minimum) {
      blPathMoveTo(path, points[start].x, points[start].y);
      blPathPolyTo(path, points + start + 1, (size_t)(end - start - 1));
      if (closed) blPathClose(path);
    }
    start = end;
  }
}
