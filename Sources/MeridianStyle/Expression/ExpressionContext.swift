/// What an expression is evaluated for: the feature (its properties, geometry type, id and
/// state) and the globals (zoom, heatmap density, line progress, accumulated, elevation).
public struct ExpressionContext: Sendable {
    /// Zoom in the style's convention (MapLibre's); 0 when not given.
    public var zoom: Double
    public var heatmapDensity: Double?
    public var lineProgress: Double?
    /// A cluster property's value so far (`accumulated`: any value, as MapLibre's; null unset).
    public var accumulated: StyleValue?
    public var elevation: Double?
    public var properties: [String: StyleValue]
    /// `Point`, `LineString` or `Polygon` (or their `Multi` forms), or nil.
    public var geometryType: String?
    public var id: StyleValue?
    public var featureState: [String: StyleValue]
    /// The style's global state (`global-state`).
    public var globalState: [String: StyleValue] = [:]
    /// The sprite's image names (`image` says whether its image is among them).
    public var availableImages: Set<String> = []
    /// The feature's geometry, longitude and latitude in degrees: its parts (a line, a ring, or
    /// the positions of a point feature), for `within`.
    public var coordinates: [[(longitude: Double, latitude: Double)]] = []
    /// The tile the feature is read in (`within` compares in its integer coordinates, as MapLibre).
    public var tile: (z: Int, x: Int, y: Int)?

    public init(
        zoom: Double = 0, heatmapDensity: Double? = nil, lineProgress: Double? = nil, accumulated: StyleValue? = nil,
        elevation: Double? = nil, properties: [String: StyleValue] = [:], geometryType: String? = nil,
        id: StyleValue? = nil, featureState: [String: StyleValue] = [:]
    ) {
        (self.zoom, self.heatmapDensity, self.lineProgress) = (zoom, heatmapDensity, lineProgress)
        (self.accumulated, self.elevation, self.properties) = (accumulated, elevation, properties)
        (self.geometryType, self.id, self.featureState) = (geometryType, id, featureState)
    }
}

/// An expression that could not be evaluated for a feature (a type assertion that failed, an
/// index out of bounds, a value that does not convert): MapLibre then draws the property's
/// default.
public struct ExpressionRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
    init(_ message: String) { self.message = message }
}
