import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// One fill or line layer's share of one tile, made once and drawn by every frame that shows
/// the tile at the same whole zoom: the features that pass the layer's filter, grouped into
/// look classes, and their geometry as normalised world points in one buffer with part and
/// feature offsets (no array per feature or part).
///
/// - **Look classes.** Features whose properties agree on every name the layer's paint and
///   layout values read (`StyleExpression/featureKeys`; all of them for a value that reads
///   `properties`) get the same look at every zoom, so a
///   frame evaluates each class once (at its own fractional zoom), not each feature.
/// - **Geometry.** Points of the tile's own world copy (a frame adds whole worlds); polygon
///   rings of fill layers are thinned (``RingThinning``) at ``GroundGeometry/ringStep`` points at
///   the next whole zoom (a quarter of it for tilted views), in tile units, so every view of the
///   same ground at the same whole zoom keeps the same vertices;
///   rings of line layers are kept whole and closed by repeating their first point.
/// - **Filters** are evaluated at the key's zoom: the whole zoom, or the exact zoom for a
///   filter that reads `zoom`.
///
/// Immutable once made; its ``cost`` (bytes) bounds the ``RenderCache``'s prepared layers.
final class PreparedLayer: @unchecked Sendable {
    /// What of a style layer a prepared layer depends on: two layers (of any styles) with the same
    /// shape prepare the same data.
    ///
    /// Interned to a number by the ``RenderCache`` once per layer and frame (hashing a filter's
    /// tree per tile would cost more than the lookup it saves).
    struct Shape: Hashable {
        let sourceLayer: String
        let kind: Style.Layer.Kind
        let filter: StyleExpression?
        /// The property names the layer's values read.
        let keys: [String]
        /// Whether the filter reads `zoom` (then it is evaluated at the exact zoom).
        let filterReadsZoom: Bool
        /// Whether a value reads properties not named ahead (`StyleExpression/readsAnyProperty`):
        /// then every feature's look class is all its properties.
        let readsAll: Bool
        /// The pseudo-properties (geometry type, id) the filter or the values read, and the
        /// geometry when the values read it (a filter is given the geometry itself).
        var pseudoKeys: Set<String> {
            Set(keys + (filter?.featureKeys ?? [])).intersection([
                StyleExpression.geometryTypeKey, StyleExpression.idKey,
            ])
            .union(keys.contains(StyleExpression.geometryKey) ? [StyleExpression.geometryKey] : [])
        }

        init(_ layer: Style.Layer) {
            var keys = Set<String>()
            var readsAll = false
            for e in Array(layer.paint.values) + Array(layer.layout.values) {
                keys.formUnion(e.featureKeys)
                readsAll = readsAll || e.readsAnyProperty
            }
            self.readsAll = readsAll
            (sourceLayer, kind, filter, self.keys) = (layer.sourceLayer ?? "", layer.kind, layer.filter, keys.sorted())
            filterReadsZoom = layer.filter?.readsZoom == true
        }
    }

    /// What a prepared layer is made for: a tile of a tileset, a layer's interned ``Shape``, the
    /// camera's whole zoom (ring steps), the style zoom filters are evaluated at (that of the
    /// whole zoom, or of the exact zoom for a filter that reads `zoom`) and whether the view is tilted.
    struct Key: Hashable {
        let tileset: String, tile: TileID, shape: Int
        let zoom: Int, filterZoom: Double
        let tilted: Bool

        init(_ shape: Shape, id: Int, tileset: String, tile: TileID, zoom: Double, tilted: Bool) {
            let whole = Int(zoom.rounded(.down))
            (self.tileset, self.tile, self.shape, self.zoom, self.tilted) = (tileset, tile, id, whole, tilted)
            filterZoom = Style.zoom(forCameraZoom: shape.filterReadsZoom ? zoom : Double(whole))
        }
    }

    /// One representative's properties per look class (only ``Shape/keys``).
    let classes: [[String: StyleValue]]
    /// Per feature: its look class, and the end (exclusive) of its parts in ``partEnds``.
    let featureClass: [Int32], featureEnds: [Int32]
    /// Per feature: whether its parts are rings (polygons), which are clipped as rings under tilt.
    let featureIsRing: [Bool]
    /// Per part: the end (exclusive) of its points in ``points``.
    let partEnds: [Int32]
    /// Normalised world points of the tile's own world copy.
    let points: [MercatorPoint]

    /// Bytes held (for the cache's bound).
    var cost: Int { points.count * 16 + partEnds.count * 4 + featureClass.count * 9 + classes.count * 64 + 256 }

