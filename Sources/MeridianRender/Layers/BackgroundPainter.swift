import MeridianStyle

/// Background layers: the whole image in `background-color` (at `background-opacity`), and
/// the sky (``MapRenderer/sky``) above the horizon of a tilted view.
struct BackgroundPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        if let c = layer.color(.backgroundColor, opacity: .backgroundOpacity, [:], zoom: frame.styleZoom) {
            frame.canvas.fillAll(c)
        }
        let viewport = frame.viewport
        if viewport.horizonY > 0 {
            frame.canvas.rectangle(
                x: 0, y: 0, width: viewport.size.width, height: min(viewport.horizonY, viewport.size.height),
                MapRenderer.sky)
        }
    }
}
