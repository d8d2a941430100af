import MeridianCamera
import MeridianGeometry

/// Hit tests in screen space through a viewport: what a tap at a screen point lands on.
/// Markers are hit on their drawn pin (``MarkerShape``), lines within ``tolerance`` (or half
/// their width) of their segments, polygons and circles on the ground they cover.
public enum OverlayHitTest {
    /// Extra reach, in points, around thin lines and outlines.
    public static let tolerance = 8.0

    /// Whether a tap at `p` (screen points) lands on `overlay` seen through `view`. Non-finite
    /// points land nowhere; a point on or above the horizon hits no polygon or circle.
    /// Polygon edges are taken as rhumb lines (straight in Web Mercator).
    public static func hits(_ overlay: Overlay, _ p: ScreenPoint, _ view: Viewport) -> Bool {
        guard p.isFinite else { return false }
        switch overlay {
        case let .marker(m):
            return MarkerShape(m, in: view)?.contains(p) ?? false
        case let .polyline(l):
            let pts = l.path.compactMap { try? view.point(for: $0) }
            let reach = max(l.width / 2, tolerance)
            return zip(pts, pts.dropFirst()).contains { distance(p, $0, $1) <= reach }
        case let .polygon(g):
            guard let c = try? view.coordinate(for: p) else { return false }
            return Geodesy.contains(c, in: g.outer, edges: .rhumb)
                && !g.holes.contains { Geodesy.contains(c, in: $0, edges: .rhumb) }
        case let .circle(c):
            guard let ground = try? view.coordinate(for: p) else { return false }
            return Geodesy.distance(ground, c.center) <= c.radius
        }
    }

    /// Distance in points from p to the segment a–b.
    static func distance(_ p: ScreenPoint, _ a: ScreenPoint, _ b: ScreenPoint) -> Double {
        let ab = b - a
        let ap = p - a
        let len2 = ab.dx * ab.dx + ab.dy * ab.dy
        let t = len2 > 0 ? min(max((ap.dx * ab.dx + ap.dy * ab.dy) / len2, 0), 1) : 0
        return (p - ScreenPoint(x: a.x + ab.dx * t, y: a.y + ab.dy * t)).length
    }
}
