import MeridianRender

/// Meridian's style rewritten in MapLibre's conventions, so the one document means the same in
/// both.
///
/// Meridian's zooms are those of 256-point tiles (the Maps SDK's); MapLibre's are those of
/// 512-pixel tiles, one less for the same scale. So every zoom a layer names is lowered by one:
/// `minzoom`, `maxzoom` (never below 0), and the stops of `interpolate` and `step` expressions (and
/// of legacy zoom functions) whose input is `["zoom"]`. Widths and sizes stay as they are (points
/// and pixels agree at the same scale). Symbol layers get the `text-font` of the face Meridian
/// draws them with (`GlyphRanges/fonts`: bold from 13 pt for point labels), and point labels that
/// are not centred the dot Meridian draws beside them (`Sprite`).
enum MapLibreConventions {
    /// One layer of the style, converted.
    static func layer(_ layer: [String: Any]) -> [String: Any] {
        var out = layer
        for key in ["minzoom", "maxzoom"] { if let z = number(layer[key]) { out[key] = max(0, z - 1) } }
        for group in ["paint", "layout"] {
            guard let values = layer[group] as? [String: Any] else { continue }
            out[group] = values.mapValues(shiftZoom)
        }
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

    /// A value with every zoom stop lowered by one.
    static func shiftZoom(_ value: Any) -> Any {
        if let function = value as? [String: Any], function["property"] == nil,
            let stops = function["stops"] as? [[Any]]
        {
            var out = function
            out["stops"] = stops.map { stop in
                [number(stop.first).map { $0 - 1 } ?? stop.first as Any] + stop.dropFirst()
            }
            return out
        }
        guard let array = value as? [Any], let op = array.first as? String else { return value }
        var out = array.map(shiftZoom)
        let zoomInput: Int? =
            switch op {
            case "interpolate", "interpolate-hcl", "interpolate-lab": 2
            case "step": 1
            default: nil
            }
        guard let input = zoomInput, array.count > input, (array[input] as? [Any])?.first as? String == "zoom" else {
            return out
        }
        // The stop inputs: after the interpolation type and input, or after the input and the default.
        for i in stride(from: 3, to: out.count, by: 2) { if let z = number(out[i]) { out[i] = z - 1 } }
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
