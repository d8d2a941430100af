import MeridianCamera
import MeridianGeometry
import MeridianStyle
import RealModule

/// Line layers (or, with `line-pattern`, an image along them: ``LinePattern``): each feature
/// stroked `line-width` points wide (on the ground under tilt:
/// ``across(_:_:ring:shift:viewport:)``)
/// in `line-color` at `line-opacity`, moved `line-offset` points to the right of its direction,
/// as two strokes `line-gap-width` apart when it has one (a casing; ``LineOffset``), dashed by
/// `line-dasharray` (in widths: through MapLibre's line atlas, ``SDFDashes``; cut into dashes,
/// ``Dashes``, with a gap width or an offset), faded at the edges by `line-blur` (``blurred(width:blur:_:)``), and
/// joined and ended by `line-join` and `line-cap`, from the layer's
/// prepared tiles in `line-sort-key` order (``PreparedLayer/drawOrder(_:key:zoom:)``); features
/// of one colour in a row share a stroke per width and dash (``StrokeGroups``).
struct LinePainter: LayerPainter {
    /// How a feature is stroked, beside its colour: features of one colour are grouped by it
    /// (``StrokeGroups``).
    struct Stroke: Hashable {
        let width: Double, dash: [Double], style: StrokeStyle
        /// `line-blur`, points over which the edges fade (thinned with the width under tilt).
        var blur = 0.0
    }

    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        // `line-gradient` colours each line along its length instead (``LineGradient``, dashed
        // too), unless a pattern replaces it.
        if layer[.lineGradient] != nil, layer[.linePattern] == nil {
            return LineGradient.paint(layer, in: frame, tiles: tiles)
        }
        let canvas = frame.canvas
        let scratch = frame.scratch
        // Dashed lines come as their dashes (``Dashes``), each ended by the layer's caps.
        var batch = StrokeGroups<Stroke> { color, stroke, parts in
            for (width, c) in Self.blurred(width: stroke.width, blur: stroke.blur, color) {
                canvas.stroke(parts, c, width: width, style: stroke.style)
            }
        }
        defer { batch.flush() }
        // Dashed lines as MapLibre's SDF shader draws them (``SDFDashes``); a feature of either
        // kind first draws what the other gathered, so features keep their order.
        let cap = layer.resolved(.lineCap, zoom: frame.styleZoom)
        var sdf = SDFDashes(roundAtlas: cap.isConstant && cap.keyword(StyleProperty.LineCap.self, [:]) == .round)
        defer { sdf.flush(on: canvas) }
        let color = layer.colorResolver(
            .lineColor, opacity: .lineOpacity, zoom: frame.styleZoom)
        let lineWidth = layer.numberResolver(.lineWidth, zoom: frame.styleZoom)
        let dasharray = layer.resolved(.lineDasharray, zoom: frame.styleZoom)
        // MapLibre lays dashes out in widths at the whole zoom below (its `line-floorwidth`) and
        // scales them with the map between whole zooms: at style zoom 12.15 a dash of 1 in a
        // 50-point line is 50 × 2^0.15 = 55.5 points.
        let floorWidth = layer.numberResolver(.lineWidth, zoom: frame.styleZoom.rounded(.down))
        let dashScale = Double.exp2(frame.styleZoom - frame.styleZoom.rounded(.down))
        let strokeStyle = Self.styleResolver(layer, zoom: frame.styleZoom)
        let gapWidth = layer.numberResolver(.lineGapWidth, zoom: frame.styleZoom)
        let lineOffset = layer.numberResolver(.lineOffset, zoom: frame.styleZoom)
        let lineBlur = layer.numberResolver(.lineBlur, zoom: frame.styleZoom)
        let size = frame.viewport.size
        let translate = frame.translation(layer, .lineTranslate, anchor: StyleProperty.LineTranslateAnchor.self)
        // `line-pattern` replaces the colour and the dashes (``LinePattern``).
        var patterns = LinePatterns(layer, in: frame)
        let opacity = layer.numberResolver(.lineOpacity, zoom: frame.styleZoom)
        defer { patterns?.draw(in: frame) }
        let sorted = layer[.lineSortKey] != nil
        for (tile, prepared) in frame.prepared(layer, tiles) {
            let shift = MercatorPoint(x: frame.shift(tile.id) + translate.x, y: translate.y)
            guard !prepared.featureClass.isEmpty else { continue }
            let looks = prepared.classes.map { p in
                (
                    color: color(p), width: lineWidth(p), dash: dasharray(p), style: strokeStyle(p),
                    gap: gapWidth(p), offset: lineOffset(p), blur: lineBlur(p), floorWidth: floorWidth(p)
                )
            }
            // Each class's image and opacity, for a patterned layer only (kept out of `looks`, which
            // every feature copies).
            let patternLooks = patterns.map { made in
                prepared.classes.map { (StyleImages.name(made.image($0)), opacity($0)) }
            }
            scratch.project(prepared, shift: shift, frame.ground)
            // The tile's square, where translucent lines are cut (``SquareClip``) and dashed ones
            // kept (``SDFDashes``).
            let clip = SquareClip.square(tile.id, frame: frame)
            let square = clip.map(SquareClip.edges) ?? []
            let order = sorted ? prepared.drawOrder(layer, key: .lineSortKey, zoom: frame.styleZoom) : nil
            for k in prepared.featureClass.indices {
                let (i, look, range) = prepared.feature(k, in: order)
                let (partStart, partEnd) = (range.lowerBound, range.upperBound)
                let isRing = prepared.featureIsRing[i]
                let l = looks[look]
                let pattern = patternLooks?[look]
                // A line of no width draws nothing, as MapLibre's shader gives it no outset.
                guard let c = l.color, l.width > 0, partEnd > partStart, patterns == nil || pattern?.0 != nil
                else { continue }
                scratch.parts.removeAll()
                let first = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1])
                var start = first
                for j in partStart..<partEnd {
                    let stop = Int(prepared.partEnds[j])
                    frame.appendPart(
                        prepared, start..<stop, ring: isRing, closeRings: true, shift: shift, into: &scratch.parts)
                    start = stop
                }
                guard !scratch.parts.isEmpty else { continue }
                // Under tilt the line lies on the ground: as wide on screen as the ground is there, across it.
                let across =
                    frame.isTilted
                    ? Self.across(prepared.points, first..<start, ring: isRing, shift: shift, viewport: frame.viewport)
                    : 1
                let width = Self.width(l.width, tilted: frame.isTilted, across: across)
                // Round-capped dashes only: MapLibre's round atlas ends each dash half a width beyond
                // it, which cut dashes cannot; butt dashes cut into strokes cover the same pixels
                // (within its one-pixel softness) at a fifth of the cost.
                if sdf.roundAtlas, patterns == nil, l.gap == 0, l.offset == 0, case let .array(raw)? = l.dash,
                    !raw.isEmpty,
                    !frame.isTilted
                        || !scratch.depths[first..<start].contains(where: { !($0 >= GroundGeometry.nearDepth) })
                {
                    batch.flush()
                    if !sdf.accepts(l.style.cap) { sdf.flush(on: canvas) }
                    let lengths = raw.prefix(Style.Layer.dashLimit).compactMap(\.finite)
                    let blur = l.blur * width / max(l.width, 1e-6)
                    var from = first
                    for j in partStart..<partEnd {
                        let stop = Int(prepared.partEnds[j])
                        sdf.add(
                            screen: scratch.screen[from..<stop], world: prepared.points[from..<stop],
                            tileZoom: tile.id.z, zoom: frame.styleZoom, lengths: lengths, width: width,
                            floorWidth: l.floorWidth, blur: blur, color: c, cap: l.style.cap, clip: clip)
                        from = stop
                    }
                    continue
                }
                sdf.flush(on: canvas)
                // Offset lines and casings' two strokes, thinned as the width is.
                if l.gap > 0 || l.offset != 0 {
                    let (offset, side) = (l.offset * across, (l.gap * across + width) / 2)
                    scratch.dashes.removeAll()
                    for d in l.gap > 0 ? [offset - side, offset + side] : [offset] {
                        scratch.parts.forEachPart { LineOffset.append($0, by: d, into: &scratch.dashes) }
                    }
                    swap(&scratch.parts, &scratch.dashes)
                }
                if let (name, alpha) = pattern, let name {
                    patterns?.add(scratch.parts, image: name, opacity: alpha, width: width)
                    continue
                }
                let unit = l.width > 0 ? width * l.floorWidth / l.width * dashScale : width
                let dash = Self.dashes(l.dash, width: unit)
                // A dashed line is cut into its dashes first (the pattern runs along the whole
                // line), leaving out segments the clip below would drop; round and square caps
                // are taken out of each dash, so they end where the pattern says.
                if !dash.isEmpty {
                    scratch.dashes.removeAll()
                    let m = width + 8
                    let within = (-m, -m, size.width + m, size.height + m)
                    let (pattern, phase) = Self.capped(dash, cap: l.style.cap, width: width)
                    scratch.parts.forEachPart {
                        Dashes.append($0, pattern: pattern, phase: phase, within: within, into: &scratch.dashes)
                    }
                    swap(&scratch.parts, &scratch.dashes)
                }
                // Translucent lines are stroked part by part, as MapLibre blends them, and cut to the
                // tile's square so a stretch in two tiles' buffers is not laid twice; with butt ends
                // only (a cut end must be butt to meet the neighbour's), else drawn whole.
                var style = dash.isEmpty ? l.style.solid(width: width) : l.style
                style.separateParts = c.a < 1 && style.cap == .butt
                if style.separateParts {
                    scratch.dashes.removeAll()
                    scratch.parts.forEachPart { SquareClip.append($0, inside: square, into: &scratch.dashes) }
                    swap(&scratch.parts, &scratch.dashes)
                }
                // Only what can touch the view is stroked.
                scratch.clipped.removeAll()
                scratch.parts.forEachPart {
                    ScreenClip.append(
                        $0, to: (0, 0, size.width, size.height), margin: width + 8, into: &scratch.clipped)
                }
                // Added even when nothing is left: the batches (and so how overlapping strokes of
                // one look blend) must not depend on which features the view shows.
                let blur = l.blur * width / max(l.width, 1e-6)
                batch.add(c, Stroke(width: width, dash: dash, style: style, blur: blur), scratch.clipped)
            }
        }
    }

    /// A stroke's width, points: the style's width at the camera's zoom (the style interpolates
    /// it by zoom), at least 0.3; under tilt, times `across` (``across(_:_:ring:shift:viewport:)``)
    /// and rounded to an eighth of a point, so lines can share strokes.
    static func width(_ styled: Double, tilted: Bool, across: Double) -> Double {
        guard tilted else { return max(0.3, styled) }
        let width = max(0.3, styled * across)
        return (width * 8).rounded() / 8
    }

    /// How many screen points one point of ground across a feature's line takes under tilt, as
    /// MapLibre draws lines on the ground: |det M| / |M u|, M the projection's local linear map at
    /// the feature's middle vertex, u its direction on the ground (first to last vertex; a ring, or
    /// a line that ends where it starts, takes √|det M|). A line across the view is foreshortened
    /// as the ground is; one running into the distance only thins with depth. 1 where the map is
    /// undefined (behind the eye); at most 1 / ``GroundGeometry/nearDepth``.
    static func across(
        _ points: [MercatorPoint], _ range: Range<Int>, ring: Bool, shift: MercatorPoint, viewport: Viewport
    ) -> Double {
        guard !range.isEmpty else { return 1 }
        func at(_ i: Int) -> MercatorPoint { MercatorPoint(x: points[i].x + shift.x, y: points[i].y + shift.y) }
        guard
            let m = LabelPlacer.groundMatrix(
                at: at((range.lowerBound + range.upperBound) / 2), turnsWithMap: true, viewport: viewport)
        else { return 1 }
        let det = abs(m.a * m.d - m.b * m.c)
        let (a, b) = (at(range.lowerBound), at(range.upperBound - 1))
        let (ux, uy) = (b.x - a.x, b.y - a.y)
        let length = (ux * ux + uy * uy).squareRoot()
        var factor = det.squareRoot()
        if !ring, length > 0 {
            let (sx, sy) = (m.a * ux / length + m.c * uy / length, m.b * ux / length + m.d * uy / length)
            let along = (sx * sx + sy * sy).squareRoot()
            if along > 1e-9 { factor = det / along }
        }
        return factor.isFinite ? min(factor, 1 / GroundGeometry.nearDepth) : 1
    }

    /// The dash pattern in points: `line-dasharray` (in line widths; at most
    /// `Style.Layer.dashLimit` entries, non-finite ones left out) times `width`,
    /// each within [0.1, 1000 × width]; empty for a solid line.
    static func dashes(_ styled: StyleValue?, width: Double) -> [Double] {
        guard case let .array(pattern)? = styled else { return [] }
        return pattern.prefix(Style.Layer.dashLimit).compactMap(\.finite).map { max(0.1, min(1000, $0) * width) }
    }
}