    /// Prepares `layer` (a fill or line layer) of a decoded tile for `key`; the features of the
    /// tile's layer named by the style layer's `source-layer`, of the geometry types the layer
    /// draws (fills: polygons; lines: lines and polygons).
    init(_ key: Key, _ shape: Shape, tile: VectorTile) {
        var classes: [[String: StyleValue]] = []
        var classIndex: [[StyleValue?]: Int32] = [:]
        var featureClass: [Int32] = []
        var featureEnds: [Int32] = []
        var featureIsRing: [Bool] = []
        var partEnds: [Int32] = []
        var points: [MercatorPoint] = []
        let filterKeys = shape.filter?.featureKeys ?? []
        if let layer = tile.layer(named: shape.sourceLayer) {
            let n = Double(1 << key.tile.z)
            let e = Double(layer.extent)
            let tx = Double(key.tile.x)
            let ty = Double(key.tile.y)
            // Ring steps in tile units at the next whole zoom (fills only).
            let unitsPerPoint = e / (256 * Foundation.pow(2, Double(key.zoom + 1 - key.tile.z)))
            let step = GroundGeometry.ringStep * unitsPerPoint * (key.tilted ? 0.25 : 1)
            for f in layer.features {
                let isRing = f.type == .polygon
                guard isRing || (shape.kind == .line && f.type == .lineString) else { continue }
                if let filter = shape.filter {
                    var p: [String: StyleValue] = [:]
                    if filter.readsAnyProperty {
                        p = f.styleProperties(reading: shape.pseudoKeys, tile: key.tile, extent: Int(layer.extent))
                    } else {
                        for k in filterKeys { if let v = f.styleValue(forKey: k) { p[k] = v } }
                    }
                    let geometry = filter.readsGeometry ? f.geometry(in: key.tile, extent: layer.extent) : nil
                    guard filter.evaluate(p, zoom: key.filterZoom, geometry: geometry).isTrue else { continue }
                }
                let all =
                    shape.readsAll
                    ? f.styleProperties(reading: shape.pseudoKeys, tile: key.tile, extent: Int(layer.extent)) : nil
                let values =
                    all.map { p in p.keys.sorted().flatMap { [StyleValue.string($0), p[$0]] } }
                    ?? shape.keys.map { k in
                        k == StyleExpression.geometryKey
                            ? StyleExpression.geometryValue(f.geometry(in: key.tile, extent: Int(layer.extent)))
                            : f.styleValue(forKey: k)
                    }
                let look: Int32
                if let known = classIndex[values] {
                    look = known
                } else {
                    look = Int32(classes.count)
                    classIndex[values] = look
                    var p: [String: StyleValue] = all ?? [:]
                    if all == nil { for (k, v) in zip(shape.keys, values) { if let v { p[k] = v } } }
                    classes.append(p)
                }
                // A flat view's fills cut a few points beyond the tile's square (``clipped(_:extent:margin:)``).
                let geometry =
                    shape.kind == .fill && !key.tilted
                    ? Self.clipped(f.geometry, extent: layer.extent, margin: 4 * unitsPerPoint) : f.geometry
                guard !geometry.isEmpty else { continue }
                for part in geometry {
                    let kept = shape.kind == .fill && isRing ? RingThinning.thinned(part, step: step) : part
                    guard !kept.isEmpty else { continue }
                    for q in kept {
                        points.append(MercatorPoint(x: (tx + Double(q.x) / e) / n, y: (ty + Double(q.y) / e) / n))
                    }
                    if shape.kind == .line && isRing { points.append(points[points.count - kept.count]) }
                    partEnds.append(Int32(points.count))
                }
                featureClass.append(look)
                featureEnds.append(Int32(partEnds.count))
                featureIsRing.append(isRing)
            }
        }
        (self.classes, self.featureClass, self.featureEnds, self.featureIsRing) = (
            classes, featureClass, featureEnds, featureIsRing
        )
        (self.partEnds, self.points) = (partEnds, points)
    }

}

/// The features of one tile's source layer that pass a style layer's filter, with their
/// properties as style values: what symbol, circle and fill-extrusion layers read each frame,
/// made once per tile, layer and whole zoom (the filter's zoom as for ``PreparedLayer``).
final class FilteredFeatures: @unchecked Sendable {
    /// Indices into the tile layer's features, in order.
    let indices: [Int32]
    /// Each kept feature's properties.
    let properties: [[String: StyleValue]]

    /// Bytes held, roughly (for the cache's bound): 48 a property, 64 a feature.
    let cost: Int

    init(_ shape: PreparedLayer.Shape, key: PreparedLayer.Key, layer: VectorTile.Layer) {
        var indices: [Int32] = []
        var properties: [[String: StyleValue]] = []
        var cost = 256
        let pseudo = shape.pseudoKeys
        for (i, f) in layer.features.enumerated() {
            let p = f.styleProperties(reading: pseudo, tile: key.tile, extent: Int(layer.extent))
            if let filter = shape.filter {
                let geometry = filter.readsGeometry ? f.geometry(in: key.tile, extent: Int(layer.extent)) : nil
                guard filter.evaluate(p, zoom: key.filterZoom, geometry: geometry).isTrue else { continue }
            }
            indices.append(Int32(i))
            properties.append(p)
            cost += 64 + 48 * p.count
        }
        (self.indices, self.properties, self.cost) = (indices, properties, cost)
    }
}
