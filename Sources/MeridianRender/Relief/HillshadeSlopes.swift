import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry

/// MapLibre's hillshade prepare pass on the CPU, and the shaded image of a tile.
///
/// Slopes: a 3 × 3 Sobel kernel on the tile's heights (its border from the neighbours,
/// ``DEMTile``), scaled to the Web Mercator gradient at the tile's zoom z with MapLibre's low-zoom
/// boost, deriv = Sobel × size / 2^(ex + 28.2562 − z) where ex = (z − 15) × (0.4 below z2, 0.35
/// below z4.5, else 0.3) below z15 and 0 from there (28.2562 = log2(8 × 40075016.6855785 m)),
/// then stored as MapLibre stores it, in a byte per axis, round(255 × clamp(deriv / 8 + 0.5)), so
/// slopes clip at 4 and are quantised alike.
///
/// Shading: each stored pair is read back (× 8 / 255 − 4), divided by the cosine of the pixel's
/// latitude, and shaded by ``Hillshade``. A stored pair is shaded once per band of rows (the
/// latitude taken at the band's middle: 32 bands a tile to zoom 4, 8 to zoom 8, else 1) and
/// looked up after, so a tile costs about one table look-up a pixel.
enum HillshadeSlopes {
    /// The stored slope bytes (east, south) of every pixel of `tile`, rows top first; `zoom` is
    /// the tile's zoom (a tile magnified past its source's last zoom keeps its own).
    static func prepare(_ tile: DEMTile, zoom: Int) -> [SIMD2<UInt8>] {
        let size = tile.size
        let z = Double(zoom)
        let factor = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let ex = z < 15 ? (z - 15) * factor : 0
        let scale = Double(size) / pow(2, ex + 28.2562 - z)
        var out = [SIMD2<UInt8>](repeating: SIMD2(128, 128), count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let (a, b, c) = (tile.height(x - 1, y - 1), tile.height(x, y - 1), tile.height(x + 1, y - 1))
                let (d, f) = (tile.height(x - 1, y), tile.height(x + 1, y))
                let (g, h, i) = (tile.height(x - 1, y + 1), tile.height(x, y + 1), tile.height(x + 1, y + 1))
                let sx = Double((c + 2 * f + i) - (a + 2 * d + g)) * scale
                let sy = Double((g + 2 * h + i) - (a + 2 * b + c)) * scale
                out[y * size + x] = SIMD2(byte(sx / 8 + 0.5), byte(sy / 8 + 0.5))
            }
        }
        return out
    }

    @inline(__always)
    static func byte(_ v: Double) -> UInt8 { UInt8((255 * min(1, max(0, v))).rounded()) }

    /// The slope a stored byte stands for.
    @inline(__always)
    static func slope(_ q: UInt8) -> Double { Double(q) / 255 * 8 - 4 }

    /// The tile shaded by `light`: an image of the tile's size, premultiplied, to lay over the map.
    /// - Throws: ``RenderError/badImage(_:)`` when Cairo has no memory for it.
    static func image(_ tile: DEMTile, zoom: Int, light: Hillshade) throws(RenderError) -> RasterImage {
        let size = tile.size
        let slopes = prepare(tile, zoom: zoom)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw .badImage("a hillshade tile of \(size) px: no memory") }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let bands = zoom <= 4 ? 32 : zoom <= 8 ? 8 : 1
        let rowsPerBand = max(1, size / bands)
        let n = Double(1 << tile.id.z)
        // A table of the colour of each stored pair, filled as pairs turn up (1 is no premultiplied colour).
        var table = [UInt32](repeating: 1, count: 1 << 16)
        for band in stride(from: 0, to: size, by: rowsPerBand) {
            let v = (Double(band) + Double(min(rowsPerBand, size - band)) / 2) / Double(size)
            let latitude = WebMercator.unproject(MercatorPoint(x: 0, y: (Double(tile.id.y) + v) / n)).latitude
            let cosine = max(1e-6, cos(latitude * .pi / 180))
            if band > 0 { table.withUnsafeMutableBufferPointer { $0.update(repeating: 1) } }
            for y in band..<min(size, band + rowsPerBand) {
                let row = UnsafeMutableRawPointer(data + y * rowBytes)
                for x in 0..<size {
                    guard tile.isWithin(x, y) else {
                        row.storeBytes(of: 0, toByteOffset: 4 * x, as: UInt32.self)
                        continue
                    }
                    let q = slopes[y * size + x]
                    let key = Int(q.x) << 8 | Int(q.y)
                    var word = table[key]
                    if word == 1 {
                        word = pack(light.shade(SIMD2(slope(q.x), slope(q.y)) / cosine))
                        table[key] = word
                    }
                    row.storeBytes(of: word, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return RasterImage(surface: surface)
    }

    /// A premultiplied colour (0…1) as Cairo's ARGB32 word, each component clamped to its alpha.
    @inline(__always)
    static func pack(_ c: SIMD4<Double>) -> UInt32 {
        let a = min(1, max(0, c.w))
        func channel(_ v: Double) -> UInt32 { UInt32((255 * min(a, max(0, v))).rounded()) }
        return UInt32((255 * a).rounded()) << 24 | channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z)
    }
}
