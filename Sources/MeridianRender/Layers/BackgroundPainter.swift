import MeridianGeometry
import MeridianStyle

/// Background layers: the whole image in `background-color`, or its `background-pattern` (a
/// sprite image repeated as ``FillPattern`` repeats it), at `background-opacity`; and the sky
/// (``MapRenderer/sky``) above the horizon of a tilted view.
struct BackgroundPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let viewport = frame.viewport
        if layer[.backgroundPattern] != nil {
            // The pattern replaces the colour: an image no sprite has (its name reported as
            // missing), or no name at all (""), draws nothing, as in MapLibre.
            guard let name = StyleImages.name(layer.value(.backgroundPattern, [:], zoom: frame.styleZoom)) else {
                return sky(frame)
            }
            let opacity = layer.number(.backgroundOpacity, [:], zoom: frame.styleZoom)
            if let image = frame.images.image(name, scale: frame.canvas.scale),
                let pattern = FillPattern(image, viewport: viewport, opacity: opacity)
            {
                let (w, h) = (viewport.size.width, viewport.size.height)
                let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { ScreenPoint(x: $0.0, y: $0.1) }
                frame.canvas.patternFill(Polylines([corners]), pattern)
            } else {
                frame.missingImages.names.insert(name)
            }
        } else if let c = layer.color(.backgroundColor, opacity: .backgroundOpacity, [:], zoom: frame.styleZoom) {
            frame.canvas.fillAll(c)
        }
        sky(frame)
    }

    /// The sky above a tilted view's horizon.
    private func sky(_ frame: FrameContext) {
        let viewport = frame.viewport
        guard viewport.horizonY > 0 else { return }
        frame.canvas.rectangle(
            x: 0, y: 0, width: viewport.size.width, height: min(viewport.horizonY, viewport.size.height),
            MapRenderer.sky)
    }
}
