/// The SDK's map types, each drawn by one of the shipped styles. Parsed once at the edge (a
/// request parameter, a viewer message, a CLI option) and typed from then on.
public enum MapType: String, CaseIterable, Hashable, Sendable, Codable {
    /// Streets, buildings, water and names (`DefaultStyles.streets`).
    case normal
    /// NASA Blue Marble imagery alone, as the SDK's satellite type has no labels.
    case satellite
    /// Imagery with borders, roads and white labels.
    case hybrid
    /// Shaded relief with water, borders, roads and labels.
    case terrain
    /// Background only.
    case none

    /// The map type a request names: a case's name, or `roadmap` (the static-map APIs' name
    /// for `normal`); nil for anything else.
    public init?(named name: String) {
        if name == "roadmap" {
            self = .normal
        } else if let type = MapType(rawValue: name) {
            self = type
        } else {
            return nil
        }
    }

    /// The names ``init(named:)`` accepts, for error messages.
    public static let accepted = "roadmap, normal, satellite, hybrid, terrain or none"

    /// The shipped style document that draws this type.
    public var document: String {
        switch self {
        case .normal: DefaultStyles.streets
        case .satellite: DefaultStyles.satellite
        case .hybrid: DefaultStyles.hybrid
        case .terrain: DefaultStyles.terrain
        case .none: DefaultStyles.none
        }
    }
}
