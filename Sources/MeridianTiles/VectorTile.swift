/// A decoded Mapbox Vector Tile (spec 2.1): named layers of features with properties and
/// geometry in tile coordinates (0...extent across the tile; y down; buffers may go beyond).
public struct VectorTile: Hashable, Sendable {
    public var layers: [Layer]

    public init(layers: [Layer]) { self.layers = layers }

    /// The layer with this name, if any.
    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }

    public struct Layer: Hashable, Sendable {
        public var name: String
        public var version: Int
        /// Tile coordinates across the tile (4096 by default).
        public var extent: Int
        public var features: [Feature]
        /// Features left out because their tags or geometry were malformed, one error each (in
        /// tile order); empty for a well-formed layer.
        public var rejected: [TileError]

        public init(name: String, version: Int = 2, extent: Int = 4096, features: [Feature], rejected: [TileError] = [])
        {
            (self.name, self.version, self.extent, self.features, self.rejected) = (
                name, version, extent, features, rejected
            )
        }
    }

    public enum GeometryType: Int, Hashable, Sendable {
        case unknown = 0, point, lineString, polygon
    }

    public struct Point: Hashable, Sendable {
        public var x: Int32, y: Int32
        public init(x: Int32, y: Int32) { (self.x, self.y) = (x, y) }
    }

    public struct Feature: Hashable, Sendable {
        public var id: UInt64?
        public var type: GeometryType
        public var properties: [String: Value]
        /// Points: one part per point; lines: one part per line; polygons: one part per ring
        /// (outer rings positive area, holes negative, in the spec's y-down sense), closed
        /// implicitly (the first point is not repeated).
        public var geometry: [[Point]]

        public init(id: UInt64? = nil, type: GeometryType, properties: [String: Value] = [:], geometry: [[Point]]) {
            (self.id, self.type, self.properties, self.geometry) = (id, type, properties, geometry)
        }
    }

    /// A property value, with the spec's seven types.
    public enum Value: Hashable, Sendable {
        case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool)

        /// Numbers as Double (nil for strings and booleans).
        public var number: Double? {
            switch self {
            case let .float(v): return Double(v)
            case let .double(v): return v
            case let .int(v), let .sint(v): return Double(v)
            case let .uint(v): return Double(v)
            case .string, .bool: return nil
            }
        }
    }
}
