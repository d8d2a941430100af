import MeridianCamera
import MeridianGeometry

/// How a point label's text and box are mapped about its anchor: turned with the map, laid on
/// the ground under tilt, turned by `text-rotate`.
extension LabelPlacer {
    /// The box holding `box` mapped by `matrix` about `pivot`.
    static func mapped(_ box: LabelArea.Box, by matrix: StampMatrix, about pivot: ScreenPoint) -> LabelArea.Box {
        let corners = [
            (box.left, box.top), (box.right, box.top), (box.right, box.bottom), (box.left, box.bottom),
        ].map { map(ScreenPoint(x: $0.0, y: $0.1), by: matrix, about: pivot) }
        let (xs, ys) = (corners.map(\.x), corners.map(\.y))
        return LabelArea.Box(xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    /// `p` mapped by `matrix` about `pivot`.
    static func map(_ p: ScreenPoint, by matrix: StampMatrix, about pivot: ScreenPoint) -> ScreenPoint {
        let d = matrix.apply(p.x - pivot.x, p.y - pivot.y)
        return ScreenPoint(x: pivot.x + d.x, y: pivot.y + d.y)
    }

    /// How text lies on the ground at `world` under tilt: the screen offsets of one point of
    /// text along each of its axes, on the ground there (the projection's local linear map, so
    /// the text is foreshortened and shrinks with distance as the ground does). The axes are the
    /// map's east and south (`turnsWithMap`), else the ground directions that show as the
    /// screen's right and down at the target (the text level, as the viewport is).
    static func groundMatrix(at world: MercatorPoint, turnsWithMap: Bool, viewport: Viewport) -> StampMatrix? {
        let b = turnsWithMap ? 0 : viewport.camera.bearing * .pi / 180
        let (c, s) = (Double.cos(b), Double.sin(b))
        let step = 4.0 / viewport.worldSize  // four points at the target's scale
        guard let o = viewport.point(forWorld: world),
            let x = viewport.point(forWorld: MercatorPoint(x: world.x + c * step, y: world.y + s * step)),
            let y = viewport.point(forWorld: MercatorPoint(x: world.x - s * step, y: world.y + c * step))
        else { return nil }
        let m = StampMatrix(a: (x.x - o.x) / 4, b: (x.y - o.y) / 4, c: (y.x - o.x) / 4, d: (y.y - o.y) / 4)
        return m.isInvertible ? m : nil
    }

    /// A label's map with `text-rotate` (degrees clockwise, non-finite: 0) applied first.
    static func matrix(_ base: StampMatrix?, rotate degrees: Double) -> StampMatrix? {
        guard degrees.isFinite, degrees.truncatingRemainder(dividingBy: 360) != 0 else { return base }
        let turn = StampMatrix.turn(degrees * .pi / 180)
        return base.map { $0.after(turn) } ?? turn
    }
}
