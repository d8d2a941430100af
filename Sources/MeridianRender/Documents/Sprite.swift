/// The icons a MapLibre client needs to draw Meridian's point labels as Meridian does: `dot`, the
/// disc of radius `LabelPlacer.dotRadius` points the shipped styles' `icon-image` names, as a
/// signed-distance-field icon (`sdf: true`, the distance in the alpha channel, the outline at 191
/// of 255 and 32 levels a pixel, as glyphs), so `icon-color` gives it the label's colour.
///
/// At pixel ratio 1 and 2 (MapLibre's `sprite.png` and `sprite@2x.png`).
public enum Sprite {
    /// The sprite's image (PNG) and its index (JSON text) at a pixel ratio of 1 or 2.
    /// - Throws: ``RenderError/invalidSize(_:)`` for another ratio.
    public static func sheet(pixelRatio: Int) throws(RenderError) -> (png: [UInt8], json: String) {
        guard pixelRatio == 1 || pixelRatio == 2 else {
            throw .invalidSize("sprite pixel ratio must be 1 or 2, got \(pixelRatio)")
        }
        let radius = LabelPlacer.dotRadius * Double(pixelRatio)
        let border = 3 * pixelRatio
        let side = Int((radius * 2).rounded(.up)) + 2 * border
        let center = Double(side) / 2
        var words = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - center
                let dy = Double(y) + 0.5 - center
                let outside = (dx * dx + dy * dy).squareRoot() - radius
                let alpha = UInt32(max(0, min(255, (191 - 32 * outside).rounded())))
                words[y * side + x] = alpha << 24  // black, premultiplied: only the alpha carries the field
            }
        }
        let png: [UInt8]
        do {
            png = try words.withUnsafeBytes { raw in
                try PNGEncoder.encode(
                    base: raw.bindMemory(to: UInt8.self).baseAddress!, width: side, height: side, stride: side * 4)
            }
        } catch let error as RenderError { throw error } catch { throw .cairo("\(error)") }
        let json = #"{"dot":{"x":0,"y":0,"width":\#(side),"height":\#(side),"pixelRatio":\#(pixelRatio),"sdf":true}}"#
        return (png, json)
    }
}
