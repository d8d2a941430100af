import MeridianCamera
import MeridianGeometry
import RealModule

/// Where a marker's pin is drawn in a view, in screen points: the one geometry the renderer
/// fills and hit testing tests, so a tap lands on a marker exactly where it is drawn, upright
/// or flat, turned or not, under any bearing and tilt.
///
/// The pin in its own icon frame (points, x right, y down, `iconSize`): a round head of the
/// icon's width at the top, narrowing to a tip at the bottom centre; a white dot in the head.
/// The frame is moved so the anchor sits on the origin and turned clockwise by `rotation`,
/// then placed: upright, added to the coordinate's screen point; flat, taken as ground offsets
/// (x east, y south, in points at the camera's zoom) from the coordinate and projected, so it
/// lies on the ground.
public struct MarkerShape: Hashable, Sendable {
    /// The pin's outline, a closed ring (head arc, then the tip).
    public let outline: [ScreenPoint]
    /// The dot in the head, a closed ring.
    public let dot: [ScreenPoint]
    /// The dot's centre (upright markers draw it as a disc of ``dotRadius`` there).
    public let head: ScreenPoint
    /// The dot's radius in points: 0.35 of the head's.
    public let dotRadius: Double

    /// Points on the head's arc.
    static let arcSteps = 24

    /// The shape of `marker` in `viewport`, or nil when any of it lies behind the eye (a flat
    /// marker under the camera) or its numbers are not finite.
    public init?(_ marker: Marker, in viewport: Viewport) {
        let w = marker.iconSize.width
        let h = marker.iconSize.height
        let r = w / 2
        guard w.isFinite, h.isFinite, marker.rotation.isFinite, marker.anchor.isFinite,
            let place = Self.placer(marker, viewport)
        else { return nil }
        // The icon frame: head centre (w/2, r); the outline runs from the head's lower left
        // (225°) over its top (90°) to its lower right (−45°), then to the tip.
        var outline: [(Double, Double)] = (0...Self.arcSteps).map { i in
            let a = Double.pi * (1.25 - 1.5 * Double(i) / Double(Self.arcSteps))
            return (w / 2 + r * Double.cos(a), r - r * Double.sin(a))
        }
        outline.append((w / 2, h))
        let dot: [(Double, Double)] = (0..<16).map { i in
            let a = 2 * Double.pi * Double(i) / 16
            return (w / 2 + 0.35 * r * Double.cos(a), r + 0.35 * r * Double.sin(a))
        }
        let ax = marker.anchor.x * w
        let ay = marker.anchor.y * h
        let t = Angle.radians(marker.rotation)
        let c = Double.cos(t)
        let s = Double.sin(t)
        func transformed(_ ring: [(Double, Double)]) -> [ScreenPoint]? {
            var out: [ScreenPoint] = []
            out.reserveCapacity(ring.count)
            for (x, y) in ring {
                let (qx, qy) = (x - ax, y - ay)
                guard let p = place(qx * c - qy * s, qx * s + qy * c) else { return nil }
                out.append(p)
            }
            return out
        }
        guard let o = transformed(outline), let d = transformed(dot), let center = transformed([(w / 2, r)]) else {
            return nil
        }
        self.outline = o
        self.dot = d
        head = center[0]
        dotRadius = 0.35 * r
    }

    /// Maps a turned icon offset (points) to the screen: added to the anchor's screen point
    /// (upright), or projected from the ground (flat).
    static func placer(_ marker: Marker, _ viewport: Viewport) -> ((Double, Double) -> ScreenPoint?)? {
        guard let position = try? marker.position.validated() else { return nil }
        if !marker.flat {
            guard let tip = try? viewport.point(for: position) else { return nil }
            return { dx, dy in ScreenPoint(x: tip.x + dx, y: tip.y + dy) }
        }
        var world = WebMercator.project(position)
        world.x -= (world.x - viewport.targetWorld.x).rounded()  // the copy nearest the target
        let k = 1 / viewport.worldSize
        return { dx, dy in
            viewport.point(forWorld: MercatorPoint(x: world.x + dx * k, y: world.y + dy * k), elevation: 0)
        }
    }

    /// Whether `p` lies inside the drawn pin (even–odd on the outline; edges count as inside).
    public func contains(_ p: ScreenPoint) -> Bool {
        var inside = false
        for i in outline.indices {
            let a = outline[i]
            let b = outline[(i + 1) % outline.count]
            if (a.y > p.y) != (b.y > p.y), p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y) { inside.toggle() }
        }
        return inside
    }
}
