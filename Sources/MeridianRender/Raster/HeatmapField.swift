import MeridianCamera
import MeridianGeometry
import RealModule

/// A heatmap layer's density field, drawn as MapLibre draws it: the kernels summed into a
/// texture of a quarter of the frame's device pixels each way (a texel every 4 device pixels,
/// its value the sum at its centre of every kernel whose square reaches it, each sum rounded to
/// half precision as MapLibre's `RGBA16F` framebuffer keeps it), then, for every pixel of the
/// frame, the texture read bilinearly at the pixel's centre (clamped at its edges), the density
/// looked up in the 256-entry colour ramp with linear filtering (entry `i` is the colour at
/// density `i / 255`; a density `t` falls at `t × 256 − 0.5` entries, clamped), times the
/// opacity, composited source over.
///
/// Kernel positions, reaches and radii are points; the texture's cell grows past 4 device
/// pixels when the kernels would take more than ``maxWork`` texel updates (many wide kernels),
/// so drawing is bounded. Non-finite kernels are skipped.
struct HeatmapField {
    struct Kernel {
        /// The centre, points.
        let x: Double, y: Double
        /// Half the side of the kernel's square (where it falls to MapLibre's `ZERO`), and the
        /// radius (`heatmap-radius`), points.
        let reach: Double, radius: Double
        /// `weight × intensity × 1/√(2π)`: the kernel's value at its centre.
        let peak: Double
        /// Screen points per ground point about the centre (the projection's local linear map
        /// there, turning with the map), which bounds the screen box of the kernel's square:
        /// MapLibre lays each kernel's square on the ground, so under tilt it is foreshortened and
        /// shrinks with distance, and it turns with the bearing. Nil: the screen's own axes.
        var spread: StampMatrix? = nil
        /// The centre on the ground (normalised world), for a field laid on the ground.
        var world: MercatorPoint? = nil
    }

    let kernels: [Kernel]
    /// `heatmap-color` at densities `i / 255`, premultiplied, components 0…1.
    let ramp: [RGBA]
    /// `heatmap-opacity`, 0…1.
    let opacity: Double
    /// The whole frame, points (the texture covers it, whatever part `rows` holds).
    let width: Double, height: Double
    /// The view's ground under each screen point and its points across the world, under tilt
    /// or a bearing: each texel's offset from a kernel is then measured on the ground, exactly
    /// (MapLibre's quads are drawn in perspective). Nil: on the screen.
    var ground: (map: GroundMap, worldSize: Double)? = nil

    /// Most texel updates one field takes (about 50 ms).
    static let maxWork = 50_000_000.0

    /// Device pixels per texel for kernels at `scale` device pixels per point: 4, or more so the
    /// work (the texels of each kernel's box within the frame) stays within ``maxWork``.
    func cell(scale: Double) -> Double {
        let work = kernels.reduce(0.0) { sum, k in
            let (w, h) = k.extent
            let across = min(k.x + w, width) - max(k.x - w, 0)
            let down = min(k.y + h, height) - max(k.y - h, 0)
            guard across.isFinite, down.isFinite, across >= 0, down >= 0 else { return sum }
            return sum + (across * scale / 4 + 1) * (down * scale / 4 + 1)
        }
        return 4 * max(1, (work / Self.maxWork).squareRoot())
    }

    /// Draws the field into `rows` at `scale` device pixels per point.
    func draw(into rows: PixelRows, scale: Double) {
        guard opacity > 0, ramp.count == 256, scale > 0, scale.isFinite else { return }
        let cell = cell(scale: scale)
        let tw = max(1, Int((width * scale / cell).rounded(.down)))
        let th = max(1, Int((height * scale / cell).rounded(.down)))
        // Texel rows the band reads (one either side for the bilinear filter).
        let firstRow = max(0, Int(((Double(rows.top) + 0.5) / cell - 0.5).rounded(.down)))
        let lastRow = min(th - 1, Int(((Double(rows.top + rows.height) + 0.5) / cell - 0.5).rounded(.down)) + 1)
        guard firstRow <= lastRow else { return }
        let density = texture(columns: tw, rows: firstRow...lastRow, cell: cell, scale: scale)
        let words = ramp.map { c in
            (c.r * opacity, c.g * opacity, c.b * opacity, c.a * opacity)
        }
        for j in 0..<rows.height {
            let v = min(max((Double(rows.top + j) + 0.5) / cell - 0.5, 0), Double(th - 1))
            let r0 = min(max(Int(v.rounded(.down)), firstRow), lastRow)
            let r1 = min(r0 + 1, lastRow)
            let fy = Float(v - Double(r0))
            let line0 = (r0 - firstRow) * tw
            let line1 = (r1 - firstRow) * tw
            let target = rows.pixels + j * rows.stride
            for i in 0..<rows.width {
                let u = min(max((Double(rows.left + i) + 0.5) / cell - 0.5, 0), Double(tw - 1))
                let c0 = Int(u.rounded(.down))
                let c1 = min(c0 + 1, tw - 1)
                let fx = Float(u - Double(c0))
                let top = density[line0 + c0] * (1 - fx) + density[line0 + c1] * fx
                let bottom = density[line1 + c0] * (1 - fx) + density[line1 + c1] * fx
                let t = top * (1 - fy) + bottom * fy
                // The ramp read at `t`, filtered between its two nearest entries.
                let at = t.isFinite ? min(max(Double(t) * 256 - 0.5, 0), 255) : 255
                let e0 = Int(at.rounded(.down))
                let e1 = min(e0 + 1, 255)
                let f = at - Double(e0)
                let (a, b) = (words[e0], words[e1])
                let alpha = a.3 + (b.3 - a.3) * f
                guard alpha > 0 else { continue }
                Hairlines.over(
                    target + i, a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, alpha)
            }
        }
    }

