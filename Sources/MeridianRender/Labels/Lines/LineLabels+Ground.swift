import MeridianCamera
import MeridianGeometry
import RealModule

/// Names along lines laid on the ground under tilt, as MapLibre lays them
/// (`text-pitch-alignment` `map`, or `auto` following the line): set in the ground's own plane in
/// world points at the camera's zoom (the text's size is its size at the target), then each
/// glyph (or a straight name whole) drawn through the projection's local linear map where it
/// lies (``LabelPlacer/groundMatrix(at:turnsWithMap:viewport:)``): foreshortened, and smaller
/// with distance as the ground is.
///
/// The plane's axes are the ground directions that show as the screen's right and down at the
/// target (the map's east and south turned by the bearing), so "reads left to right" and
/// "upright" mean on the screen what they mean there.
extension LineLabels {
    /// World points (x east, y south) in the plane whose axes show as the screen's right and down.
    struct GroundPlane {
        let cos: Double, sin: Double

        init(bearing degrees: Double) {
            let b = degrees * .pi / 180
            (cos, sin) = (Double.cos(b), Double.sin(b))
        }

        func fromWorld(_ w: ScreenPoint) -> ScreenPoint {
            ScreenPoint(x: w.x * cos + w.y * sin, y: -w.x * sin + w.y * cos)
        }

        func toWorld(_ g: ScreenPoint) -> ScreenPoint {
            ScreenPoint(x: g.x * cos - g.y * sin, y: g.x * sin + g.y * cos)
        }
    }

    /// A straight name on the ground along the chord `a`–`b` (world points): its angle in the
    /// plane (upright) and its map about its centre at `center` (normalised world); nil where
    /// the ground there does not map (behind the eye).
    static func groundStraight(
        _ a: ScreenPoint, _ b: ScreenPoint, center: MercatorPoint, plane: GroundPlane, viewport: Viewport
    ) -> (angle: Double, matrix: StampMatrix)? {
        let (p, q) = (plane.fromWorld(a), plane.fromWorld(b))
        var angle = Double.atan2(y: q.y - p.y, x: q.x - p.x)
        if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
        guard let ground = LabelPlacer.groundMatrix(at: center, turnsWithMap: false, viewport: viewport) else {
            return nil
        }
        return (angle, ground.after(.turn(angle)))
    }

    /// A name set glyph by glyph along a bending line on the ground: laid out along the line's
    /// path in the plane (``CurvedLabels/layout(_:size:font:letterSpacing:maxAngle:along:at:)``),
    /// each glyph then placed where its ground point projects, with its map; nil when it does not
    /// fit, bends too sharply, or a glyph's ground is behind the eye. `look`: the name's, at its
    /// size here.
    static func groundGlyphs(
        _ name: LineLabelLayout.Name, look: TextLook, line: [ScreenPoint], at anchor: Anchor, reach: Double,
        plane: GroundPlane,
        viewport: Viewport, scale: Double
    ) -> [PlacedGlyph]? {
        guard let ahead = walk(line, from: anchor, reach: reach, step: 1),
            let behind = walk(line, from: anchor, reach: reach, step: -1)
        else { return nil }
        let path = (behind.reversed() + [anchor.point] + ahead).map(plane.fromWorld)
        var at = 0.0
        for (p, q) in zip(path, path.dropFirst().prefix(behind.count)) { at += (q - p).length }
        guard
            let glyphs = CurvedLabels.layout(
                name.text, size: look.size, font: look.font, letterSpacing: look.letterSpacing,
                maxAngle: name.maxAngle, along: path, at: at)
        else { return nil }
        var out: [PlacedGlyph] = []
        for g in glyphs {
            let w = plane.toWorld(g.center)
            let world = MercatorPoint(x: w.x / scale, y: w.y / scale)
            guard viewport.depthRatio(forWorld: world) > GroundGeometry.nearDepth,
                let center = viewport.point(forWorld: world),
                let ground = LabelPlacer.groundMatrix(at: world, turnsWithMap: false, viewport: viewport)
            else { return nil }
            out.append(PlacedGlyph(center: center, angle: g.angle, matrix: ground.after(.turn(g.angle))))
        }
        return out
    }
}
