extension Style {
    /// The style's root `light`: how fill-extrusion prisms are lit, as the specification defines
    /// it (MapLibre's defaults where the style says nothing).
    public struct Light: Hashable, Sendable {
        /// Whether the light turns with the map (`map`: its azimuth is from north) or stays with
        /// the screen (`viewport`, the default: its azimuth is from the screen's top).
        public enum Anchor: String, Hashable, Sendable { case map, viewport }

        public var anchor = Anchor.viewport
        /// `position`: distance (≥ 0; only its direction matters to the shading, its length scales
        /// it), azimuth in degrees clockwise, polar angle in degrees from straight above (0…180).
        public var radial = 1.15, azimuth = 210.0, polar = 30.0
        /// `color`: tints the lit faces, components 0…1 (white by default).
        public var color = StyleColor(r: 1, g: 1, b: 1)
        /// `intensity`, 0…1: how much the faces' brightness differs with the way they face.
        public var intensity = 0.5

        public init() {}
    }

    /// The root's `light` read whole: each member that is present and valid replaces the default;
    /// a member that is not (a wrong type, out of its range, an expression) is a warning and keeps
    /// its default; members the specification does not have are warnings too.
    static func light(_ value: StyleValue?, warnings: inout [StyleWarning]) -> Light {
        var light = Light()
        guard let value else { return light }
        guard case let .object(members) = value else {
            warnings.append(StyleWarning(property: "light", "must be an object; the default light is used"))
            return light
        }
        func warn(_ key: String, _ rule: String) {
            warnings.append(StyleWarning(property: "light.\(key)", "\(rule); the default is used"))
        }
        for (key, v) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "anchor":
                guard let anchor = v.string.flatMap(Light.Anchor.init(rawValue:)) else {
                    warn(key, "must be \"map\" or \"viewport\"")
                    continue
                }
                light.anchor = anchor
            case "position":
                guard case let .array(items) = v, items.count == 3, let r = items[0].number, let a = items[1].number,
                    let p = items[2].number, r >= 0, r <= 1e6, a.isFinite, abs(a) <= 1e6, (0...180).contains(p)
                else {
                    warn(key, "must be [radial ≥ 0, azimuth degrees, polar degrees 0…180]")
                    continue
                }
                (light.radial, light.azimuth, light.polar) = (r, a, p)
            case "color":
                guard let text = v.string, let c = StyleColor(css: text) else {
                    warn(key, "must be a colour")
                    continue
                }
                light.color = c
            case "intensity":
                guard let n = v.number, (0...1).contains(n) else {
                    warn(key, "must be a number in [0, 1]")
                    continue
                }
                light.intensity = n
            default:
                warnings.append(StyleWarning(property: "light.\(key)", "is not a light property; ignored"))
            }
        }
        return light
    }
}
