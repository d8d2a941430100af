import MeridianStyle

/// Paints one kind of style layer: the seam where a layer kind is added (a type conforming to
/// this protocol, in its own file, and a row in ``painters``).
protocol LayerPainter: Sendable {
    /// Paints `layer` (visible at the frame's zoom; `order` its index in the style) from the
    /// frame's tiles onto its canvas; a symbol painter adds label candidates instead.
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates)
}

/// The painter of each layer kind the style specification has and Meridian draws.
let painters: [Style.Layer.Kind: any LayerPainter] = [
    .background: BackgroundPainter(),
    .fill: FillPainter(),
    .line: LinePainter(),
    .circle: CirclePainter(),
    .heatmap: HeatmapPainter(),
    .fillExtrusion: FillExtrusionPainter(),
    .raster: RasterPainter(),
    .hillshade: HillshadePainter(),
    .colorRelief: ColorReliefPainter(),
    .symbol: SymbolPainter(),
]

/// The frame's second stage: every visible layer of `style`, in order (a heatmap after the
/// opaque layers right above it: ``heatmapsOverOpaque(_:zoom:)``), by its kind's painter (as
/// one group at the layer's ``layerOpacity(_:zoom:)``), the deadline checked before each.
///
/// Returns the symbol layers' label candidates in placement order.
///
/// - Throws: ``RenderError/deadlinePassed(_:)`` naming the layer.
func paintLayers(of style: Style, in frame: FrameContext, tiles: FrameTiles) throws(RenderError) -> LabelCandidates {
    var labels = LabelCandidates()
    let visible = style.layers.enumerated().filter { $0.element.isVisible(atZoom: frame.styleZoom) }
    for (order, layer) in heatmapsOverOpaque(visible, zoom: frame.styleZoom) {
        try frame.deadline.check("layer \(layer.id)")
        guard let painter = painters[layer.kind] else { continue }
        if layer.kind == .symbol { frame.canvas.markLabelSlot(layer: order) }
        frame.canvas.group(opacity: layerOpacity(layer, zoom: frame.styleZoom)) {
            painter.paint(layer, order: order, in: frame, tiles: tiles, labels: &labels)
        }
    }
    return labels.inPlacementOrder()
}

/// A layer's opacity as a whole (`fill-layer-opacity`, `line-layer-opacity`; 0…1, 1 when absent
/// or not a number): its features are drawn together, overlaps and all, and the result laid on the
/// map at this opacity (``Canvas/group(opacity:_:)``), where `fill-opacity` and `line-opacity` fade
/// each feature on its own.
func layerOpacity(_ layer: Style.Layer, zoom: Double) -> Double {
    let property: StylePropertyName
    switch layer.kind {
    case .fill: property = .fillLayerOpacity
    case .line: property = .lineLayerOpacity
    default: return 1
    }
    return layer.number(property, [:], zoom: zoom)
}

/// `layers` in drawing order: as given, except that a heatmap layer followed by layers MapLibre
/// draws in its opaque pass (``drawsOpaque(_:zoom:)``) is drawn after them, as MapLibre lays its
/// heatmap on the map with the depth test off, over the opaque layers above it in the style.
func heatmapsOverOpaque(
    _ layers: [(offset: Int, element: Style.Layer)], zoom: Double
) -> [(offset: Int, element: Style.Layer)] {
    var out: [(offset: Int, element: Style.Layer)] = []
    var i = 0
    while i < layers.count {
        let layer = layers[i]
        guard layer.element.kind == .heatmap else {
            out.append(layer)
            i += 1
            continue
        }
        var j = i + 1
        while j < layers.count, drawsOpaque(layers[j].element, zoom: zoom) { j += 1 }
        out.append(contentsOf: layers[(i + 1)..<j])
        out.append(layer)
        i = j
    }
    return out
}

/// Whether MapLibre draws `layer` in its opaque pass: a background or a fill of one opaque colour
/// at opacity 1, without a pattern (colour and opacity the same for every feature).
func drawsOpaque(_ layer: Style.Layer, zoom: Double) -> Bool {
    let (color, opacity, pattern): (StylePropertyName, StylePropertyName, StylePropertyName)
    switch layer.kind {
    case .background: (color, opacity, pattern) = (.backgroundColor, .backgroundOpacity, .backgroundPattern)
    case .fill: (color, opacity, pattern) = (.fillColor, .fillOpacity, .fillPattern)
    default: return false
    }
    guard layer[pattern] == nil, layerOpacity(layer, zoom: zoom) >= 1 else { return false }
    let c = layer.resolved(color, zoom: zoom)
    let o = layer.resolved(opacity, zoom: zoom)
    guard c.isConstant, o.isConstant else { return false }
    return layer.color(color, [:], zoom: zoom)?.a ?? 0 >= 1 && layer.number(opacity, [:], zoom: zoom) >= 1
}
