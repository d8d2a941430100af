#include "projection_peer.h"
#include <math.h>

#define PEER_DEG (M_PI / 180.0)
#define PEER_MAX_LAT 85.05112877980659

static inline double peer_y(double lat, double world) {
    lat = lat > PEER_MAX_LAT ? PEER_MAX_LAT : (lat < -PEER_MAX_LAT ? -PEER_MAX_LAT : lat);
    double s = sin(lat * PEER_DEG);
    return world * (0.5 - log((1.0 + s) / (1.0 - s)) / (4.0 * M_PI));
}

peer_camera peer_camera_make(double lat, double lng, double zoom, double bearing, double tilt, double width, double height) {
    peer_camera c;
    c.world = 256.0 * exp2(zoom);
    c.tx = (lng + 180.0) / 360.0 * c.world;
    c.ty = peer_y(lat, c.world);
    c.cos_b = cos(bearing * PEER_DEG); c.sin_b = sin(bearing * PEER_DEG);
    c.cos_t = cos(tilt * PEER_DEG); c.sin_t = sin(tilt * PEER_DEG);
    c.eye = 1.5 * height; c.cx = width / 2; c.cy = height / 2;
    return c;
}

static inline peer_point peer_step(const peer_camera *c, double dx, double dy) {
    double sx = dx * c->cos_b + dy * c->sin_b;
    double sy = dy * c->cos_b - dx * c->sin_b;
    double w = c->eye - sy * c->sin_t;
    double k = c->eye / w;
    peer_point p = { c->cx + sx * k, c->cy + sy * c->cos_t * k };
    if (!(w > 0.0)) { p.x = NAN; p.y = NAN; }
    return p;
}

void peer_project_full(const peer_camera *c, const peer_latlng *restrict in, peer_point *restrict out, size_t n) {
    const double kx = c->world / 360.0;
    for (size_t i = 0; i < n; i++)
        out[i] = peer_step(c, (in[i].lng + 180.0) * kx - c->tx, peer_y(in[i].lat, c->world) - c->ty);
}

void peer_project_camera(const peer_camera *c, const peer_point *restrict in, peer_point *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = peer_step(c, in[i].x - c->tx, in[i].y - c->ty);
}

void peer_mercator(const peer_camera *c, const peer_latlng *restrict in, peer_point *restrict out, size_t n) {
    const double kx = c->world / 360.0;
    for (size_t i = 0; i < n; i++) { out[i].x = (in[i].lng + 180.0) * kx; out[i].y = peer_y(in[i].lat, c->world); }
}
