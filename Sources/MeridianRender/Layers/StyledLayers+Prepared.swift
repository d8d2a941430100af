import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// Buffers a frame's geometry passes through: projected points and their depths, and the parts
/// of one feature. Reused from feature to feature and tile to tile (no allocation once grown).
final class FrameScratch {
    var screen: [ScreenPoint] = []
    var depths: [Double] = []
    var parts = Polylines()
    var clipped = Polylines()
    var dashes = Polylines()

    /// Projects a prepared layer's points (moved by `shift` worlds) into ``screen`` and ``depths``.
    func project(_ prepared: PreparedLayer, shift: Double, _ ground: GroundGeometry) {
        let n = prepared.points.count
        if screen.count < n {
            screen.append(contentsOf: repeatElement(ScreenPoint(x: 0, y: 0), count: n - screen.count))
            depths.append(contentsOf: repeatElement(0, count: n - depths.count))
        }
        prepared.points.withUnsafeBufferPointer { input in
            screen.withUnsafeMutableBufferPointer { out in
                depths.withUnsafeMutableBufferPointer { d in ground.viewport.project(world: input, shiftedBy: shift, into: out, depths: d) }
            }
        }
    }
}

/// Fill and line layers drawn from prepared layers (``PreparedLayer``): each look class
/// evaluated once per tile, each tile's points projected in one pass, parts handed to Cairo
/// from one buffer. Geometry that reaches nearer than ``GroundGeometry/nearDepth`` under tilt
/// is clipped as before (``GroundGeometry/line(_:)``, ``GroundGeometry/ring(_:)-(MercatorPoint)``).
extension StyledLayers {
    /// The prepared layers of a layer's tiles (from the cache when there is one), with the tiles.
    func prepared(_ layer: Style.Layer) -> [(SourceTile, PreparedLayer)] {
        let shape = PreparedLayer.Shape(layer), id = cache?.shapeID(shape) ?? 0, tilted = ground.viewport.camera.tilt > 0
        return (tiles[layer.source ?? ""] ?? []).map { tile in
            let key = PreparedLayer.Key(shape, id: id, tileset: tile.tileset, tile: WorldCopies.wrapped(tile.id), zoom: zoom, tilted: tilted)
            return (tile, cache?.prepared(key, shape, tile: tile.tile) ?? PreparedLayer(key, shape, tile: tile.tile))
        }
    }

    /// The whole worlds to add to a tile's points (prepared in the tile's own copy): the copy
    /// its id names (``WorldCopies``).
    func shift(_ id: TileID) -> Double { Double(WorldCopies.copy(of: id)) }

    /// Appends the screen parts of points `range` of a prepared layer to `out`: projected
    /// directly where every point lies deeper than the near plane (always on a flat view), else
    /// clipped there first (rings as rings, closed again for strokes when `closeRings`).
    func appendPart(_ prepared: PreparedLayer, _ range: Range<Int>, ring: Bool, closeRings: Bool, shift: Double, into out: inout Polylines) {
        let tilted = ground.viewport.camera.tilt > 0
        if !ring && range.count < 2 { return }   // no line to draw (as ``GroundGeometry/line(_:)`` gives none)
        if !tilted || !scratch.depths[range].contains(where: { !($0 >= GroundGeometry.nearDepth) }) {
            out.append(scratch.screen[range])
            return
        }
        // A line layer's ring repeats its first point: clip the ring without it, then close it again.
        let last = ring && closeRings ? range.upperBound - 1 : range.upperBound
        let world = prepared.points[range.lowerBound..<last].map { MercatorPoint(x: $0.x + shift, y: $0.y) }
        if ring {
            let r = ground.ring(world)
            if !r.isEmpty { out.append(closeRings ? r + [r[0]] : r) } else if !closeRings { out.append(r) }
        } else {
            for piece in ground.line(world) { out.append(piece) }
        }
    }