    /// The texture's rows `rows` (`columns` texels each), every kernel summed in at each texel's
    /// centre in half precision.
    func texture(columns: Int, rows: ClosedRange<Int>, cell: Double, scale: Double) -> [Float] {
        var density = [Float](repeating: 0, count: columns * rows.count)
        // Each texel centre's ground point (infinite on or above the horizon), when on the ground.
        let worldSize = ground?.worldSize ?? 1
        let grounds: [MercatorPoint]? = ground.map { (map, _) in
            var points: [MercatorPoint] = []
            points.reserveCapacity(density.count)
            for y in rows {
                let Y = (Double(y) + 0.5) * cell / scale
                for x in 0..<columns {
                    let X = (Double(x) + 0.5) * cell / scale
                    let w = map.w(X, Y)
                    points.append(
                        w > 0
                            ? MercatorPoint(x: map.x(X, Y) / w, y: map.y(X, Y) / w) : MercatorPoint(x: .infinity, y: 0))
                }
            }
            return points
        }
        for k in kernels {
            let (cx, cy) = (k.x * scale, k.y * scale)
            let (w, h) = k.extent
            guard w * scale < 1e6, h * scale < 1e6, cx.isFinite, cy.isFinite, w.isFinite, h.isFinite, k.radius > 0,
                k.reach > 0, k.peak.isFinite
            else { continue }
            // Texels whose centres (c + 0.5) × cell lie within the square's bounding box.
            func span(_ centre: Double, _ half: Double, _ count: ClosedRange<Int>) -> ClosedRange<Int>? {
                let low = max(((centre - half) / cell - 0.5).rounded(.up), Double(count.lowerBound))
                let high = min(((centre + half) / cell - 0.5).rounded(.down), Double(count.upperBound))
                return low <= high ? Int(low)...Int(high) : nil
            }
            guard let xs = span(cx, w * scale, 0...(columns - 1)), let ys = span(cy, h * scale, rows) else { continue }
            let k2 = -4.5 / (k.radius * k.radius)
            for y in ys {
                let dy = ((Double(y) + 0.5) * cell - cy) / scale
                let line = (y - rows.lowerBound) * columns
                for x in xs {
                    // The texel's offset from the centre, points, on the ground or the screen.
                    var g = (x: ((Double(x) + 0.5) * cell - cx) / scale, y: dy)
                    if let grounds, let centre = k.world {
                        let t = grounds[line + x]
                        guard t.x.isFinite else { continue }
                        g = ((t.x - centre.x) * worldSize, (t.y - centre.y) * worldSize)
                    }
                    guard abs(g.x) <= k.reach, abs(g.y) <= k.reach else { continue }
                    let sum = density[line + x] + Float(k.peak * Double.exp(k2 * (g.x * g.x + g.y * g.y)))
                    density[line + x] = Float(Float16(sum))
                }
            }
        }
        return density
    }
}

extension HeatmapField.Kernel {
    /// Half the width and height, points, of the screen box holding the kernel's square (its
    /// corners mapped from the ground by ``spread``, whose columns are the screen offsets of the
    /// ground's unit axes), a quarter wider than the local linear map says: the square is drawn
    /// in perspective.
    var extent: (Double, Double) {
        guard let m = spread else { return (reach, reach) }
        return (1.25 * reach * (abs(m.a) + abs(m.c)), 1.25 * reach * (abs(m.b) + abs(m.d)))
    }
}
