// A plain C loop doing Meridian's projection math (shared/SPEC.md §1, the camera model of
// Sources/MeridianCamera/Viewport.swift): the reference Meridian's Swift batch API is timed
// against. Array of structs in and out, double precision, one pass, no allocation.
#ifndef PROJECTION_PEER_H
#define PROJECTION_PEER_H
#include <stddef.h>

typedef struct { double lat, lng; } peer_latlng;   // degrees
typedef struct { double x, y; } peer_point;       // world points at the zoom, or screen points

typedef struct {
    double world;              // 256 * 2^zoom
    double tx, ty;             // target in world points
    double cos_b, sin_b, cos_t, sin_t;
    double eye;                // 1.5 * view height
    double cx, cy;             // where the target is drawn
} peer_camera;

peer_camera peer_camera_make(double lat, double lng, double zoom, double bearing, double tilt, double width, double height);
// lat/lng -> screen (Web Mercator, then the camera step). Behind the eye -> NaN.
void peer_project_full(const peer_camera *c, const peer_latlng *in, peer_point *out, size_t n);
// world points (at the zoom) -> screen: the camera step alone, what a frame does per vertex.
void peer_project_camera(const peer_camera *c, const peer_point *in, peer_point *out, size_t n);
// lat/lng -> world points at the zoom (to feed peer_project_camera).
void peer_mercator(const peer_camera *c, const peer_latlng *in, peer_point *out, size_t n);
#endif
