import MeridianCamera
import MeridianGeometry

/// Where labels are placed and which of the placed ones are drawn.
///
/// Placement decides each label from the labels of higher priority that overlap it, so a
/// label near the edge of a view depends on labels beyond the edge. For a flat camera labels
/// are therefore placed in the view widened by a margin on every side (the renderer's
/// ``MapRenderer/labelMargin``) and only then shown or not: two views that share ground (a
/// static map and the raster tiles under it, two neighbouring metatiles, two frames of a pan)
/// make the same decision for every label whose chain of overlapping labels stays inside both
/// margins. Under tilt a box on screen is not a box on the ground, so the region is the view; as
/// in MapLibre, a label whose anchor is in the view may reach past its edge and is drawn cut by
/// it.
struct LabelArea {
    typealias Box = LabelBox

    /// A label's anchor must lie in here to be placed (points, screen axes); its box may reach
    /// out of it.
    let region: Box
    /// The drawn image.
    let view: Box
    /// Placed labels touching these are not drawn (the credit line); they keep their place,
    /// so whether a label is drawn elsewhere does not depend on the credit line.
    let hidden: [Box]
    /// Draw placed labels that cross the view's edge, cut by it (metatiles, whose neighbours
    /// draw the rest; and any tilted view, as MapLibre draws them); otherwise only labels wholly
    /// inside the view are drawn.
    let acrossEdges: Bool

    /// The area of a view of `size` points, widened by `margin` points for a flat camera.
    init(_ viewport: Viewport, margin: Double, hidden: [Box] = [], acrossEdges: Bool = false) {
        let size = viewport.size
        let m = viewport.camera.tilt == 0 ? max(0, margin) : 0
        view = Box(0, 0, size.width, size.height)
        region = Box(-m, -m, size.width + m, size.height + m)
        self.hidden = hidden
        self.acrossEdges = acrossEdges || viewport.camera.tilt != 0
    }

    /// Whether a point lies in the placement region.
    func holds(_ p: ScreenPoint) -> Bool {
        p.x >= region.left && p.y >= region.top && p.x <= region.right && p.y <= region.bottom
    }

    /// Whether a placed label's box is drawn.
    func shows(_ b: Box) -> Bool {
        let inside =
            acrossEdges
            ? Self.overlap(b, view) : b.left >= 0 && b.top >= 0 && b.right <= view.right && b.bottom <= view.bottom
        return inside && !hidden.contains { Self.overlap(b, $0) }
    }

    /// Whether two boxes overlap (touching edges do not).
    static func overlap(_ a: Box, _ b: Box) -> Bool {
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    }
}

/// A label's box on the screen: left, top, right, bottom in points (screen axes, y down).
public struct LabelBox: Hashable, Sendable {
    public var left: Double, top: Double, right: Double, bottom: Double

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    /// From the four sides in the order left, top, right, bottom.
    init(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) {
        self.init(left: left, top: top, right: right, bottom: bottom)
    }

    /// The smallest box holding both.
    func union(_ other: LabelBox) -> LabelBox {
        LabelBox(min(left, other.left), min(top, other.top), max(right, other.right), max(bottom, other.bottom))
    }
}
