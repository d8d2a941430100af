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
/// Each piece gets MapLibre's ramp row: the expression at 256 progress values evenly spaced over
/// the piece's stretch of the line (a `step` gradient at more: a power of two from 256 to
/// ``maxRampWidth`` covering the tile's longest piece at 1 024 entries a tile, MapLibre's
/// heuristic, read at the nearest entry), each colour rounded to 8 bits and premultiplied as
/// MapLibre's texture holds it. The pieces are drawn pixel by pixel (``GradientLine``), each in its
/// tile's square, `line-width` wide (thinned with depth under tilt), faded by `line-blur`, at
/// `line-opacity`, with the layer's caps. A dash array or a pattern disables the gradient (the
/// specification's `requires`: the line is drawn dashed or patterned); `line-offset` and
/// `-gap-width` are not drawn with it yet (a warning where the style loads).
enum LineGradient {
    /// The widest ramp a piece takes (MapLibre's: the GPU's largest texture, 8 192 on the
    /// renderers its tests run on).
    static let maxRampWidth = 8192
    /// Most ramp entries one layer's pieces take in a frame (16 MiB); past it, pieces share one
    /// row of ``sharedRampWidth`` entries over the whole line (a line cut into thousands of
    /// pieces costs one row, not 4 KiB and 256 evaluations a piece).
    static let maxRampEntries = 1 << 20
    static let sharedRampWidth = 4096

