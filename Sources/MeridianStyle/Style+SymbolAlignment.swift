extension Style {
    /// The values of a symbol layer's alignment properties that Meridian draws otherwise, as
    /// warnings naming the layer and property: `text-keep-upright: false` (names along lines are
    /// kept upright), and `text-writing-mode` on a layer that may place names along lines (they
    /// are set along the line as written).
    ///
    /// Drawn: line labels turned with their line (`map`, `auto`) or level (`viewport`), laid on
    /// the ground under tilt (`map` pitch, and `auto` following a `map`/`auto` rotation) or
    /// facing the viewer (`viewport`); point labels level (`viewport`, `auto`) or turned with the
    /// map (`map`), laid on the ground (`map` pitch, and `auto` with `map` rotation) or facing
    /// the viewer.
    static func alignmentWarnings(_ layout: [StylePropertyName: StyleExpression], layer id: String) -> [StyleWarning] {
        var out: [StyleWarning] = []
        if let e = layout[.textKeepUpright], case .literal(.bool(false)) = e.compiled.node {
            out.append(
                StyleWarning(
                    layer: id, property: "layout.text-keep-upright",
                    "false is not drawn yet; names along lines are kept upright"))
        }
        // Names along lines are set along the line as written (point labels are written vertically).
        let placement = layout[.symbolPlacement]
        if layout[.textWritingMode] != nil, let placement,
            placement.compiled.node != .literal(.string("point"))
        {
            out.append(
                StyleWarning(
                    layer: id, property: "layout.text-writing-mode",
                    "is drawn for point labels only; names along lines are set along the line as written"))
        }
        return out
    }
}
