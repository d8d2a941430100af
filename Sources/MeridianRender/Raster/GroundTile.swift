import CCairo
import CGround
import MeridianCamera

/// A raster tile laid on the ground under a tilted camera, drawn pixel by pixel: each device
/// pixel's centre unprojected to the ground (`GroundMap`) and the tile's image sampled there,
/// bilinearly (or at the nearest pixel), its edges padded. Exact perspective, where triangles
/// mapped affinely are only near it, and one pass over the pixels where Cairo's transformed
/// patterns cost several (BENCHMARKS.md: the tilted hillshade view).
///
/// A pixel belongs to the tile when its ground point's tile coordinates (world × `tiles`) lie in
/// [`column`, `column` + 1) × [`row`, `row` + 1), computed the same way for every tile of a zoom, so
/// tiles that meet share no pixel and leave none out. Pixels on or above the horizon draw nothing.
struct GroundTile {
    let image: RasterImage
    /// The frame's ground map, in points.
    let map: GroundMap
    /// Tiles across the world at the tile's zoom (2^z).
    let tiles: Double
    /// The tile's column in the world copy drawn (may be negative or past `tiles`), and its row.
    let column: Double, row: Double
    /// 0 to 1.
    let opacity: Double
    let nearest: Bool
}

/// Rows of 32-bit premultiplied ARGB pixels that a ``GroundTile`` is drawn into: a frame's, a
/// band's or a group's, `left` and `top` the device pixel of the whole image its first pixel is.
struct PixelRows {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int, height: Int
    /// Pixels (not bytes) from one row to the next.
    let stride: Int
    let left: Int, top: Int
}

extension GroundTile {
    /// Draws the tile into `rows` at `scale` device pixels per point, source over.
    func draw(into rows: PixelRows, scale: Double) {
        guard let data = cairo_image_surface_get_data(image.surface), opacity > 0 else { return }
        let source = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        let sourceStride = Int(cairo_image_surface_get_stride(image.surface)) / 4
        let (w, h) = (Double(image.width), Double(image.height))
        let alpha = UInt32((min(opacity, 1) * 256).rounded())
        for j in 0..<rows.height {
            let y = (Double(rows.top + j) + 0.5) / scale
            let den = map.w(0, y)
            guard den > 0 else { continue }
            // Tile coordinates (world × tiles) of the row's first pixel centre and their step.
            let x0 = (Double(rows.left) + 0.5) / scale
            let (s0, ds) = (tiles * map.x(x0, y) / den, tiles * map.x.x / (scale * den))
            let (t0, dt) = (tiles * map.y(x0, y) / den, tiles * map.y.x / (scale * den))
            guard s0.isFinite, ds.isFinite, t0.isFinite, dt.isFinite,
                let span = span(s0, ds, t0, dt, count: rows.width)
            else { continue }
            // Image coordinates of the first pixel, less half a pixel (pixel centres), 16.16 fixed.
            let first = Double(span.lowerBound)
            let u = ((s0 + ds * first - column) * w - 0.5) * 65536
            let v = ((t0 + dt * first - row) * h - 0.5) * 65536
            let target = rows.pixels + j * rows.stride + span.lowerBound
            let draw = nearest ? meridian_ground_nearest : meridian_ground_bilinear
            draw(
                source, Int64(sourceStride), Int64(image.width), Int64(image.height), Int64(u), Int64(v),
                Int64(Self.fixedStep(ds * w)), Int64(Self.fixedStep(dt * h)), alpha, target, Int64(span.count))
        }
    }

    /// A step in image pixels as 16.16 fixed point, bounded by ±2¹⁶ pixels (a larger step leaves the
    /// tile after one pixel: near the horizon a pixel spans many tiles).
    private static func fixedStep(_ step: Double) -> Int { Int(min(max(step, -65536), 65536) * 65536) }

    /// The pixels of a row (0 ..< `count`) whose tile coordinates `s0 + ds·i`, `t0 + dt·i` lie in
    /// the tile, or nil when none do. Estimated by division, then settled by the membership test
    /// itself at both ends.
    private func span(_ s0: Double, _ ds: Double, _ t0: Double, _ dt: Double, count: Int) -> Range<Int>? {
        func inside(_ i: Int) -> Bool {
            let s = s0 + ds * Double(i)
            let t = t0 + dt * Double(i)
            return s >= column && s < column + 1 && t >= row && t < row + 1
        }
        func bounds(_ a0: Double, _ da: Double, _ lo: Double) -> (Double, Double) {
            guard da != 0 else { return a0 >= lo && a0 < lo + 1 ? (-1, Double(count) + 1) : (1, 0) }
            let (p, q) = ((lo - a0) / da, (lo + 1 - a0) / da)
            return (min(p, q), max(p, q))
        }
        let (sl, sh) = bounds(s0, ds, column)
        let (tl, th) = bounds(t0, dt, row)
        let limit = Double(count) + 1
        // Clamped to the row (and past it by one) before any Int is made of them.
        let lowF = min(max(sl, tl, -1), limit).rounded(.down)
        let highF = max(min(sh, th, limit), -1).rounded(.up)
        guard lowF <= highF else { return nil }
        var low = max(Int(lowF), 0)
        var high = min(Int(highF) + 1, count)
        // At most three steps each way: the estimate is off by rounding only.
        for _ in 0..<3 where low < high && !inside(low) { low += 1 }
        for _ in 0..<3 where low > 0 && inside(low - 1) { low -= 1 }
        for _ in 0..<3 where high > low && !inside(high - 1) { high -= 1 }
        for _ in 0..<3 where high < count && inside(high) { high += 1 }
        return low < high ? low..<high : nil
    }
}
