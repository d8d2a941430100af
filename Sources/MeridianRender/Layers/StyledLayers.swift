import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// Draws a style's layers in order: background, fill, line, circle, fill-extrusion (standing
/// under tilt from ``MapRenderer/extrusionMinZoom``, flat otherwise); symbol layers give label
/// candidates placed last; raster layers paint their source's images on the ground.
struct StyledLayers {
    let style: Style
    let ground: GroundGeometry
    let canvas: Canvas
    /// Decoded tiles per source name.
    let tiles: [String: [SourceTile]]
    /// Decoded tiles per source name for symbol layers: those of `tiles` and the tiles of the
    /// label area's margin (labels there decide labels in the view).
    let labelTiles: [String: [SourceTile]]
    /// Where labels are placed (candidates outside its region are not made).
    let labelArea: LabelArea
    /// Decoded raster tiles per source name.
    let images: [String: [(TileID, RasterImage)]]
    /// Where prepared layers are kept between frames (nil: prepared for this frame only).
    let cache: RenderCache?
    /// Buffers the frame's geometry passes through, reused from feature to feature.
    let scratch = FrameScratch()

    var zoom: Double { ground.viewport.camera.zoom }

    /// The features of a layer's source layer that pass its filter, with their tile and their
    /// properties as style values: per tile, the filtered features are kept in the
    /// ``RenderCache`` (``FilteredFeatures``), so a frame neither converts properties nor
    /// evaluates the filter again for a tile it has seen at this whole zoom.
    func features(_ layer: Style.Layer, _ type: VectorTile.GeometryType? = nil) -> [(TileID, Int, VectorTile.Feature, [String: StyleValue])] {
        guard let source = layer.source, let sourceLayer = layer.sourceLayer else { return [] }
        let shape = PreparedLayer.Shape(layer), id = cache?.shapeID(shape) ?? 0
        var out: [(TileID, Int, VectorTile.Feature, [String: StyleValue])] = []
        for (tileID, tile, tileset) in (layer.kind == .symbol ? labelTiles : tiles)[source] ?? [] {
            guard let l = tile.layer(named: sourceLayer) else { continue }
            let key = PreparedLayer.Key(shape, id: id, tileset: tileset, tile: WorldCopies.wrapped(tileID), zoom: zoom, tilted: false)
            let kept = cache?.filtered(key, shape, layer: l) ?? FilteredFeatures(shape, key: key, layer: l)
            for (i, p) in zip(kept.indices, kept.properties) where type == nil || l.features[Int(i)].type == type {
                out.append((tileID, l.extent, l.features[Int(i)], p))
            }
        }
        return out
    }

    /// Draws every layer; returns the label candidates of the symbol layers (point labels in
    /// placement order: later symbol layers first, as in MapLibre; and labels along lines). `check` runs before each layer (with its id)
    /// and may throw to abandon the drawing.
    func draw(extrude: Bool, check: (String) throws -> Void = { _ in }) rethrows -> (points: [LabelPlacer.Candidate], lines: [LineLabels.Candidate]) {
        var labels: [LabelPlacer.Candidate] = []
        var lineLabels: [LineLabels.Candidate] = []
        for (order, layer) in style.layers.enumerated() where layer.isVisible(atZoom: zoom) {
            try check(layer.id)
            switch layer.kind {
            case .background:
                if let c = layer.color("background-color", opacity: "background-opacity", [:], zoom: zoom) { canvas.fillAll(c) }
                if ground.viewport.horizonY > 0 {
                    canvas.rectangle(x: 0, y: 0, width: ground.viewport.size.width, height: min(ground.viewport.horizonY, ground.viewport.size.height), MapRenderer.sky)
                }
            case .fill:
                drawFills(layer)
            case .line:
                drawLines(layer)
            case .circle:
                for (id, extent, f, p) in features(layer, .point) {
                    let r = layer.number("circle-radius", p, zoom: zoom, default: 5)
                    guard let c = layer.color("circle-color", opacity: "circle-opacity", p, zoom: zoom, default: RGBA(0, 0, 0)) else { continue }
                    for point in f.geometry.compactMap(\.first) {
                        guard let s = ground.viewport.point(forWorld: ground.world([point], tile: id, extent: extent)[0]) else { continue }
                        canvas.disc(s, radius: r, c)
                    }
                }
            case .fillExtrusion:
                let items = features(layer, .polygon).compactMap { id, extent, f, p -> Extrusion.Item? in
                    guard let c = layer.color("fill-extrusion-color", opacity: "fill-extrusion-opacity", p, zoom: zoom, default: RGBA(0.5, 0.5, 0.5)) else { return nil }
                    return Extrusion.Item(tile: id, extent: extent, feature: f, height: layer.number("fill-extrusion-height", p, zoom: zoom, default: 0), color: c)
                }
                if extrude { Extrusion(ground: ground).draw(items, on: canvas) } else { Extrusion(ground: ground).drawFlat(items, on: canvas) }
            case .symbol:
                if layer.value("symbol-placement", [:], zoom: zoom)?.string == "line" {
                    lineLabels += LineLabels.candidates(features(layer, .lineString), layer, ground, canvas, area: labelArea)
                } else {
                    labels += LabelPlacer.candidates(features(layer).filter { $0.2.type == .point || $0.2.type == .polygon }, layer, ground, order: order)
                }
            case .raster:
                let opacity = layer.number("raster-opacity", [:], zoom: zoom, default: 1)
                RasterTiles(ground: ground, canvas: canvas).draw(images[layer.source ?? ""] ?? [], opacity: opacity)
            }
        }
        // As MapLibre places symbols: the last symbol layer first, and within a layer the lowest
        // `symbol-sort-key` first (so one style draws the same labels in both).
        // Ties go by position, so the order never depends on the order tiles were read in.
        return (labels.sorted { (-$0.layerOrder, -$0.priority, $0.text, $0.anchor.y, $0.anchor.x) < (-$1.layerOrder, -$1.priority, $1.text, $1.anchor.y, $1.anchor.x) },
                lineLabels.sorted(by: LineLabels.isPlacedBefore))
    }
}
