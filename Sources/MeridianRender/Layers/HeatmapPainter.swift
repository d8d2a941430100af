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
/// The field is summed, filtered and coloured as MapLibre's quarter-resolution texture is
/// (``HeatmapField``, drawn by the target at its device scale). A point counts
/// once: in the tile whose own square holds it, not in its neighbours' buffers. Bounded: radii
/// within 1…300 points, weights and intensities within 0…10⁶.
struct HeatmapPainter: LayerPainter {
    static let gauss = 0.3989422804014327
    static let zero = 1.0 / 255 / 16

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let size = frame.viewport.size
        let zoom = frame.styleZoom
        let intensity = layer.number(.heatmapIntensity, [:], zoom: zoom)
        // Every kernel first: where, how far it reaches, how high it peaks.
        var kernels: [HeatmapField.Kernel] = []
        let onGround = frame.isTilted || frame.viewport.camera.bearing != 0
        for f in frame.features(layer, tiles) {
            let weight = layer.number(.heatmapWeight, f.properties, zoom: zoom)
            let radius = layer.number(.heatmapRadius, f.properties, zoom: zoom)
            let peak = weight * intensity * Self.gauss
            guard peak > Self.zero else { continue }
            // The kernel's reach: where it falls to `zero` (MapLibre's quad).
            let reach = radius * (-2 * Double.log(Self.zero / peak)).squareRoot() / 3
            for point in f.ownVertices {
                let world = frame.ground.world([point], tile: f.tile, extent: f.extent)[0]
                guard let s = frame.viewport.point(forWorld: world) else { continue }
                // Under tilt or a bearing, the kernel's square lies on the ground (MapLibre's quad).
                let spread =
                    onGround ? LabelPlacer.groundMatrix(at: world, turnsWithMap: true, viewport: frame.viewport) : nil
                if onGround && spread == nil { continue }
                kernels.append(
                    HeatmapField.Kernel(
                        x: s.x, y: s.y, reach: reach, radius: radius, peak: peak, spread: spread,
                        world: onGround ? world : nil))
            }
        }
        guard !kernels.isEmpty else { return }
        let opacity = layer.number(.heatmapOpacity, [:], zoom: zoom)
        frame.canvas.heatmap(
            HeatmapField(
                kernels: kernels, ramp: Self.ramp(layer, zoom: zoom), opacity: min(max(opacity, 0), 1),
                width: size.width, height: size.height,
                ground: onGround ? (frame.viewport.groundMap, frame.viewport.worldSize) : nil))
    }

    /// `heatmap-color` at 256 densities `i / 255`, premultiplied and kept to 8 bits a component
    /// as MapLibre's ramp texture keeps it (straight colour and alpha rounded to bytes, then
    /// premultiplied); the specification's default ramp when the layer has none (transparent
    /// blue, royal blue, cyan, lime, yellow, red).
    static func ramp(_ layer: Style.Layer, zoom: Double) -> [RGBA] {
        let expression = layer.expressionOrDefault(.heatmapColor)
        return (0..<256).map { i in
            guard let e = expression else { return RGBA(0, 0, 0, 0) }
            var context = ExpressionContext(zoom: zoom, heatmapDensity: Double(i) / 255)
            context.properties = [:]
            let c = (try? e.compiled.evaluate(context))?.rgba ?? RGBA(0, 0, 0, 0)
            func byte(_ v: Double) -> Double { v.isFinite ? (min(max(v, 0), 1) * 255).rounded() : 0 }
            let a = byte(c.a)
            func premultiplied(_ v: Double) -> Double { (byte(v) * a / 255).rounded() / 255 }
            return RGBA(premultiplied(c.r), premultiplied(c.g), premultiplied(c.b), a / 255)
        }
    }
}
