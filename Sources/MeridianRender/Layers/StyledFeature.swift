import MeridianCamera
import MeridianStyle
import MeridianTiles

/// A feature of a layer's source layer that passed the layer's filter: its tile, the tile's
/// extent (units across), the feature, and its properties as style values.
struct StyledFeature {
    let tile: TileID
    let extent: Int
    let feature: VectorTile.Feature
    let properties: [String: StyleValue]
    /// The feature's index in its tile's layer (the order the data gives, which MapLibre places by).
    var index = 0
}

extension FrameContext {
    /// The features of a layer's source layer that pass its filter (of one geometry type when
    /// `type` is given), tile by tile: per tile, the filtered features are kept in the
    /// ``RenderCache`` (``FilteredFeatures``), so a frame neither converts properties nor evaluates
    /// the filter again for a tile it has seen at this whole zoom.
    ///
    /// Symbol layers read ``FrameTiles/labels``, the others ``FrameTiles/vector``.
    func features(_ layer: Style.Layer, _ tiles: FrameTiles, _ type: VectorTile.GeometryType? = nil) -> [StyledFeature]
    {
        guard let source = layer.source else { return [] }
        let sourceLayer = layer.sourceLayer ?? ""  // a GeoJSON source's one layer is ""
        let shape = PreparedLayer.Shape(layer)
        let id = cache?.shapeID(shape) ?? 0
        var out: [StyledFeature] = []
        for tile in (layer.kind == .symbol ? tiles.labels : tiles.vector)[source] ?? [] {
            guard let l = tile.tile.layer(named: sourceLayer) else { continue }
            let key = PreparedLayer.Key(
                shape, id: id, tileset: tile.tileset, tile: WorldCopies.wrapped(tile.id), zoom: zoom, tilted: false)
            let kept = cache?.filtered(key, shape, layer: l) ?? FilteredFeatures(shape, key: key, layer: l)
            for (i, p) in zip(kept.indices, kept.properties) where type == nil || l.features[Int(i)].type == type {
                out.append(
                    StyledFeature(
                        tile: tile.id, extent: l.extent, feature: l.features[Int(i)], properties: p, index: Int(i)))
            }
        }
        return out
    }
}

extension StyledFeature {
    /// Every vertex of the feature within its tile's own square (a point's; every vertex of a
    /// line, and of a polygon's rings), as MapLibre's circle and heatmap buckets take them; a
    /// vertex in the tile's buffer belongs to the tile beside, which draws it.
    ///
    /// A polygon's ring counts its first vertex twice, as MapLibre reads rings closed (the vector
    /// tile's close-path command repeats it, and geojson-vt keeps GeoJSON's closing position):
    /// a heatmap is hotter there, a translucent circle darker.
    var ownVertices: [VectorTile.Point] {
        var out: [VectorTile.Point] = []
        for part in feature.geometry {
            out += part
            if feature.type == .polygon, let first = part.first, part.count > 1, part.last != first {
                out.append(first)
            }
        }
        return out.filter { $0.x >= 0 && $0.y >= 0 && $0.x < extent && $0.y < extent }
    }

    /// The lines `symbol-placement: line` follows in the feature: a line's parts, or a polygon's
    /// rings closed (their first vertex again at the end), as MapLibre anchors each; none for points.
    var placementLines: [[VectorTile.Point]] {
        switch feature.type {
        case .lineString: return feature.geometry
        case .polygon:
            return feature.geometry.map { ring in
                guard let first = ring.first, ring.count > 1, ring.last != first else { return ring }
                return ring + [first]
            }
        default: return []
        }
    }

    /// Whether `symbol-placement: line` follows the feature (a line or a polygon).
    var followsLines: Bool { feature.type == .lineString || feature.type == .polygon }
}
