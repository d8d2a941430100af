import CCairo
import CWebP
import MeridianCamera

extension RasterImage {
    /// Decodes a raster tile's bytes by their signature: WebP (`RIFF…WEBP`, through libwebp),
    /// else PNG. Imported imagery is WebP by default; the shipped tilesets are PNG.
    /// - Throws: ``RenderError/badImage(_:)`` naming the tile, as ``init(png:tile:)``.
    convenience init(tileBytes bytes: [UInt8], tile: TileID) throws(RenderError) {
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            try self.init(webp: bytes, named: "tile \(tile)")
        } else {
            try self.init(png: bytes, tile: tile)
        }
    }

    /// Decodes WebP bytes (lossy or lossless, with or without alpha) into a Cairo image.
    /// - Throws: ``RenderError/badImage(_:)`` naming `name` when libwebp cannot read them, or they
    ///   claim more than ``maxSide`` pixels on a side or ``maxPixels`` in all.
    convenience init(webp bytes: [UInt8], named name: String) throws(RenderError) {
        var (w, h): (Int32, Int32) = (0, 0)
        guard WebPGetInfo(bytes, bytes.count, &w, &h) != 0, w > 0, h > 0 else {
            throw .badImage("\(name) is not a readable WebP")
        }
        guard Int(w) <= Self.maxSide, Int(h) <= Self.maxSide, Int(w) * Int(h) <= Self.maxPixels else {
            throw .badImage(
                "\(name) claims \(w) × \(h) pixels, more than \(Self.maxSide) on a side or \(Self.maxPixels) in all")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw .badImage("\(name): no memory for \(w) × \(h) pixels") }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        // On little-endian machines B, G, R, A bytes are Cairo's native ARGB words (straight alpha here).
        guard WebPDecodeBGRAInto(bytes, bytes.count, data, stride * Int(h), Int32(stride)) != nil else {
            cairo_surface_destroy(surface)
            throw .badImage("\(name) is not a readable WebP (libwebp could not decode it)")
        }
        for y in 0..<Int(h) {
            let row = data + y * stride
            for x in 0..<Int(w) where row[4 * x + 3] != 255 {
                let a = UInt16(row[4 * x + 3])
                for c in 0..<3 { row[4 * x + c] = UInt8((UInt16(row[4 * x + c]) * a + 127) / 255) }
            }
        }
        cairo_surface_mark_dirty(surface)
        self.init(surface: surface)
    }
}
