import MeridianGeometry

/// A line layer's strokes gathered by look: features of one colour in a row are grouped by width
/// and dash, so a layer whose widths vary feature by feature (under tilt, each feature is thinned
/// by its own depth) costs a stroke per width instead of one per feature.
///
/// Only features of one colour are regrouped (a new colour draws every group gathered so far, in
/// the order each began), so where features of different colours overlap, the later is on top as
/// before; among strokes of one colour, order does not change what is drawn (painting a colour
/// over itself is the same in either order).
///
/// Where two strokes of a group overlap, their antialiased edges merge in one path; MapLibre lays
/// each triangle over the ones before, so its edges there are a shade lighter (a few of its
/// render tests differ by a few pixels, even within one feature: its parts overlap too).
/// Stroking each part alone matches it but cost 80 % of a z15 frame over Helsinki (`RenderLoop`,
/// 2026-11-29), so opaque groups stay whole; translucent ones are stroked part by part
/// (`StrokeStyle.separateParts`), where the difference is the overlaps' colour.
struct StrokeGroups<Shape: Hashable> {
    private var color: RGBA?
    private var groups: [(shape: Shape, parts: Polylines)] = []
    private var index: [Shape: Int] = [:]
    let draw: (RGBA, Shape, Polylines) -> Void

    init(draw: @escaping (RGBA, Shape, Polylines) -> Void) { self.draw = draw }

    /// Adds a feature's parts in `color`, stroked as `shape` (its width and dash) says.
    mutating func add(_ newColor: RGBA, _ shape: Shape, _ parts: Polylines) {
        if let color, color != newColor { flush() }
        color = newColor
        if let i = index[shape] {
            groups[i].parts.append(contentsOf: parts)
        } else {
            index[shape] = groups.count
            groups.append((shape, parts))
        }
    }

    /// Draws what is gathered, group by group (call once after the last feature).
    mutating func flush() {
        if let color { for g in groups where !g.parts.isEmpty { draw(color, g.shape, g.parts) } }
        (color, groups, index) = (nil, [], [:])
    }
}
