import CCairo
import MeridianStyle

/// Color-relief layers: each height of their `raster-dem` source's tiles coloured by the ramp of
/// `color-relief-color`, at `color-relief-opacity`, drawn on the ground through the camera like
/// raster tiles (`resampling` `nearest` keeps magnified pixels square), as MapLibre GL JS 5.x
/// draws it: only an `interpolate` on `["elevation"]` makes a ramp, its colours taken at its stops
/// and mixed linearly between them (whatever the interpolation's curve) in premultiplied 8-bit
/// RGBA, the first and last colours held below and above the stops. Any other `color-relief-color`
/// draws nothing (the style reader warns). MapLibre rounds each stop to its DEM encoding's step;
/// Meridian keeps it exact (a difference under 0.1 m of a stop).
struct ColorReliefPainter: LayerPainter {
    /// A ramp: stop elevations (metres, ascending) and their premultiplied colours (0…255).
    struct Ramp: Hashable {
        let stops: [Double]
        let colors: [SIMD4<Double>]

        /// Reads `color-relief-color` at `zoom`; nil when it makes no ramp.
        init?(_ layer: Style.Layer, zoom: Double) {
            guard let expression = layer[.colorReliefColor],
                var stops = expression.compiled.elevationStops
            else { return nil }
            var colors = stops.map { e -> SIMD4<Double> in
                var context = ExpressionContext(zoom: zoom, elevation: e)
                context.properties = [:]
                guard let c = (try? expression.compiled.evaluate(context))?.rgba else { return SIMD4() }
                let a = min(1, max(0, c.a))
                return (SIMD4(c.r * a, c.g * a, c.b * a, a) * 255).rounded(.toNearestOrAwayFromZero)
            }
            if stops.count == 1 {
                stops.append(stops[0] + 1)
                colors.append(colors[0])
            }
            (self.stops, self.colors) = (stops, colors)
        }

        /// The premultiplied colour (0…255) of `elevation` metres.
        func color(_ elevation: Double) -> SIMD4<Double> {
            if elevation <= stops[0] { return colors[0] }
            if elevation >= stops[stops.count - 1] { return colors[colors.count - 1] }
            var (l, r) = (0, stops.count - 1)
            while r - l > 1 {
                let m = (l + r) / 2
                if elevation < stops[m] { r = m } else { l = m }
            }
            let t = (elevation - stops[l]) / max(1e-12, stops[r] - stops[l])
            return colors[l] + (colors[r] - colors[l]) * t
        }
    }

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        guard let ramp = Ramp(layer, zoom: frame.styleZoom) else { return }
        let opacity = layer.number(.colorReliefOpacity, [:], zoom: frame.styleZoom)
        let nearest = layer.keyword(StyleProperty.Resampling.self, zoom: frame.styleZoom) == .nearest
        let coloured = (tiles.dem[layer.source ?? ""] ?? []).compactMap { tile in
            frame.relief(ReliefKey(layer.id, tile, look: ramp)) { Self.image(tile, ramp: ramp) }.map {
                RasterTile(id: tile.id, image: $0)
            }
        }
        RasterPainter.draw(coloured, opacity: opacity, nearest: nearest, in: frame)
    }

    /// The tile's heights coloured by `ramp`; nil when Cairo has no memory for it.
    static func image(_ tile: DEMTile, ramp: Ramp) -> RasterImage? {
        let size = tile.size
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<size {
            let row = UnsafeMutableRawPointer(data + y * rowBytes)
            for x in 0..<size {
                guard tile.isWithin(x, y) else {
                    row.storeBytes(of: 0, toByteOffset: 4 * x, as: UInt32.self)
                    continue
                }
                let c = ramp.color(Double(tile.height(x, y)))
                let word =
                    UInt32(c.w.rounded()) << 24 | UInt32(c.x.rounded()) << 16 | UInt32(c.y.rounded()) << 8
                    | UInt32(c.z.rounded())
                row.storeBytes(of: word, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface)
        return RasterImage(surface: surface)
    }
}
