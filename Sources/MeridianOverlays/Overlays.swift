import MeridianGeometry

/// Identifies an overlay on one map.
public struct OverlayID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id's number. A map numbers its overlays from 1 in the order they are added and never
    /// reuses a number.
    public let rawValue: Int
    /// Creates an id from its number (a map makes its own ids when overlays are added).
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Orders ids by number, so by the order their overlays were added to a map.
    public static func < (a: OverlayID, b: OverlayID) -> Bool { a.rawValue < b.rawValue }
    /// The id as `overlay#N`.
    public var description: String { "overlay#\(rawValue)" }
}

/// An RGBA colour, components in [0, 1].
public struct Color: Hashable, Sendable {
    /// The red, green and blue components and the opacity (alpha: 0 transparent, 1 opaque),
    /// each in [0, 1]; not checked here (the renderer clamps).
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// Creates a colour from components in [0, 1] (opaque unless `alpha` says otherwise), kept as given.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    /// The default marker red, (0.92, 0.26, 0.21), opaque.
    public static let red = Color(red: 0.92, green: 0.26, blue: 0.21)
    /// The default line and outline blue, (0.10, 0.45, 0.91), opaque.
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
    /// Where the anchor is placed: finite, latitude within ±90° (``Overlay/isValid``); any
    /// longitude (it wraps).
    public var position: Coordinate
    /// Optional text naming the marker (the SDK's `title`).
    public var title: String?
    /// The pin's fill colour (default ``Color/red-swift.type.property``).
    public var iconColor = Color.red
    /// The icon's width and height in points (default 22 × 36): screen points upright, points at
    /// the camera's zoom when ``flat``. A non-finite size is not drawn (``MarkerShape`` is nil).
    public var iconSize = ScreenSize(width: 22, height: 36)
    /// The point of the icon placed on ``position``, in fractions of ``iconSize`` from its
    /// top-left (x right, y down; default (0.5, 1), the bottom centre). Must be finite.
    public var anchor = ScreenPoint(x: 0.5, y: 1)
    /// Degrees clockwise the icon turns about its anchor: from screen-up when upright, from
    /// north when ``flat``. Must be finite.
    public var rotation = 0.0
    /// Whether the icon lies on the ground, turning and tilting with the map, instead of facing
    /// the viewer (default false).
    public var flat = false
    /// Order among markers: higher draws above (ties in the order added). Markers always draw
    /// above shapes.
    public var zIndex = 0

    /// Creates a marker at `position` with an optional title and the default look.
    public init(position: Coordinate, title: String? = nil) {
        self.position = position
        self.title = title
    }
}

/// A line through coordinates; `width` in points; geodesic segments follow great circles.
public struct Polyline: Hashable, Sendable {
    /// The coordinates the line runs through, in order: each finite with latitude within ±90°.
    public var path: [Coordinate]
    /// Line width in points (default 2): finite and not negative. Taps reach at least
    /// ``OverlayHitTest/tolerance`` from it.
    public var width = 2.0
    /// The line's colour (default ``Color/blue-swift.type.property``).
    public var color = Color.blue
    /// Whether segments are drawn along great circles rather than straight in Web Mercator
    /// (default false).
    public var geodesic = false
    /// Order among shapes (lines, polygons, circles): higher draws above (ties in the order
    /// added). Markers always draw above shapes.
    public var zIndex = 0

    /// Creates a line through `path` with the default look (2 points wide, blue, straight).
    public init(path: [Coordinate]) { self.path = path }
}

/// A filled area: an outer ring and holes (each closed implicitly).
public struct Polygon: Hashable, Sendable {
    /// The outer ring (the last point joins the first): each coordinate finite with latitude
    /// within ±90°.
    public var outer: [Coordinate]
    /// Rings cut out of the area, each closed implicitly (default none).
    public var holes: [[Coordinate]] = []
    /// The area's colour (default ``Color/blue-swift.type.property`` at alpha 0.3).
    public var fillColor = Color(red: 0.10, green: 0.45, blue: 0.91, alpha: 0.3)
    /// The outline's colour (default ``Color/blue-swift.type.property``).
    public var strokeColor = Color.blue
    /// The outline's width in points (default 1); must be finite.
    public var strokeWidth = 1.0
    /// Order among shapes (lines, polygons, circles): higher draws above (ties in the order
    /// added). Markers always draw above shapes.
    public var zIndex = 0

    /// Creates a polygon from its outer ring and holes with the default look.
    public init(outer: [Coordinate], holes: [[Coordinate]] = []) {
        self.outer = outer
        self.holes = holes
    }
}

/// A circle on the ground: a centre and a radius in metres (great-circle distance).
public struct Circle: Hashable, Sendable {
    /// The centre on the ground: finite, latitude within ±90°.
    public var center: Coordinate
    /// Radius in metres along great circles: finite and not negative.
    public var radius: Double
    /// The area's colour (default ``Color/red-swift.type.property`` at alpha 0.3).
    public var fillColor = Color(red: 0.92, green: 0.26, blue: 0.21, alpha: 0.3)
    /// The outline's colour (default ``Color/red-swift.type.property``).
    public var strokeColor = Color.red
    /// The outline's width in points (default 1); must be finite.
    public var strokeWidth = 1.0
    /// Order among shapes (lines, polygons, circles): higher draws above (ties in the order
    /// added). Markers always draw above shapes.
    public var zIndex = 0

    /// Creates a circle of `radius` metres around `center` with the default look.
    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

/// Any overlay a map holds. Overlays live in coordinates: no camera change ever modifies them.
public enum Overlay: Hashable, Sendable {
    /// A pin at a coordinate.
    case marker(Marker)
    /// A line through coordinates.
    case polyline(Polyline)
    /// A filled area with optional holes.
    case polygon(Polygon)
    /// A circle on the ground.
    case circle(Circle)

    /// Drawing layer: markers (1) always above shapes (0), as in the SDK; z-index orders
    /// overlays within a layer.
    public var layer: Int {
        if case .marker = self { return 1 }
        return 0
    }

    /// The wrapped overlay's z-index: its order within its ``layer``.
    public var zIndex: Int {
        switch self {
        case let .marker(m): return m.zIndex
        case let .polyline(l): return l.zIndex
        case let .polygon(p): return p.zIndex
        case let .circle(c): return c.zIndex
        }
    }

    /// Whether a map accepts it: every coordinate finite with latitude within ±90° (any
    /// longitude); a marker's rotation and anchor finite; a line's width finite and not
    /// negative; a circle's radius finite and not negative; stroke widths finite. Colours and a
    /// marker's icon size are not checked.
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
