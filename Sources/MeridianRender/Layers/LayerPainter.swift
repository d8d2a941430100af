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
    .symbol: SymbolPainter(),
]

/// The frame's second stage: every visible layer of `style`, in order, by its kind's painter, the
/// deadline checked before each.
///
/// Returns the symbol layers' label candidates in placement order.
///
/// - Throws: ``RenderError/deadlinePassed(_:)`` naming the layer.
func paintLayers(of style: Style, in frame: FrameContext, tiles: FrameTiles) throws(RenderError) -> LabelCandidates {
    var labels = LabelCandidates()
    for (order, layer) in style.layers.enumerated() where layer.isVisible(atZoom: frame.styleZoom) {
        try frame.deadline.check("layer \(layer.id)")
        painters[layer.kind]?.paint(layer, order: order, in: frame, tiles: tiles, labels: &labels)
    }
    return labels.inPlacementOrder()
}
