import MeridianRender

/// Meridian's style with what MapLibre needs to draw it as Meridian does.
///
/// Zooms need nothing: style documents are in MapLibre's convention already (the renderer
/// evaluates them at `Style.zoom(forCameraZoom:)`). Symbol layers get the `text-font` of the face
/// Meridian draws them with (`GlyphRanges/fonts`: bold from 13 pt for point labels), and point
/// labels that are not centred the dot Meridian draws beside them (`Sprite`).
enum MapLibreConventions {
    /// One layer of the style, converted.
    static func layer(_ layer: [String: Any]) -> [String: Any] {
        var out = layer
        if layer["type"] as? String == "symbol" {
            var layout = out["layout"] as? [String: Any] ?? [:]
            let line = layout["symbol-placement"] as? String == "line"
            if layout["text-font"] == nil { layout["text-font"] = font(size: layout["text-size"], line: line) }
            // A point label that is not centred is Meridian's dot with the text to its right
            // (the text starts 5.5 pt from the point: half an em of 11 pt), the dot in the text's colour.
            if !line, layout["text-anchor"] as? String != "center", layout["icon-image"] == nil {
                layout["icon-image"] = "dot"
                layout["text-anchor"] = "left"
                layout["text-offset"] = [0.5, 0]
                var paint = out["paint"] as? [String: Any] ?? [:]
                paint["icon-color"] = paint["text-color"] ?? "#333333"
                out["paint"] = paint
            }
            out["layout"] = layout
        }
        return out
    }

    static func number(_ value: Any?) -> Double? { (value as? Double) ?? (value as? Int).map(Double.init) }

    /// The fontstack of a label: bold for point labels of 13 pt and more (a constant size, or a
    /// feature-dependent one through a `case`), regular otherwise.
    static func font(size: Any?, line: Bool) -> Any {
        let regular = [GlyphRanges.fonts[0].name]
        let bold = [GlyphRanges.fonts[1].name]
        if line { return regular }
        if let s = number(size) { return s >= 13 ? bold : regular }
        guard let size, !mentionsZoom(size) else { return regular }
        return ["case", [">=", size, 13], ["literal", bold], ["literal", regular]]
    }

    static func mentionsZoom(_ value: Any) -> Bool {
        guard let array = value as? [Any] else { return false }
        return array.first as? String == "zoom" || array.contains(where: mentionsZoom)
    }
}
