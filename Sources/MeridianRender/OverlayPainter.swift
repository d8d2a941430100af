import MeridianCamera
import MeridianGeometry
import MeridianMap
import RealModule

/// Draws a map's overlays on their coordinates: shapes on the ground (through the camera, so
/// they tilt with it), markers upright facing the viewer (flat ones on the ground), in the
/// map's order (shapes, then markers; by z-index).
struct OverlayPainter {
    let ground: GroundGeometry
    let canvas: Canvas

    func draw(_ overlays: [Overlay]) {
        let ordered = overlays.enumerated().sorted { ($0.element.layer, $0.element.zIndex, $0.offset) < ($1.element.layer, $1.element.zIndex, $1.offset) }
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

    /// A pin: a circle head over a point, its tip (the anchor) on the coordinate.
    func drawMarker(_ m: Marker) {
        guard let tip = ground.world([m.position]).first.flatMap(ground.viewport.point(forWorld:)) else { return }
        let w = m.iconSize.width, h = m.iconSize.height
        let left = tip.x - m.anchor.x * w + w / 2, top = tip.y - m.anchor.y * h
        let r = w / 2
        let head = ScreenPoint(x: left, y: top + r)
        var outline: [ScreenPoint] = (0...24).map { i in
            let a = Double.pi * (0.75 + 1.5 * Double(i) / 24)   // around the top, from lower left to lower right
            return ScreenPoint(x: head.x + r * Double.cos(a), y: head.y - r * Double.sin(a))
        }
        outline.append(ScreenPoint(x: left, y: top + h))
        canvas.fill([outline], rgba(m.iconColor))
        canvas.stroke([outline], RGBA(0, 0, 0, 0.35), width: 1, closed: true)
        canvas.disc(head, radius: r * 0.35, RGBA(1, 1, 1, 0.9))
    }

    func rgba(_ c: Color) -> RGBA { RGBA(c.red, c.green, c.blue, c.alpha) }
}
