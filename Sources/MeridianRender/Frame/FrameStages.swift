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
/// 5. draw labels (``LabelInk``).
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
        let candidates = try paintLayers(of: style, in: frame, tiles: tiles)
        try deadline.check("overlays")
        OverlayPainter(ground: frame.ground, canvas: canvas).draw(overlays)
        try deadline.check("labels")
        credit.draw(on: canvas)
        let shown = Self.placeLabels(candidates, measuring: canvas, area: area)
        for label in shown { label.ink.draw(on: canvas) }
        return (shown.map { $0.label }, frame.missingImages.names)
    }

    /// Places every candidate in `area`: point labels first, then labels along lines, none
    /// overlapping another.
    ///
    /// Returns those the area shows.
    static func placeLabels(_ candidates: LabelCandidates, measuring canvas: Canvas, area: LabelArea) -> [ShownLabel] {
        var taken: [LabelArea.Box] = []
        let points = LabelPlacer.place(candidates.points, measuring: canvas, area: area, taken: &taken)
        return points + LineLabels.place(candidates.lines, measuring: canvas, area: area, taken: &taken)
    }
}