    static func paint(_ layer: Style.Layer, in frame: FrameContext, tiles: FrameTiles) {
        guard let gradient = layer[.lineGradient] else { return }
        let zoom = frame.styleZoom
        let step = gradient.compiled.isStep
        let width = layer.numberResolver(.lineWidth, zoom: zoom)
        let blur = layer.numberResolver(.lineBlur, zoom: zoom)
        let opacity = layer.numberResolver(.lineOpacity, zoom: zoom)
        let style = LinePainter.styleResolver(layer, zoom: zoom)
        let dasharray = layer[.lineDasharray] == nil ? nil : layer.resolved(.lineDasharray, zoom: zoom)
        let floorWidth = layer.numberResolver(.lineWidth, zoom: zoom.rounded(.down))
        let translate = frame.translation(layer, .lineTranslate, anchor: StyleProperty.LineTranslateAnchor.self)
        let viewport = frame.viewport
        let features = frame.features(layer, tiles, .lineString)
        // The longest piece of each tile, in tiles (MapLibre's `maxLineLength / EXTENT`).
        var longest: [TileID: Double] = [:]
        if step {
            for f in features {
                for part in f.feature.geometry {
                    let length = zip(part, part.dropFirst()).reduce(0.0) { sum, s in
                        let (dx, dy) = (Double(s.1.x - s.0.x), Double(s.1.y - s.0.y))
                        return sum + (dx * dx + dy * dy).squareRoot()
                    }
                    longest[f.tile] = max(longest[f.tile] ?? 0, length / Double(max(f.extent, 1)))
                }
            }
        }
        var entries = maxRampEntries
        var shared: [SIMD4<Float>] = []
        var squares: [TileID: [ScreenPoint]?] = [:]
        var parts: [GradientLine.Part] = []
        var cap = StrokeStyle.Cap.butt
        for f in features {
            let start = f.feature.properties[GeoJSONTiler.clipStartKey]?.number ?? 0
            let end = f.feature.properties[GeoJSONTiler.clipEndKey]?.number ?? 1
            let p = f.properties
            cap = style(p).cap
            let resolution = step ? rampWidth(longest: longest[f.tile] ?? 0) : 256
            var (ramp, span) = (shared, (start: start, end: end))
            if entries >= resolution {
                entries -= resolution
                (ramp, span) = (Self.ramp(gradient, zoom: zoom, from: start, to: end, entries: resolution), (0, 1))
            } else if shared.isEmpty {
                shared = Self.ramp(gradient, zoom: zoom, from: 0, to: 1, entries: sharedRampWidth)
                ramp = shared
            }
            // One array per tile, shared by its pieces.
            let square = squares[f.tile] ?? SquareClip.square(f.tile, frame: frame)
            squares[f.tile] = square
            let styled = width(p)
            let atlas = dasharray.flatMap { resolved -> DashAtlas? in
                guard case let .array(lengths)? = resolved(p) else { return nil }
                let dash = DashAtlas(lengths.compactMap(\.finite), round: cap == .round)
                return dash.isSolid ? nil : dash
            }
            // Pattern periods per unit of line progress: MapLibre stores a measured line's
            // distance as its progress × 32 767 tile units (halved and truncated per vertex), read
            // at the tile's pixels per unit at the whole zoom below.
            let floorZoom = zoom.rounded(.down)
            let tileRatio = 512 * Double.exp2(floorZoom - Double(f.tile.z)) / Double(max(f.extent, 1))
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
                let dash = atlas.map { atlas in
                    GradientLine.Dashing(
                        atlas: atlas,
                        along: along.map { d in
                            let progress = start + (end - start) * (total > 0 ? d / total : 0)
                            let units = 2 * (progress * 32_767 * 0.5).rounded(.towardZero)
                            return units * tileRatio / (atlas.period * max(floorWidth(p), 1e-6))
                        }, floorWidth: floorWidth(p) * Double.exp2(zoom - floorZoom))
                }
                let depths = world.map { frame.isTilted ? viewport.depthRatio(forWorld: $0) : 1 }
                // A vertex behind the eye ends the piece there (its segments are not drawn).
                let screen = world.compactMap(viewport.point(forWorld:))
                guard screen.count == world.count, depths.allSatisfy({ $0 > GroundGeometry.nearDepth }) else {
                    continue
                }
                parts.append(
                    GradientLine.Part(
                        points: screen,
                        progress: along.map { total > 0 ? $0 / total : 0 },
                        halfWidth: depths.map { d in
                            (frame.isTilted ? LinePainter.width(styled, tilted: true, across: 1 / d) : styled) / 2
                        },
                        blur: max(0, blur(p)), opacity: min(max(opacity(p), 0), 1), ramp: ramp, span: span,
                        clip: square,
                        dash: dash))
            }
        }
        guard !parts.isEmpty else { return }
        frame.canvas.gradientLine(GradientLine(parts: parts, cap: cap, nearest: step))
    }

    /// A `step` gradient's ramp width for a tile whose longest piece is `longest` tiles long:
    /// the power of two at or above 1 024 entries a tile, within 256…``maxRampWidth``.
    static func rampWidth(longest: Double) -> Int {
        let wanted = longest * 1024
        guard wanted.isFinite, wanted > 256 else { return 256 }
        var width = 256
        while width < maxRampWidth && Double(width) < wanted { width *= 2 }
        return width
    }

    /// The gradient at `entries` progress values from `start` to `end` (entry i at
    /// start + (end − start) · i / (entries − 1)), each rounded to 8 bits as MapLibre's ramp image
    /// keeps it, then premultiplied (its texture upload); a value that fails is transparent.
    static func ramp(
        _ gradient: StyleExpression, zoom: Double, from start: Double, to end: Double, entries: Int
    )
        -> [SIMD4<Float>]
    {
        (0..<max(entries, 1)).map { i in
            let t = entries > 1 ? Double(i) / Double(entries - 1) : 0
            var context = ExpressionContext(zoom: zoom, lineProgress: start + (end - start) * t)
            context.properties = [:]
            guard let c = (try? gradient.compiled.evaluate(context))?.rgba else { return .zero }
            func byte(_ v: Double) -> Float { Float((min(max(v, 0), 1) * 255).rounded()) }
            let a = byte(c.a)
            func premultiplied(_ v: Double) -> Float { (byte(v) * a / 255).rounded() / 255 }
            return SIMD4(premultiplied(c.r), premultiplied(c.g), premultiplied(c.b), a / 255)
        }
    }
}
