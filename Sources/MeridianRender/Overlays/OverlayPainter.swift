import MeridianCamera
import MeridianGeometry
import MeridianOverlays
import RealModule

/// Draws a map's overlays on their coordinates: shapes on the ground (through the camera, so
/// they tilt with it), markers upright facing the viewer or flat on the ground, turned by their
/// rotation, in the map's order (shapes, then markers; by z-index).
struct OverlayPainter {
    let ground: GroundGeometry
    let canvas: Canvas

    func draw(_ overlays: [Overlay]) {
        let ordered = overlays.enumerated().sorted {
            ($0.element.layer, $0.element.zIndex, $0.offset) < ($1.element.layer, $1.element.zIndex, $1.offset)
        }
        for (_, overlay) in ordered {
            switch overlay {
            case let .polygon(p):
                let rings = ([p.outer] + p.holes).map { ground.ring(ground.world($0)) }
                canvas.fill(rings, rgba(p.fillColor), evenOdd: true)
                canvas.stroke(rings, rgba(p.strokeColor), width: p.strokeWidth, closed: true)
            case let .circle(c):
                let ring = (0..<72).map { Geodesy.offset(c.center, distance: c.radius, heading: Double($0) * 5) }
                let screen = [ground.ring(ground.world(ring))]
                canvas.fill(screen, rgba(c.fillColor))
                canvas.stroke(screen, rgba(c.strokeColor), width: c.strokeWidth, closed: true)
            case let .polyline(l):
                let path = l.geodesic ? densified(l.path) : l.path
                canvas.stroke(ground.line(ground.world(path)), rgba(l.color), width: l.width)
            case let .marker(m):
                drawMarker(m)
            }
        }
    }

    /// Great-circle segments as short straight pieces (every ~1° of arc at most, 64 per segment).
    func densified(_ path: [Coordinate]) -> [Coordinate] {
        guard let first = path.first else { return [] }
        var out = [first]
        for (a, b) in zip(path, path.dropFirst()) {
            let steps = max(1, min(64, Int(Geodesy.distance(a, b) / 111_000)))
            out += (1...steps).map { Geodesy.interpolate(from: a, to: b, fraction: Double($0) / Double(steps)) }
        }
        return out
    }

    /// A pin (`MarkerShape`: the outline hit testing uses), upright facing the viewer or
    /// flat on the ground, turned about its anchor.
    func drawMarker(_ m: Marker) {
        guard let shape = MarkerShape(m, in: ground.viewport) else { return }
        canvas.fill([shape.outline], rgba(m.iconColor))
        canvas.stroke([shape.outline], RGBA(0, 0, 0, 0.35), width: 1, closed: true)
        if m.flat {
            canvas.fill([shape.dot], RGBA(1, 1, 1, 0.9))
        } else {
            canvas.disc(shape.head, radius: shape.dotRadius, RGBA(1, 1, 1, 0.9))
        }
    }

    func rgba(_ c: Color) -> RGBA { RGBA(c.red, c.green, c.blue, c.alpha) }
}
