/// The label candidates of a frame's symbol layers, placed after every layer is painted.
struct LabelCandidates {
    /// Point labels (``LabelPlacer``).
    var points: [LabelPlacer.Candidate] = []
    /// Labels along lines (``LineLabels``).
    var lines: [LineLabels.Candidate] = []

    /// The candidates in placement order.
    ///
    /// As MapLibre places symbols: the last symbol layer first, and within a layer the lowest
    /// `symbol-sort-key` first, ties in the data's order (``SourceOrder``: tile, feature, anchor),
    /// so one style on one tileset draws the same labels in both. `meridian data import` writes
    /// each tile's features in a canonical order (`TileCanonical`), so a fresh import of the same
    /// extract labels the same way (tilemaker alone orders them differently from run to run).
    ///
    /// Sorted by index, then gathered once: the candidates are large values, and a sort that
    /// moves them moves every field at each step.
    func inPlacementOrder() -> LabelCandidates {
        let points = points
        let lines = lines
        let pointOrder = points.indices.sorted { i, j in
            let (a, b) = (points[i], points[j])
            return (-a.layerOrder, -a.priority, a.source) < (-b.layerOrder, -b.priority, b.source)
        }
        let lineOrder = lines.indices.sorted { LineLabels.isPlacedBefore(lines[$0], lines[$1]) }
        return LabelCandidates(points: pointOrder.map { points[$0] }, lines: lineOrder.map { lines[$0] })
    }
}
