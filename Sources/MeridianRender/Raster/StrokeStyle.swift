/// How a stroke's lines join and end: as a line layer's `line-join`, `line-cap` and
/// `line-miter-limit` say, or by Meridian's own rule for strokes no style describes (outlines,
/// overlays: ``byWidth(_:)``).
///
/// Round joins are drawn round from ``roundFrom`` points wide; on thinner lines they are drawn
/// bevelled (the two cover the same pixels within a quarter pixel, and bevels stroke much faster),
/// and so are a solid line's round caps butt (``solid(width:)``).
/// A miter join longer than `miterLimit` times the width is drawn bevelled, as MapLibre draws it.
struct StrokeStyle: Hashable, Sendable {
    enum Join: Hashable, Sendable { case bevel, round, miter }
    enum Cap: Hashable, Sendable { case butt, round, square }

    var join: Join
    var cap: Cap
    /// The longest miter, in widths (MapLibre's default 2); above it a miter join is bevelled.
    var miterLimit = 2.0
    /// Each part composited over the parts before it, as MapLibre blends every triangle of a line
    /// over what is drawn: where translucent parts overlap they darken. Otherwise the parts are
    /// one shape, each pixel covered once. A stroke call per part (a streets frame's opaque roads
    /// stroked this way took 80 % longer, 2026-11-29), so line layers set it for translucent
    /// colours with butt ends only, their lines cut to the tile's square (``SquareClip``).
    var separateParts = false

    /// The width, points, from which round joins are drawn round.
    static let roundFrom = 2.5

    /// Meridian's rule where no style says: round joins and caps from ``roundFrom`` points wide,
    /// bevels and butt ends below.
    static func byWidth(_ width: Double) -> StrokeStyle {
        width >= roundFrom ? StrokeStyle(join: .round, cap: .round) : StrokeStyle(join: .bevel, cap: .butt)
    }

    /// The join drawn at `width` points (round joins thinner than ``roundFrom`` bevelled).
    func drawnJoin(width: Double) -> Join { join == .round && width < Self.roundFrom ? .bevel : join }

    /// This style for a solid line `width` points wide: round caps thinner than ``roundFrom`` are
    /// drawn butt (they reach at most 1.25 points past the line's end, and every piece of a
    /// street has two). Dashes keep their caps: a round-capped dash may be a dot.
    func solid(width: Double) -> StrokeStyle {
        var style = self
        if cap == .round && width < Self.roundFrom { style.cap = .butt }
        return style
    }
}
