import MeridianTiles

/// Meridian's built-in street paint for the default data's layers (buildings, roads, rail,
/// landuse, water): a modern light basemap. A stand-in until style documents (MapLibre style
/// subset) arrive; widths are in points at zoom 16 and scale with zoom and perspective.
public struct StreetStyle: Sendable {
    public var land = RGBA(hex: 0xF2EFE9)
    public var sky = RGBA(hex: 0xDCE9F5)
    public var water = RGBA(hex: 0xA8CDE8)
    public var park = RGBA(hex: 0xC8E6B0)
    public var landuse = RGBA(hex: 0xEDE9E3)
    public var building = RGBA(hex: 0xD6CCC3)
    public var buildingOutline = RGBA(hex: 0xBFB2A6)
    public var buildingWall = RGBA(hex: 0xC4B8AD)
    /// Buildings stand up as prisms from this zoom when the camera is tilted.
    public var extrusionMinZoom = 15.0
    public var roadCasing = RGBA(hex: 0xC9C1B8)
    public var road = RGBA(hex: 0xFFFFFF)
    public var majorRoad = RGBA(hex: 0xFCE7B5)
    public var path = RGBA(hex: 0xB7AFA6)
    public var rail = RGBA(hex: 0xA3A3A3)
    public var text = RGBA(hex: 0x333333)
    public var border = RGBA(hex: 0x9C8AA8)

    public init() {}

    /// The default style.
    public static let standard = StreetStyle()

    /// Whether a landuse feature reads as green space.
    func isGreen(_ f: VectorTile.Feature) -> Bool {
        let green: Set<String> = ["park", "grass", "garden", "wood", "scrub", "grassland", "heath", "meadow", "village_green",
                                  "playground", "pitch", "recreation_ground", "cemetery", "forest"]
        return ["leisure", "landuse", "natural"].contains { key in
            if case let .string(v)? = f.properties[key] { return green.contains(v) }
            return false
        }
    }

    /// Rail line width in points at zoom 16: trams thinner than trains.
    func railWidth(_ f: VectorTile.Feature) -> Double {
        if case .string("tram")? = f.properties["railway"] { return 0.9 }
        return 1.4
    }

    /// Road line width in points at zoom 16, its colour and whether it is a path.
    func road(_ f: VectorTile.Feature) -> (width: Double, color: RGBA, casing: Bool)? {
        guard case let .string(kind)? = f.properties["highway"] else { return nil }
        switch kind {
        case "motorway", "trunk", "primary": return (11, majorRoad, true)
        case "secondary": return (9, majorRoad, true)
        case "tertiary": return (8, road, true)
        case "residential", "unclassified", "living_street", "pedestrian": return (6.5, road, true)
        case "service": return (3.5, road, true)
        case "footway", "path", "cycleway", "steps", "track", "bridleway", "corridor": return (1.4, path, false)
        default: return (2.5, road, true)
        }
    }
}
