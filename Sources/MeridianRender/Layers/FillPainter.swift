import MeridianCamera
import MeridianGeometry
import MeridianStyle

/// Fill layers: each polygon filled in `fill-color` at `fill-opacity` (non-zero rule: holes
/// wound against their ring; antialiased unless `fill-antialias` is false), or with a sprite
/// image repeated (`fill-pattern`, ``FillPattern``), and (antialiased, as the specification has
/// it) outlined in `fill-outline-color` at `fill-opacity` when the layer sets one, as MapLibre
/// outlines: lines one device pixel wide over the fill (``Hairlines``), clipped to the tile's
/// square as its stencil clips them (so the edges a tile's clip made are not drawn), even where
/// the fill is transparent; from the layer's prepared tiles, in `fill-sort-key` order
/// (``PreparedLayer/drawOrder(_:key:zoom:)``); consecutive features of one colour share a fill
/// (``PathBatch``).
///
/// A translucent colour (without `fill-outline-color`) is drawn as MapLibre draws every fill:
/// each feature laid over the ones before (so overlaps darken), cut to its tile's square
/// (``SquareClip``), its pixel centres filled and, antialiased, its outline drawn in its own
/// colour over the edge. Opaque fills keep one antialiased path per colour (nothing shows through
/// them, so only the edges' last level differs; per-feature fills cost a streets frame 5–8 %, paid
/// here for translucent layers only).
struct FillPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let canvas = frame.canvas
        let scratch = frame.scratch
        // `fill-antialias: false`: hard edges (a zoom function of it taken at the frame's zoom).
        let smooth = layer.resolved(.fillAntialias, zoom: frame.styleZoom)([:]) != .bool(false)
        var fills = PathBatch<RGBA> { color, parts in
            smooth ? canvas.fill(parts, color) : canvas.aliasedFill(parts, color)
        }
        // Outlines are drawn after every tile's fill, as MapLibre draws them, each tile's clipped
        // to its square.
        var clip: [ScreenPoint]? = nil
        var outlined: [(Polylines, RGBA, [ScreenPoint]?)] = []
        var outlines = PathBatch<RGBA> { color, parts in outlined.append((parts, color, clip)) }
        let color = layer.colorResolver(
            .fillColor, opacity: .fillOpacity, zoom: frame.styleZoom)
        let outline = layer.colorResolver(.fillOutlineColor, opacity: .fillOpacity, zoom: frame.styleZoom)
        // `fill-pattern` replaces the colour: a feature whose image no sprite has draws nothing.
        let pattern = layer.resolved(.fillPattern, zoom: frame.styleZoom)
        let patterned = pattern.expression != nil
        let opacity = layer.numberResolver(.fillOpacity, zoom: frame.styleZoom)([:])
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        // Each image copied once a frame; flat, one fill per pattern; under tilt, one per feature,
        // its repeats laid on the ground under the middle of what the view shows of it.
        var made: [String: FillPattern?] = [:]
        func repeated(_ name: String) -> FillPattern? {
            if let known = made[name] { return known }
            guard let image = frame.images.image(name, scale: canvas.scale) else {
                missing.insert(name)
                made[name] = .some(nil)
                return nil
            }
            let p = FillPattern(image, viewport: frame.viewport, opacity: opacity)
            made[name] = p
            return p
        }
        var patterns = PathBatch<String> { name, parts in
            if let p = repeated(name) { canvas.patternFill(parts, p) }
        }
        let translate = frame.translation(layer, .fillTranslate, anchor: StyleProperty.FillTranslateAnchor.self)
        let sorted = layer[.fillSortKey] != nil
        for (tile, prepared) in frame.prepared(layer, tiles) {
            let shift = MercatorPoint(x: frame.shift(tile.id) + translate.x, y: translate.y)
            guard !prepared.featureClass.isEmpty else { continue }
            let looks = prepared.classes.map { p in
                (fill: color(p), outline: outline(p), pattern: patterned ? StyleImages.name(pattern(p)) : nil)
            }
            scratch.project(prepared, shift: shift, frame.ground)
            outlines.flush()
            clip = SquareClip.square(tile.id, frame: frame)
            let edges = clip.map(SquareClip.edges) ?? []
            let order = sorted ? prepared.drawOrder(layer, key: .fillSortKey, zoom: frame.styleZoom) : nil
            for k in prepared.featureClass.indices {
                let (_, look, range) = prepared.feature(k, in: order)
                let (partStart, partEnd) = (range.lowerBound, range.upperBound)
                let c = looks[look].fill
                let o = smooth ? looks[look].outline : nil
                guard c != nil || patterned || o != nil else { continue }
                scratch.parts.removeAll()
                var start = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1])
                for j in partStart..<partEnd {
                    let stop = Int(prepared.partEnds[j])
                    frame.appendPart(
                        prepared, start..<stop, ring: true, closeRings: false, shift: shift, into: &scratch.parts)
                    start = stop
                }
                if patterned {
                    if let name = looks[look].pattern, !scratch.parts.isEmpty {
                        if !frame.isTilted {
                            patterns.add(name, scratch.parts)
                        } else if let world = Self.middle(of: scratch.parts, in: frame.viewport),
                            let p = repeated(name)?.near(world, viewport: frame.viewport)
                        {
                            // The ground under the middle of what the view shows of the feature.
                            canvas.patternFill(scratch.parts, p)
                        }
                    }
                } else if let c, c.a < 1, o == nil {
                    // A translucent fill as MapLibre draws one: each feature laid over the ones
                    // before (overlaps darken), cut to the tile's square (its stencil: a buffer's
                    // copy is not laid twice), its pixel centres filled and, antialiased, its
                    // outline drawn in its own colour over it, the outline being MapLibre's
                    // antialiasing.
                    fills.flush()
                    scratch.clipped.removeAll()
                    scratch.parts.forEachPart { SquareClip.appendRing($0, inside: edges, into: &scratch.clipped) }
                    if !scratch.clipped.isEmpty { canvas.aliasedFill(scratch.clipped, c) }
                    if smooth { outlines.add(c, scratch.parts) }
                } else if let c {
                    fills.add(c, scratch.parts)
                }
                // The outline is part of the antialiasing (none with `fill-antialias: false`).
                if let o { outlines.add(o, scratch.parts) }
            }
        }
        fills.flush()
        patterns.flush()
        outlines.flush()
        for (parts, c, square) in outlined { canvas.hairlines(parts, c, closed: true, clip: square) }
    }

    /// The ground under the middle of the part of `parts`' screen box inside the view; nil when
    /// the box misses the view or that point is not on the ground.
    static func middle(of parts: Polylines, in viewport: Viewport) -> MercatorPoint? {
        guard let first = parts.points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in parts.points { (x0, y0, x1, y1) = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)) }
        let size = viewport.size
        (x0, y0, x1, y1) = (max(x0, 0), max(y0, max(0, viewport.horizonY)), min(x1, size.width), min(y1, size.height))
        guard x0 <= x1, y0 <= y1 else { return nil }
        return viewport.worldPoint(for: ScreenPoint(x: (x0 + x1) / 2, y: (y0 + y1) / 2))
    }

}
