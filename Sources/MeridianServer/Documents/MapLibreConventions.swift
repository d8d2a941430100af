import MeridianRender

/// Meridian's style with what MapLibre needs to draw it as Meridian does.
///
/// Zooms need nothing: style documents are in MapLibre's convention already (the renderer
/// evaluates them at `Style.zoom(forCameraZoom:)`). Symbol layers get the `text-font` of the face
/// Meridian draws them with (`GlyphRanges/fonts`: bold from 13 pt for point labels). The shipped
/// styles' `dot` icons are the served sprite's (`Sprite`).
enum MapLibreConventions {
    /// One layer of the style, converted.
    static func layer(_ layer: [String: Any]) -> [String: Any] {
        var out = layer
        if layer["type"] as? String == "symbol" {
            var layout = out["layout"] as? [String: Any] ?? [:]
            let line = layout["symbol-placement"] as? String == "line"
            if layout["text-font"] == nil { layout["text-font"] = font(size: layout["text-size"], line: line) }
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