    func drawLines(_ layer: Style.Layer) {
        struct Look: Equatable { let color: RGBA, width: Double, dash: [Double] }
        // Dashed lines come as their dashes (``Dashes``), stroked with butt ends.
        var batch = PathBatch<Look> { look, parts in canvas.stroke(parts, look.color, width: look.width, ends: look.dash.isEmpty ? .byWidth : .butt) }
        defer { batch.flush() }
        let color = layer.colorResolver("line-color", opacity: "line-opacity", zoom: zoom, default: RGBA(0, 0, 0))
        let lineWidth = layer.numberResolver("line-width", zoom: zoom, default: 1)
        let dasharray = layer.resolved("line-dasharray", zoom: zoom)
        let size = ground.viewport.size, tilted = ground.viewport.camera.tilt > 0
        for (tile, prepared) in prepared(layer) {
            let shift = shift(tile.id)
            guard !prepared.featureClass.isEmpty else { continue }
            let looks = prepared.classes.map { p in (color: color(p), width: lineWidth(p), dash: dasharray(p)) }
            scratch.project(prepared, shift: shift, ground)
            var partStart = 0
            for (i, look) in prepared.featureClass.enumerated() {
                let partEnd = Int(prepared.featureEnds[i]), isRing = prepared.featureIsRing[i]
                defer { partStart = partEnd }
                let l = looks[Int(look)]
                guard let c = l.color, partEnd > partStart else { continue }
                scratch.parts.removeAll()
                var start = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1]), depthSum = 0.0, depthCount = 0
                for j in partStart..<partEnd {
                    let stop = Int(prepared.partEnds[j])
                    appendPart(prepared, start..<stop, ring: isRing, closeRings: true, shift: shift, into: &scratch.parts)
                    if tilted {
                        // The mean depth of the feature's own vertices (a ring's repeated first point left out).
                        for k in start..<(isRing ? stop - 1 : stop) { depthSum += scratch.depths[k] }
                        depthCount += (isRing ? stop - 1 : stop) - start
                    }
                    start = stop
                }
                guard !scratch.parts.isEmpty else { continue }
                // Widths are in points at the camera's zoom (the style interpolates them by zoom);
                // perspective thins what lies farther away. Under tilt, widths are rounded to an
                // eighth of a point so that lines can share strokes.
                let depth = tilted && depthCount > 0 ? max(GroundGeometry.nearDepth, depthSum / Double(depthCount)) : 1
                var width = max(0.3, l.width / depth)
                if tilted { width = (width * 8).rounded() / 8 }
                var dash: [Double] = []
                if case let .array(pattern)? = l.dash { dash = pattern.prefix(Style.Layer.dashLimit).compactMap(\.finite).map { max(0.1, min(1000, $0) * width) } }
                // A dashed line is cut into its dashes first (the pattern runs along the whole line).
                if !dash.isEmpty {
                    scratch.dashes.removeAll()
                    scratch.parts.forEachPart { Dashes.append($0, pattern: dash, into: &scratch.dashes) }
                    swap(&scratch.parts, &scratch.dashes)
                }
                // Only what can touch the view is stroked.
                scratch.clipped.removeAll()
                scratch.parts.forEachPart { ScreenClip.append($0, to: (0, 0, size.width, size.height), margin: width + 8, into: &scratch.clipped) }
                // Added even when nothing is left: the batches (and so how overlapping strokes of
                // one look blend) must not depend on which features the view shows.
                batch.add(Look(color: c, width: width, dash: dash), scratch.clipped)
            }
        }
    }

    func drawFills(_ layer: Style.Layer) {
        var fills = PathBatch<RGBA> { colour, parts in canvas.fill(parts, colour) }
        var outlines = PathBatch<RGBA> { colour, parts in canvas.stroke(parts, colour, width: 0.6, closed: true) }
        let color = layer.colorResolver("fill-color", opacity: "fill-opacity", zoom: zoom, default: RGBA(0, 0, 0))
        let outline = layer.colorResolver("fill-outline-color", zoom: zoom)
        for (tile, prepared) in prepared(layer) {
            let shift = shift(tile.id)
            guard !prepared.featureClass.isEmpty else { continue }
            let looks = prepared.classes.map { p in (fill: color(p), outline: outline(p)) }
            scratch.project(prepared, shift: shift, ground)
            var partStart = 0
            for (i, look) in prepared.featureClass.enumerated() {
                let partEnd = Int(prepared.featureEnds[i])
                defer { partStart = partEnd }
                guard let c = looks[Int(look)].fill else { continue }
                scratch.parts.removeAll()
                var start = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1])
                for j in partStart..<partEnd {
                    let stop = Int(prepared.partEnds[j])
                    appendPart(prepared, start..<stop, ring: true, closeRings: false, shift: shift, into: &scratch.parts)
                    start = stop
                }
                fills.add(c, scratch.parts)
                if let o = looks[Int(look)].outline { outlines.add(o, scratch.parts) }
            }
        }
        fills.flush()
        outlines.flush()
    }
}
