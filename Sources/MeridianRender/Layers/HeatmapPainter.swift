import CCairo
import MeridianGeometry
import MeridianStyle
import MeridianTiles
import RealModule

/// Heatmap layers, as MapLibre draws them: each vertex of the layer's features (a point's, and
/// every vertex of lines and polygons: `StyledFeature.ownVertices`) adds a Gaussian kernel to a
/// density field on the screen,
/// `weight × intensity × 0.3989 × exp(−4.5 (d / radius)²)` at `d` points from it, cut where it
/// falls under 1/4080 (`heatmap-weight` per feature, default 1; `heatmap-radius` in points,
/// per feature, default 30; `heatmap-intensity` by zoom, default 1); the field is then
/// coloured through `heatmap-color` (an expression of `["heatmap-density"]`, sampled at 256
/// steps of 0…1, the density clamped there) at `heatmap-opacity`.
///
/// The field is kept at one cell per ``cell`` points (MapLibre keeps its at a quarter of the
/// canvas's pixels; coarser here when the kernels would take more than ``maxWork`` cell updates)
/// and stretched over the view with Cairo's bilinear filter. A point counts
/// once: in the tile whose own square holds it, not in its neighbours' buffers. Bounded: radii
/// within 1…300 points, weights and intensities within 0…10⁶.
struct HeatmapPainter: LayerPainter {
    /// Points per cell of the density field (at most; more when the work would pass ``maxWork``).
    static let cell = 2.0
    /// Most cell updates a layer's field takes a frame (about 50 ms).
    static let maxWork = 50_000_000.0
    static let gauss = 0.3989422804014327
    static let zero = 1.0 / 255 / 16

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let size = frame.viewport.size
        let zoom = frame.styleZoom
        let intensity = layer.number(.heatmapIntensity, [:], zoom: zoom)
        // Every kernel first: where, how far it reaches, how high it peaks.
        var kernels: [(at: ScreenPoint, reach: Double, radius: Double, peak: Double)] = []
        for f in frame.features(layer, tiles) {
            let weight = layer.number(.heatmapWeight, f.properties, zoom: zoom)
            let radius = layer.number(.heatmapRadius, f.properties, zoom: zoom)
            let peak = weight * intensity * Self.gauss
            guard peak > Self.zero else { continue }
            // The kernel's reach: where it falls to `zero` (MapLibre's quad).
            let reach = radius * (-2 * Double.log(Self.zero / peak)).squareRoot() / 3
            for point in f.ownVertices {
                guard
                    let s = frame.viewport.point(
                        forWorld: frame.ground.world([point], tile: f.tile, extent: f.extent)[0])
                else { continue }
                kernels.append((s, reach, radius, peak))
            }
        }
        guard !kernels.isEmpty else { return }
        // Cells of ``cell`` points, coarser when the kernels would cost more than ``maxWork``
        // cell updates (many points with wide radii): the field's work is bounded, never a hang.
        let work = kernels.reduce(0.0) { $0 + (2 * $1.reach / Self.cell + 1) * (2 * $1.reach / Self.cell + 1) }
        let cell = Self.cell(forWork: work)
        let (w, h) = (Int((size.width / cell).rounded(.up)) + 1, Int((size.height / cell).rounded(.up)) + 1)
        guard w > 1, h > 1 else { return }
        var density = [Float](repeating: 0, count: w * h)
        for k in kernels {
            Self.splat(&density, w, h, cell: cell, at: k.at, reach: k.reach, radius: k.radius, peak: k.peak)
        }
        let ramp = Self.ramp(layer, zoom: zoom)
        guard let image = Self.image(density, w, h, ramp: ramp) else { return }
        let opacity = layer.number(.heatmapOpacity, [:], zoom: zoom)
        // Two triangles (the canvas maps images by triangles), the field's corners on the view's.
        let (gw, gh) = (Double(w - 1), Double(h - 1))
        let src = [(0.0, 0.0), (gw, 0), (gw, gh), (0, gh)].map { ScreenPoint(x: $0.0, y: $0.1) }
        let dst = src.map { ScreenPoint(x: $0.x * cell, y: $0.y * cell) }
        for t in [[0, 1, 2], [0, 2, 3]] {
            frame.canvas.image(image, from: t.map { src[$0] }, to: t.map { dst[$0] }, opacity: opacity)
        }
    }

    /// Points per cell for kernels that would take `work` cell updates at ``cell``: ``cell``, or
    /// coarser so the work stays within ``maxWork`` (it falls with the square of the cell).
    static func cell(forWork work: Double) -> Double { cell * max(1, (work / maxWork).squareRoot()) }

    /// Adds one point's kernel to the field.
    static func splat(
        _ density: inout [Float], _ w: Int, _ h: Int, cell: Double, at s: ScreenPoint, reach: Double, radius: Double,
        peak: Double
    ) {
        let (cx, cy) = (s.x / cell, s.y / cell)
        let r = reach / cell
        let x0 = max(0, Int((cx - r).rounded(.down)))
        let x1 = min(w - 1, Int((cx + r).rounded(.up)))
        let y0 = max(0, Int((cy - r).rounded(.down)))
        let y1 = min(h - 1, Int((cy + r).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let k = -4.5 / (radius * radius)
        for y in y0...y1 {
            let dy = (Double(y) - cy) * cell
            for x in x0...x1 {
                let dx = (Double(x) - cx) * cell
                let d2 = dx * dx + dy * dy
                guard d2 <= reach * reach else { continue }
                density[y * w + x] += Float(peak * Double.exp(k * d2))
            }
        }
    }

    /// `heatmap-color` at 256 densities 0…1, premultiplied; the specification's default ramp when
    /// the layer has none (transparent blue, royal blue, cyan, lime, yellow, red).
    static func ramp(_ layer: Style.Layer, zoom: Double) -> [RGBA] {
        let expression = layer.expressionOrDefault(.heatmapColor)
        return (0..<256).map { i in
            guard let e = expression else { return RGBA(0, 0, 0, 0) }
            var context = ExpressionContext(zoom: zoom, heatmapDensity: Double(i) / 255)
            context.properties = [:]
            return ((try? e.compiled.evaluate(context))?.rgba ?? RGBA(0, 0, 0, 0))
        }
    }

    /// The coloured field as a Cairo image (premultiplied ARGB).
    static func image(_ density: [Float], _ w: Int, _ h: Int, ramp: [RGBA]) -> RasterImage? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let words: [UInt32] = ramp.map { c in
            let a = min(max(c.a, 0), 1)
            func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255).rounded()) }
            return UInt32((a * 255).rounded()) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
        }
        cairo_surface_flush(surface)
        for y in 0..<h {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let d = density[y * w + x]
                let i = d.isFinite ? Int((min(max(d, 0), 1) * 255).rounded()) : 255
                row[x] = words[i]
            }
        }
        cairo_surface_mark_dirty(surface)
        return RasterImage(surface: surface)
    }
}
