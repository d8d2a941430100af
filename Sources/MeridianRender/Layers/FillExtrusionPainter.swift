import MeridianStyle

/// Fill-extrusion layers: buildings standing from `fill-extrusion-base` to `fill-extrusion-height`
/// metres as prisms when
/// the frame stands them (``FrameContext/standsBuildings``), drawn flat with outlines otherwise
/// (``Extrusion``), in `fill-extrusion-color` at `fill-extrusion-opacity`, moved on the ground by
/// `fill-extrusion-translate` (along the map's axes, or the screen's with its `viewport` anchor),
/// lit by the style's `light` with `fill-extrusion-vertical-gradient` (``ExtrusionLight``), their
/// footprints' corners rounded by `fill-extrusion-rounded-corner-distance` (``RoundedCorners``).
///
/// The colour's own alpha darkens it (MapLibre reads it premultiplied, as opaque);
/// `fill-extrusion-opacity` fades the layer as a whole, as MapLibre draws the prisms with depth
/// testing and then lays them on the map at that opacity: the nearest face hides what is behind
/// it, even when the layer is translucent (``Canvas/group(opacity:_:)``).
///
/// With `fill-extrusion-pattern` the faces are filled with the sprite image instead of the colour
/// (``Extrusion/patternFaces(_:)``; flat, the roofs alone, without outlines); a feature whose image
/// no sprite has draws nothing, and the image is reported missing.
struct FillExtrusionPainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let zoom = frame.styleZoom
        let pattern = layer.resolved(.fillExtrusionPattern, zoom: zoom)
        let opacity = layer.number(.fillExtrusionOpacity, [:], zoom: zoom)
        var made: [String: FillPattern?] = [:]
        var missing: Set<String> = []
        defer { frame.missingImages.names.formUnion(missing) }
        func image(_ name: String) -> FillPattern? {
            if let known = made[name] { return known }
            let p = frame.images.image(name, scale: frame.canvas.scale).flatMap {
                FillPattern($0, viewport: frame.viewport, opacity: 1)
            }
            if p == nil { missing.insert(name) }
            made[name] = .some(p)
            return p
        }
        let items = frame.features(layer, tiles, .polygon).compactMap { f -> Extrusion.Item? in
            let p = f.properties
            guard
                let styled = layer.color(.fillExtrusionColor, p, zoom: zoom)
            else {
                return nil
            }
            // MapLibre's fill_extrusion shader takes the colour premultiplied and opaque: its
            // alpha darkens it instead of letting the map through.
            let c = RGBA(styled.r * styled.a, styled.g * styled.a, styled.b * styled.a, 1)
            let height = layer.number(.fillExtrusionHeight, p, zoom: zoom)
            var item = Extrusion.Item(tile: f.tile, extent: f.extent, feature: f.feature, height: height, color: c)
            item.base = layer.number(.fillExtrusionBase, p, zoom: zoom)
            if pattern.expression != nil {
                guard let name = StyleImages.name(pattern(p)), let fill = image(name) else { return nil }
                item.pattern = fill
            }
            return item
        }
        var light = ExtrusionLight(frame.light, bearing: frame.viewport.camera.bearing)
        light.verticalGradient = layer.resolved(.fillExtrusionVerticalGradient, zoom: zoom)([:]) != .bool(false)
        var extrusion = Extrusion(ground: frame.ground, light: light)
        extrusion.shift = frame.translation(
            layer, .fillExtrusionTranslate, anchor: StyleProperty.FillExtrusionTranslateAnchor.self)
        extrusion.cornerDistance = layer.number(.fillExtrusionRoundedCornerDistance, [:], zoom: zoom)
        frame.canvas.group(opacity: opacity) {
            switch (pattern.expression != nil, frame.standsBuildings) {
            case (true, true): frame.canvas.patternFills(extrusion.patternFaces(items))
            case (true, false): frame.canvas.patternFills(extrusion.patternRoofs(items))
            case (false, true): extrusion.draw(items, on: frame.canvas)
            case (false, false): extrusion.drawFlat(items, on: frame.canvas)
            }
        }
    }
}
