import MeridianTiles

/// What the style and TileJSON say of one served vector source: its zooms and credit, and over
/// its regions the union of their bounds, the centre of the most detailed, and the vector
/// layers any of them declares.
public struct VectorSourceInfo: Sendable, Hashable {
    public private(set) var zoomRange: ClosedRange<Int>
    public let attribution: String
    public private(set) var bounds: [Double]? = nil
    public private(set) var center: [Double]? = nil
    public private(set) var layers: [String] = []
    /// The geometry of each layer every region declares alike.
    public private(set) var geometry: [String: String] = [:]
    /// Each layer's attributes as its regions declare them (name → `Number`, `String`,
    /// `Boolean`); an attribute two regions type differently is a `String`.
    public private(set) var fields: [String: [String: String]] = [:]

    public init(zoomRange: ClosedRange<Int>, attribution: String, tilesets: [TilesetInfo] = []) {
        (self.zoomRange, self.attribution) = (zoomRange, attribution)
        for info in tilesets {
            if let b = info.bounds {
                bounds =
                    bounds.map {
                        [min($0[0], b.west), min($0[1], b.south), max($0[2], b.east), max($0[3], b.north)]
                    } ?? [b.west, b.south, b.east, b.north]
            }
            layers += info.vectorLayers.filter { !layers.contains($0) }
        }
        for layer in layers {
            let declared = Set(tilesets.filter { $0.vectorLayers.contains(layer) }.map { $0.layerGeometry[layer] })
            if declared.count == 1, let only = declared.first, let only { geometry[layer] = only }
            for (name, type) in tilesets.compactMap({ $0.layerFields[layer] }).joined() {
                fields[layer, default: [:]][name] =
                    fields[layer]?[name].map { $0 == type ? type : "String" } ?? type
            }
        }
        let detailed = tilesets.filter { $0.center != nil }.max {
            ($0.zoomRange?.upperBound ?? 0) < ($1.zoomRange?.upperBound ?? 0)
        }
        center = detailed?.center.map { [$0.longitude, $0.latitude, $0.zoom] }
    }

    /// The same source in MapLibre's 512-pixel tiles (`TileQuad`): every zoom, the
    /// centre's too, lowered by one (never below 0).
    public var in512PixelTiles: VectorSourceInfo {
        var lowered = self
        lowered.zoomRange = max(0, zoomRange.lowerBound - 1)...max(0, zoomRange.upperBound - 1)
        lowered.center = center.map { [$0[0], $0[1], max(0, $0[2] - 1)] }
        return lowered
    }
}
