import MeridianStyle

/// Where a point label's text block sits on its point (`text-anchor`: the part of the block put
/// on the point, `center` by default) and how its lines align (`text-justify`).
struct TextPlacement {
    /// The block's fraction left of the point (0: the point is its left edge) and above it.
    let left: Double, above: Double
    /// `text-offset`, ems right and down.
    var offset = (x: 0.0, y: 0.0)
    let justify: TextJustify

    /// From a feature's `text-anchor` (or `icon-anchor`: the same names), `text-offset` and
    /// `text-justify` values (an anchor absent or invalid is `center`, an offset `[0, 0]`;
    /// `auto` justification, or none, follows the anchor's side, as MapLibre's).
    init(anchor: StyleValue?, offset: StyleValue?, justify: StyleValue?) {
        let side = (StyleProperty.TextAnchor(anchor) ?? .center).side
        (left, above) = ((1 + Double(side.x)) / 2, (1 + Double(side.y)) / 2)
        if let pair = offset?.pair(within: 100) { self.offset = pair }
        switch StyleProperty.TextJustify(justify) {
        case .left?: self.justify = .left
        case .right?: self.justify = .right
        case .center?: self.justify = .center
        case .auto?, nil: self.justify = left == 0 ? .left : left == 1 ? .right : .center
        }
    }
}

/// How the lines of a label of several lines align: on the left edge, centred on the widest, or on
/// the right edge.
enum TextJustify: Hashable, Sendable { case left, center, right }
