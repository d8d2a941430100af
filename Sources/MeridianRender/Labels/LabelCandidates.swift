/// The label candidates of a frame's symbol layers, placed after every layer is painted.
struct LabelCandidates {
    /// Point labels (``LabelPlacer``).
    var points: [LabelPlacer.Candidate] = []
    /// Labels along lines (``LineLabels``).
    var lines: [LineLabels.Candidate] = []

    /// The candidates in placement order.
    ///
    /// As MapLibre places symbols: the last symbol layer first, and within a layer the lowest
    /// `symbol-sort-key` first (so one style draws the same labels in both); ties go by text and
    /// position, so the order never depends on the order tiles were read in, nor on the order an
    /// import wrote the features in (tilemaker's differs from run to run; MapLibre's ties go by
    /// it, so the two may choose differently between labels of equal priority).
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
