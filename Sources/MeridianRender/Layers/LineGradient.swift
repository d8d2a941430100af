import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// `line-gradient`: a line coloured along its length by the expression at `line-progress`, 0 at
/// the whole line's start and 1 at its end, as MapLibre draws it from a GeoJSON source with
/// `lineMetrics` (each tile's piece knows where it starts and ends along the line:
/// ``GeoJSONTiler/clipMeasured(_:lo:hi:)``; within a piece, progress goes with the distance along its
/// geometry). The style refuses the property on any other source, as MapLibre does.
///
/// The expression is evaluated into 256 colours (MapLibre's ramp texture) at `line-opacity`; the
/// line is cut into steps of ``step`` points on the screen (longer where a layer's lines in the
/// view would take more than ``maxSteps`` steps in all: the work and memory of a frame are bounded
/// whatever the data, at least one step a segment), and each run of steps of one
/// colour is one stroke, `line-width` wide (thinned with depth under tilt), with the layer's joins;
/// runs overlap by one step so no seam shows between them, and the line's two ends get its caps.
/// A dash array or a pattern disables the gradient (the specification's `requires`: the line is
/// drawn dashed or patterned); `line-offset`, `-gap-width` and `-blur` are not drawn with it yet (a
/// warning where the style loads).
enum LineGradient {
    /// Points on the screen per step of colour.
    static let step = 2.0
    /// Points beyond the view within which segments are still drawn (wider than any line's half width).
    static let margin = 1100.0
    /// Most steps of colour a layer's lines take in one frame (beyond one a segment): 2^18, a line
    /// 2^19 points long at full detail, about 4 MiB of points.
    static let maxSteps = 1 << 18

