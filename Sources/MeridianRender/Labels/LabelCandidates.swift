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
    /// position, so the order never depends on the order tiles were read in.
    func inPlacementOrder() -> LabelCandidates {
        LabelCandidates(
            points: points.sorted { a, b in
                (-a.layerOrder, -a.priority, a.text, a.anchor.y, a.anchor.x) < (
                    -b.layerOrder, -b.priority, b.text, b.anchor.y, b.anchor.x
                )
            }, lines: lines.sorted(by: LineLabels.isPlacedBefore))
    }
}
