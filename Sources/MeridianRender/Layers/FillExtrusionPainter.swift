import MeridianStyle

/// Fill-extrusion layers: buildings standing from `fill-extrusion-base` to `fill-extrusion-height`
/// metres as prisms when
/// the frame stands them (``FrameContext/standsBuildings``), drawn flat with outlines otherwise
/// (``Extrusion``), in `fill-extrusion-color` at `fill-extrusion-opacity`, moved on the ground by
/// `fill-extrusion-translate` (along the map's axes, or the screen's with its `viewport` anchor),
/// lit by the style's `light` with `fill-extrusion-vertical-gradient` (``ExtrusionLight``).
struct FillExtrusionPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let items = frame.features(layer, tiles, .polygon).compactMap { f -> Extrusion.Item? in
            let p = f.properties
            guard
                let c = layer.color(
                    .fillExtrusionColor, opacity: .fillExtrusionOpacity, p, zoom: frame.styleZoom,
                    default: RGBA(0.5, 0.5, 0.5))
            else {
                return nil
            }
            let height = layer.number(.fillExtrusionHeight, p, zoom: frame.styleZoom, default: 0)
            var item = Extrusion.Item(tile: f.tile, extent: f.extent, feature: f.feature, height: height, color: c)
            item.base = layer.number(.fillExtrusionBase, p, zoom: frame.styleZoom, default: 0)
            return item
        }
        var light = ExtrusionLight(frame.light, bearing: frame.viewport.camera.bearing)
        light.verticalGradient =
            layer.resolved(.fillExtrusionVerticalGradient, zoom: frame.styleZoom)([:]) != .bool(false)
        var extrusion = Extrusion(ground: frame.ground, light: light)
        extrusion.shift = frame.translation(layer, .fillExtrusionTranslate, anchor: .fillExtrusionTranslateAnchor)
        if frame.standsBuildings {
            extrusion.draw(items, on: frame.canvas)
        } else {
            extrusion.drawFlat(items, on: frame.canvas)
        }
    }
}
