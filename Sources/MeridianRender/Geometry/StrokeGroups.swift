import MeridianGeometry

/// A line layer's strokes gathered by look: features of one colour in a row are grouped by width
/// and dash, so a layer whose widths vary feature by feature (under tilt, each feature is thinned
/// by its own depth) costs a stroke per width instead of one per feature.
///
/// Only features of one colour are regrouped (a new colour draws every group gathered so far, in
/// the order each began), so where features of different colours overlap, the later is on top as
/// before; among strokes of one colour, order does not change what is drawn (painting a colour
/// over itself is the same in either order).
struct StrokeGroups<Shape: Hashable> {
    private var color: RGBA?
    private var groups: [(shape: Shape, parts: Polylines)] = []
    private var index: [Shape: Int] = [:]
    let draw: (RGBA, Shape, Polylines) -> Void

    init(draw: @escaping (RGBA, Shape, Polylines) -> Void) { self.draw = draw }

    /// Adds a feature's parts in `color`, stroked as `shape` (its width and dash) says: one unit
    /// (``Polylines/units``), laid over the features before it as MapLibre lays each line.
    mutating func add(_ newColor: RGBA, _ shape: Shape, _ parts: Polylines) {
        if let color, color != newColor { flush() }
        color = newColor
        if let i = index[shape] {
            groups[i].parts.append(unit: parts)
        } else {
            index[shape] = groups.count
            var first = Polylines()
            first.append(unit: parts)
            groups.append((shape, first))
        }
    }

    /// Draws what is gathered, group by group (call once after the last feature).
    mutating func flush() {
        if let color { for g in groups where !g.parts.isEmpty { draw(color, g.shape, g.parts) } }
        (color, groups, index) = (nil, [], [:])
    }
}
