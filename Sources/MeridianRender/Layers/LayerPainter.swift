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

/// The frame's second stage: every visible layer of `style`, in order, by its kind's painter (as
/// one group at the layer's ``layerOpacity(_:zoom:)``), the deadline checked before each.
///
/// Returns the symbol layers' label candidates in placement order.
///
/// - Throws: ``RenderError/deadlinePassed(_:)`` naming the layer.
func paintLayers(of style: Style, in frame: FrameContext, tiles: FrameTiles) throws(RenderError) -> LabelCandidates {
    var labels = LabelCandidates()
    for (order, layer) in style.layers.enumerated() where layer.isVisible(atZoom: frame.styleZoom) {
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
