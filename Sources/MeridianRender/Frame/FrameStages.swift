import MeridianTiles
import MeridianCamera
import MeridianGeometry
import MeridianOverlays

/// A frame in named stages, each handing typed values to the next:
///
/// 1. gather tiles (``FrameTiles``): every source's decoded tiles for the view and its label margin;
/// 2. paint layers (``paintLayers(of:in:tiles:)``): each visible layer by its kind's ``LayerPainter``,
///    symbol layers giving ``LabelCandidates``;
/// 3. paint overlays (``OverlayPainter``), then the credit line (``CreditLine``);
/// 4. place labels: every candidate decided, in placement order, giving ``ShownLabel``s;
/// 5. draw labels (``LabelInk``), each symbol layer's in its place among the layers (a later
///    layer covers them, as in MapLibre), under the overlays and the credit line.
///
/// Everything is recorded on the ``Canvas``; rasterising and encoding follow in ``MapRenderer``.
/// The deadline is checked between stages and before each source and layer.
extension MapRenderer {
    func draw(
        _ viewport: Viewport, sources: MapSources, overlays: [Overlay], cache: RenderCache?, on canvas: Canvas
    ) throws -> (labels: [PlacedLabel], missingImages: Set<String>) {
        let tiles = try FrameTiles(
            style, sources: sources, viewport: viewport, labelMargin: labelMargin, cache: cache, deadline: deadline)
        // The credit line is measured first: labels are not drawn over it.
        let credit = CreditLine(attribution ?? sources.attribution(for: style), in: viewport.size, measuring: canvas)
        let area = LabelArea(
            viewport, margin: labelMargin, hidden: credit.box.map { [$0] } ?? [], acrossEdges: labelsAcrossEdges)
        var frame = FrameContext(
            viewport: viewport, canvas: canvas, cache: cache, labelArea: area, extrusionMinZoom: extrusionMinZoom,
            deadline: deadline)
        frame.images = sources.images
        frame.glyphs = sources.glyphs
        frame.light = style.light
        let candidates = try paintLayers(of: style, in: frame, tiles: tiles)
        try deadline.check("overlays")
        OverlayPainter(ground: frame.ground, canvas: canvas).draw(overlays)
        try deadline.check("labels")
        credit.draw(on: canvas)
        let shown = try Self.placeLabels(candidates, measuring: canvas, area: area, deadline: deadline)
        ShownLabel.drawInPlace(ShownLabel.drawn(shown), on: canvas)
        return (shown.map { $0.label }, frame.missingImages.names)
    }

    /// Places every candidate in `area`, layer by layer as MapLibre does (the last symbol layer
    /// first; within a layer, in its candidates' order), none overlapping another.
    ///
    /// Returns those the area shows.
    /// - Throws: ``RenderError/deadlinePassed(_:)`` once `deadline` passes (checked before each
    ///   layer's labels: placing shapes their text).
    static func placeLabels(
        _ candidates: LabelCandidates, measuring canvas: Canvas, area: LabelArea, deadline: Deadline = .never
    ) throws(RenderError) -> [ShownLabel] {
        var taken = TakenBoxes()
        var shown: [ShownLabel] = []
        let (points, lines) = (candidates.points, candidates.lines)
        var (p, l) = (0, 0)
        // Both lists run from the last layer to the first (``LabelCandidates/inPlacementOrder()``).
        while p < points.count || l < lines.count {
            let order = max(
                p < points.count ? points[p].layerOrder : .min, l < lines.count ? lines[l].layerOrder : .min)
            let pEnd = points[p...].firstIndex { $0.layerOrder != order } ?? points.count
            let lEnd = lines[l...].firstIndex { $0.layerOrder != order } ?? lines.count
            try deadline.check("placing the labels of layer \(order)")
            shown += LabelPlacer.place(Array(points[p..<pEnd]), measuring: canvas, area: area, taken: &taken)
            shown += LineLabels.place(Array(lines[l..<lEnd]), measuring: canvas, area: area, taken: &taken)
            (p, l) = (pEnd, lEnd)
        }
        return shown
    }
}
