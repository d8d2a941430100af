import CCairo
import Foundation

/// The icons a MapLibre client needs to draw Meridian's point labels as Meridian does: `dot`, the
/// disc of radius `LabelPlacer.dotRadius` points the shipped styles' `icon-image` names, as a
/// signed-distance-field icon (`sdf: true`, the distance in the alpha channel, the outline at 191
/// of 255 and 32 levels a pixel, as glyphs), so `icon-color` gives it the label's colour.
///
/// At pixel ratio 1 and 2 (MapLibre's `sprite.png` and `sprite@2x.png`). With a sprite of the
/// data folder's (``sheet(pixelRatio:adding:)``, the data build's `sprite/meridian`), its images
/// are served too, the dot below them.
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

    /// ``sheet(pixelRatio:)`` with the images of the sprite at `path` (`.json` and `.png`, `@2x`
    /// for ratio 2, falling back to the plain files) above the dot, in one image and index; the
    /// dot alone when there is no sprite there.
    /// - Throws: ``RenderError`` as ``sheet(pixelRatio:)``, or ``RenderError/badImage(_:)`` when
    ///   the sprite there cannot be read (a bad index or image, named).
    public static func sheet(pixelRatio: Int, adding path: String) throws(RenderError) -> (png: [UInt8], json: String) {
        let dot = try sheet(pixelRatio: pixelRatio)
        var found = try SpriteSheet.read(path + (pixelRatio == 2 ? "@2x" : ""))
        if found == nil { found = try SpriteSheet.read(path) }
        guard let base = found else { return dot }
        let dotImage = try RasterImage(png: dot.png, named: "the dot sprite")
        let (width, height) = (max(base.image.width, dotImage.width), base.image.height + dotImage.height)
        guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(out)
        else { throw .cairo("cannot make a \(width) × \(height) sprite") }
        defer { cairo_surface_destroy(out) }
        cairo_set_source_surface(cr, base.image.surface, 0, 0)
        cairo_paint(cr)
        cairo_set_source_surface(cr, dotImage.surface, 0, Double(base.image.height))
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(out)
        guard let data = cairo_image_surface_get_data(out) else { throw .cairo("the sprite has no pixels") }
        let png = try PNGEncoder.encode(
            base: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(out)))
        var index: [String: Any] = [:]
        for (name, e) in base.entries {
            var entry: [String: Any] = ["x": e.x, "y": e.y, "width": e.width, "height": e.height]
            entry["pixelRatio"] = e.pixelRatio
            if e.sdf { entry["sdf"] = true }
            index[name] = entry
        }
        index["dot"] =
            [
                "x": 0, "y": base.image.height, "width": dotImage.width, "height": dotImage.height,
                "pixelRatio": pixelRatio, "sdf": true,
            ] as [String: Any]
        guard let json = try? JSONSerialization.data(withJSONObject: index, options: [.sortedKeys]) else {
            throw .encoding("the sprite's index")
        }
        return (png, String(decoding: json, as: UTF8.self))
    }
}
