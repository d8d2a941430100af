import MeridianGeometry

/// Identifies an overlay on one map.
public struct OverlayID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: OverlayID, b: OverlayID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "overlay#\(rawValue)" }
}

/// An RGBA colour, components in [0, 1].
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    public static let red = Color(red: 0.92, green: 0.26, blue: 0.21)
    public static let blue = Color(red: 0.10, green: 0.45, blue: 0.91)
}

/// A pin at a coordinate. `anchor` is the point of the icon (fractions of its size, (0.5, 1) =
/// bottom centre) placed on the coordinate, and the icon turns about it by `rotation` degrees
/// clockwise. Upright (the default), the icon faces the viewer at its size in points and turns
/// from screen-up. `flat`, it lies on the ground: it turns from north, so it turns with the
/// map's bearing, and it tilts (foreshortened by perspective) with the map, at its size in
/// points at the camera's zoom (as the SDK's flat markers). ``MarkerShape`` gives the drawn
/// outline both the renderer and hit testing use.
public struct Marker: Hashable, Sendable {
    public var position: Coordinate
    public var title: String?
    public var iconColor = Color.red
    public var iconSize = ScreenSize(width: 22, height: 36)
    public var anchor = ScreenPoint(x: 0.5, y: 1)
    public var rotation = 0.0
    public var flat = false
    public var zIndex = 0

    public init(position: Coordinate, title: String? = nil) {
        self.position = position
        self.title = title
    }
}

/// A line through coordinates; `width` in points; geodesic segments follow great circles.
public struct Polyline: Hashable, Sendable {
    public var path: [Coordinate]
    public var width = 2.0
    public var color = Color.blue
    public var geodesic = false
    public var zIndex = 0

    public init(path: [Coordinate]) { self.path = path }
}

/// A filled area: an outer ring and holes (each closed implicitly).
public struct Polygon: Hashable, Sendable {
    public var outer: [Coordinate]
    public var holes: [[Coordinate]] = []
    public var fillColor = Color(red: 0.10, green: 0.45, blue: 0.91, alpha: 0.3)
    public var strokeColor = Color.blue
    public var strokeWidth = 1.0
    public var zIndex = 0

    public init(outer: [Coordinate], holes: [[Coordinate]] = []) {
        self.outer = outer
        self.holes = holes
    }
}

/// A circle on the ground: a centre and a radius in metres (great-circle distance).
public struct Circle: Hashable, Sendable {
    public var center: Coordinate
    public var radius: Double
    public var fillColor = Color(red: 0.92, green: 0.26, blue: 0.21, alpha: 0.3)
    public var strokeColor = Color.red
    public var strokeWidth = 1.0
    public var zIndex = 0

    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

/// Any overlay a map holds. Overlays live in coordinates: no camera change ever modifies them.
public enum Overlay: Hashable, Sendable {
    case marker(Marker)
    case polyline(Polyline)
    case polygon(Polygon)
    case circle(Circle)

    /// Drawing layer: markers (1) always above shapes (0), as in the SDK; z-index orders
    /// overlays within a layer.
    public var layer: Int {
        if case .marker = self { return 1 }
        return 0
    }

    public var zIndex: Int {
        switch self {
        case let .marker(m): return m.zIndex
        case let .polyline(l): return l.zIndex
        case let .polygon(p): return p.zIndex
        case let .circle(c): return c.zIndex
        }
    }

    /// Every number finite and every latitude within ±90°, radius and widths non-negative.
    public var isValid: Bool {
        func ok(_ c: Coordinate) -> Bool { c.isValid || (c.isFinite && abs(c.latitude) <= 90) }
        switch self {
        case let .marker(m): return ok(m.position) && m.rotation.isFinite && m.anchor.isFinite
        case let .polyline(l): return l.path.allSatisfy(ok) && l.width.isFinite && l.width >= 0
        case let .polygon(p): return (p.outer + p.holes.joined()).allSatisfy(ok) && p.strokeWidth.isFinite
        case let .circle(c): return ok(c.center) && c.radius.isFinite && c.radius >= 0 && c.strokeWidth.isFinite
        }
    }
}