extension LinePainter {
    /// A feature's joins and ends: `line-join` (default miter), `line-cap` (default butt) and
    /// `line-miter-limit` (default 2, at least 1), for one frame's zoom. `line-round-limit` turns
    /// round joins at the shallowest bends into miters in MapLibre; they cover the same pixels
    /// within 5 % of half the width, so round joins are drawn round throughout.
    static func styleResolver(_ layer: Style.Layer, zoom: Double) -> ([String: StyleValue]) -> StrokeStyle {
        let join = layer.resolved(.lineJoin, zoom: zoom)
        let cap = layer.resolved(.lineCap, zoom: zoom)
        let limit = layer.numberResolver(.lineMiterLimit, zoom: zoom)
        return { p in
            StrokeStyle(
                join: StrokeStyle.Join(join.keyword(StyleProperty.LineJoin.self, p)),
                cap: StrokeStyle.Cap(cap.keyword(StyleProperty.LineCap.self, p)),
                miterLimit: max(1, limit(p)))
        }
    }

    /// A dash pattern (points) for dashes stroked with `cap`: with round or square caps, which
    /// reach half a width past each end, every dash is a width shorter (at least a hundredth of a
    /// point: a dash no longer than the width is a dot) and every gap a width longer, and the
    /// pattern starts half a width in; butt caps change nothing.
    static func capped(_ dash: [Double], cap: StrokeStyle.Cap, width: Double) -> (pattern: [Double], phase: Double) {
        guard cap != .butt, !dash.isEmpty else { return (dash, 0) }
        let lengths = dash.count % 2 == 1 ? dash + dash : dash
        let pattern = lengths.enumerated().map { i, l in i % 2 == 0 ? max(0.01, l - width) : l + width }
        let period = pattern.reduce(0, +)
        return (pattern, (period - width / 2).truncatingRemainder(dividingBy: period))
    }

