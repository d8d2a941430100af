extension Style {
    /// The values of a symbol layer's `text-rotation-alignment` and `text-pitch-alignment` that
    /// (and `text-keep-upright`) that Meridian draws otherwise, as warnings naming the layer and
    /// property.
    ///
    /// Drawn: line labels turned with their line (`map`, `auto`) or level (`viewport`); point
    /// labels level (`viewport`, `auto`) or turned with the map (`map`); point labels laid on the
    /// ground under tilt (`map` pitch, and `auto` with `map` rotation) or facing the viewer; names
    /// along lines facing the viewer (`viewport`, and `auto`, where MapLibre lays them on the
    /// ground). Not drawn: names along lines laid on the ground (`map` pitch, drawn facing the
    /// viewer).
    static func alignmentWarnings(_ layout: [String: StyleExpression], layer id: String) -> [StyleWarning] {
        func literal(_ name: StylePropertyName) -> String? {
            guard let e = layout[name.rawValue], case let .literal(v) = e.compiled.node else { return nil }
            return v.string
        }
        var out: [StyleWarning] = []
        if let e = layout[StylePropertyName.textKeepUpright.rawValue], case .literal(.bool(false)) = e.compiled.node {
            out.append(
                StyleWarning(
                    layer: id, property: "layout.text-keep-upright",
                    "false is not drawn yet; names along lines are kept upright"))
        }
        let onLines = (literal(.symbolPlacement) ?? "point") != "point"
        if onLines, literal(.textPitchAlignment) == "map" {
            out.append(
                StyleWarning(
                    layer: id, property: "layout.text-pitch-alignment",
                    "\"map\" for names along lines (laid on the ground) is not drawn yet; they face the viewer"))
        }
        return out
    }
}
