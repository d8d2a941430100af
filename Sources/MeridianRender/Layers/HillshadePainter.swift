import MeridianStyle

/// Hillshade layers: the slopes of their `raster-dem` source's tiles (``HillshadeSlopes``) shaded
/// by the layer's light (``Hillshade``: every `hillshade-*` paint property, each
/// `hillshade-method`), drawn on the ground through the camera like raster tiles, `resampling`
/// `nearest` keeping magnified pixels square. A tile past its source's last zoom is magnified with
/// its own slopes, as MapLibre draws it.
struct HillshadePainter: LayerPainter {
    func paint(
        _ layer: Style.Layer, order: Int, in frame: FrameContext, tiles: FrameTiles, labels: inout LabelCandidates
    ) {
        let light = Hillshade(layer, zoom: frame.styleZoom, bearing: frame.viewport.camera.bearing)
        let nearest = layer.keyword(StyleProperty.Resampling.self, zoom: frame.styleZoom) == .nearest
        let shaded = (tiles.dem[layer.source ?? ""] ?? []).compactMap { tile in
            frame.relief(ReliefKey(layer.id, tile, look: light)) {
                try? HillshadeSlopes.image(tile, zoom: tile.id.z, light: light)
            }.map { RasterTile(id: tile.id, image: $0) }
        }
        RasterPainter.draw(shaded, opacity: 1, nearest: nearest, in: frame)
    }
}