    /// The strokes that draw a line `width` points wide whose edges fade over `blur` points, as
    /// MapLibre's `line-blur` fades them (opacity falling linearly to 0 at the edge): `k` strokes
    /// from the full width inwards, `blur / k` points narrower on each side each time, each so
    /// translucent that after `j` of them the opacity is `j / k` of the colour's. One stroke for a
    /// blur under a third of a point; at most 4.
    static func blurred(width: Double, blur: Double, _ color: RGBA) -> [(width: Double, color: RGBA)] {
        guard blur >= 1.0 / 3 else { return [(width, color)] }
        let k = min(4, max(2, Int(blur.rounded(.up))))
        let a = color.a
        return (1...k).map { j in
            let (before, after) = (a * Double(j - 1) / Double(k), a * Double(j) / Double(k))
            let alpha = before >= 1 ? 1 : 1 - (1 - after) / (1 - before)
            let w = max(0.1, width - 2 * blur * Double(j - 1) / Double(k))
            return (w, RGBA(color.r, color.g, color.b, alpha))
        }
    }
}

extension StrokeStyle.Join {
    init(_ join: StyleProperty.LineJoin) {
        switch join {
        case .bevel: self = .bevel
        case .round: self = .round
        case .miter: self = .miter
        }
    }
}

extension StrokeStyle.Cap {
    init(_ cap: StyleProperty.LineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}
