import MeridianStyle

/// Circle layers: a disc of `circle-radius` points (default 5) in `circle-color` at
/// `circle-opacity` on each point of the layer's point features in front of the eye.
struct CirclePainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        for f in frame.features(layer, tiles, .point) {
            let r = layer.number(.circleRadius, f.properties, zoom: frame.styleZoom, default: 5)
            guard
                let c = layer.color(
                    .circleColor, opacity: .circleOpacity, f.properties, zoom: frame.styleZoom,
                    default: RGBA(0, 0, 0))
            else { continue }
            for point in f.feature.geometry.compactMap(\.first) {
                guard
                    let s = frame.viewport.point(
                        forWorld: frame.ground.world([point], tile: f.tile, extent: f.extent)[0])
                else { continue }
                frame.canvas.disc(s, radius: r, c)
            }
        }
    }
}
