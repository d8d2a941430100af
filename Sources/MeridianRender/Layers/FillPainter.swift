import MeridianGeometry
import MeridianStyle

/// Fill layers: each polygon filled in `fill-color` at `fill-opacity` (non-zero rule: holes
/// wound against their ring; antialiased unless `fill-antialias` is false), or with a sprite
/// image repeated (`fill-pattern`, ``FillPattern``), and (antialiased and without a pattern, as the
/// specification has it) outlined 0.6 points wide in `fill-outline-color` when the
/// layer sets one, from the layer's prepared tiles; consecutive features of one colour share a
/// fill (``PathBatch``).
struct FillPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let canvas = frame.canvas
        let scratch = frame.scratch
        // `fill-antialias: false`: hard edges (a zoom function of it taken at the frame's zoom).
        let smooth = layer.resolved(.fillAntialias, zoom: frame.styleZoom).constant != .bool(false)
        var fills = PathBatch<RGBA> { color, parts in
            smooth ? canvas.fill(parts, color) : canvas.aliasedFill(parts, color)
        }
        var outlines = PathBatch<RGBA> { color, parts in canvas.stroke(parts, color, width: 0.6, closed: true) }
        let color = layer.colorResolver(
            .fillColor, opacity: .fillOpacity, zoom: frame.styleZoom, default: RGBA(0, 0, 0))
        let outline = layer.colorResolver(.fillOutlineColor, zoom: frame.styleZoom)
        // `fill-pattern` replaces the colour: a feature whose image no sprite has draws nothing.
        let pattern = layer.resolved(.fillPattern, zoom: frame.styleZoom)
        let patterned = pattern.expression != nil
        let opacity = layer.numberResolver(.fillOpacity, zoom: frame.styleZoom, default: 1)([:])
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        var patterns = PathBatch<String> { name, parts in
            guard let image = frame.images.image(name, scale: canvas.scale) else {
                missing.insert(name)
                return
            }
            if let p = FillPattern(image, viewport: frame.viewport, opacity: opacity) { canvas.patternFill(parts, p) }
        }
        let translate = frame.translation(layer, .fillTranslate, anchor: .fillTranslateAnchor)
        for (tile, prepared) in frame.prepared(layer, tiles) {
            let shift = MercatorPoint(x: frame.shift(tile.id) + translate.x, y: translate.y)
            guard !prepared.featureClass.isEmpty else { continue }
            let looks = prepared.classes.map { p in
                (fill: color(p), outline: outline(p), pattern: patterned ? StyleImages.name(pattern(p)) : nil)
            }
            scratch.project(prepared, shift: shift, frame.ground)
            var partStart = 0
            for (i, look) in prepared.featureClass.enumerated() {
                let partEnd = Int(prepared.featureEnds[i])
                defer { partStart = partEnd }
                let c = looks[Int(look)].fill
                guard c != nil || patterned else { continue }
                scratch.parts.removeAll()
                var start = partStart == 0 ? 0 : Int(prepared.partEnds[partStart - 1])
                for j in partStart..<partEnd {
                    let stop = Int(prepared.partEnds[j])
                    frame.appendPart(
                        prepared, start..<stop, ring: true, closeRings: false, shift: shift, into: &scratch.parts)
                    start = stop
                }
                if patterned {
                    if let name = looks[Int(look)].pattern { patterns.add(name, scratch.parts) }
                } else if let c {
                    fills.add(c, scratch.parts)
                }
                // The outline is part of the antialiasing, and a pattern has none (the specification).
                if smooth, !patterned, let o = looks[Int(look)].outline { outlines.add(o, scratch.parts) }
            }
        }
        fills.flush()
        patterns.flush()
        outlines.flush()
    }

}