    static func paint(_ layer: Style.Layer, in frame: FrameContext, tiles: FrameTiles) {
        guard let gradient = layer[.lineGradient] else { return }
        let zoom = frame.styleZoom
        let opacity = layer.number(.lineOpacity, [:], zoom: zoom)
        let ramp: [RGBA?] = (0..<256).map { i in
            var context = ExpressionContext(zoom: zoom, lineProgress: Double(i) / 255)
            context.properties = [:]
            guard var c = (try? gradient.compiled.evaluate(context))?.rgba else { return nil }
            c.a *= opacity
            return c
        }
        let width = layer.numberResolver(.lineWidth, zoom: zoom)
        let style = LinePainter.styleResolver(layer, zoom: zoom)
        let translate = frame.translation(layer, .lineTranslate, anchor: StyleProperty.LineTranslateAnchor.self)
        let viewport = frame.viewport
        var budget = maxSteps
        var ink = Ink()
        defer { ink.flush(on: frame.canvas) }
        for f in frame.features(layer, tiles, .lineString) {
            let start = f.feature.properties[GeoJSONTiler.clipStartKey]?.number ?? 0
            let end = f.feature.properties[GeoJSONTiler.clipEndKey]?.number ?? 1
            let stroke = style(f.properties)
            for part in f.feature.geometry where part.count >= 2 {
                let world = frame.ground.world(part, tile: f.tile, extent: f.extent).map {
                    MercatorPoint(x: $0.x + translate.x, y: $0.y + translate.y)
                }
                var along = [0.0]
                for (a, b) in zip(world, world.dropFirst()) {
                    along.append(
                        along[along.count - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
                }
                let total = along[along.count - 1]
                let progress = along.map { start + (end - start) * (total > 0 ? $0 / total : 0) }
                let depths = world.map { frame.isTilted ? viewport.depthRatio(forWorld: $0) : 1 }
                let screen = zip(world, depths).map { p, d in
                    d > GroundGeometry.nearDepth ? viewport.point(forWorld: p) : nil
                }
                let styled = width(f.properties)
                draw(
                    screen, progress: progress, ramp: ramp, style: stroke, view: viewport.size, budget: &budget,
                    ink: &ink, on: frame.canvas
                ) { t in
                    // Under tilt, as wide as the ground is at the step's depth.
                    frame.isTilted ? LinePainter.width(styled, tilted: true, across: 1 / t(depths)) : max(0.3, styled)
                }
            }
        }
    }

    /// Strokes one line's runs of colour and width: `screen` its vertices (nil behind the eye: the
    /// segments there are left out, as are those whose box misses `view` widened by ``margin``),
    /// `progress` each vertex's line progress, `width` a step's width given what interpolates a
    /// per-vertex value at its middle. Steps of ``step`` points while `budget` (steps left to the
    /// layer) allows, longer ones when the line's visible length would pass it; at least one a
    /// segment, at most 4,096.
    static func draw(
        _ screen: [ScreenPoint?], progress: [Double], ramp: [RGBA?], style: StrokeStyle, view: ScreenSize,
        budget: inout Int, ink: inout Ink, on canvas: Canvas, width: (_ at: ([Double]) -> Double) -> Double
    ) {
        func visible(_ i: Int) -> (ScreenPoint, ScreenPoint, Double)? {
            guard let a = screen[i], let b = screen[i + 1],
                max(a.x, b.x) >= -margin, min(a.x, b.x) <= view.width + margin, max(a.y, b.y) >= -margin,
                min(a.y, b.y) <= view.height + margin
            else { return nil }
            return (a, b, ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        var length = 0.0
        for i in 0..<(screen.count - 1) { length += visible(i)?.2 ?? 0 }
        let stride = max(step, length / Double(max(budget, 1)))
        var run: [ScreenPoint] = []
        var level = -1
        var runWidth = 0.0
        var inner = style
        inner.cap = .butt
        var first = true
        func flush(last: Bool) {
            defer { run.removeAll(keepingCapacity: true) }
            guard run.count >= 2, level >= 0, let c = ramp[level] else { return }
            var s = style.solid(width: runWidth)
            if !first && !last { s.cap = inner.cap }
            ink.add(run, color: c, width: runWidth, style: s, on: canvas)
            first = false
        }
        for i in 0..<(screen.count - 1) {
            guard let (a, b, length) = visible(i) else {
                flush(last: true)
                continue
            }
            let n = max(1, min(4096, Int((length / stride).rounded(.up))))
            budget -= n
            for k in 0..<n {
                let (t0, t1) = (Double(k) / Double(n), Double(k + 1) / Double(n))
                let p = ScreenPoint(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
                let q = ScreenPoint(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
                let u = (t0 + t1) / 2
                let mid = progress[i] + (progress[i + 1] - progress[i]) * u
                let l = min(max(Int((mid * 255).rounded()), 0), 255)
                let w = width { values in values[i] + (values[i + 1] - values[i]) * u }
                if l != level || w != runWidth {
                    // The new run starts where the last one's last step did: they overlap by a step.
                    let overlap = run.count >= 2 ? run[run.count - 2] : p
                    flush(last: false)
                    (level, run, runWidth) = (l, [overlap, p], w)
                    if overlap == p { run = [p] }
                }
                if run.isEmpty { run = [p] }
                run.append(q)
            }
        }
        flush(last: true)
    }
}

extension LineGradient {
    /// Runs of one colour and stroke waiting to be drawn: consecutive runs alike (a line cut into
    /// many pieces by its tiles, each its own feature) are one stroke of several parts, so a layer
    /// records about one drawing operation per change of colour, not one per piece. The order of
    /// drawing is kept (only neighbours in it are joined).
    struct Ink {
        private var lines = Polylines()
        private var color = RGBA(0, 0, 0, 0)
        private var width = 0.0
        private var style: StrokeStyle?

        mutating func add(
            _ run: [ScreenPoint], color c: RGBA, width w: Double, style s: StrokeStyle, on canvas: Canvas
        ) {
            if style != s || color != c || width != w { flush(on: canvas) }
            (color, width, style) = (c, w, s)
            lines.append(run)
        }

        mutating func flush(on canvas: Canvas) {
            defer { (lines, style) = (Polylines(), nil) }
            guard let style, !lines.ends.isEmpty else { return }
            canvas.stroke(lines, color, width: width, style: style)
        }
    }
}
