import MeridianGeometry
import MeridianOverlays
import MeridianStyle

extension OverlayGeoJSON {
    /// The simplestyle properties of one feature, checked once.
    struct Look {
        var title: String?
        var markerColor: Color?
        var stroke: Color?
        var strokeWidth: Double?
        var fill: Color?
        var radius: Double?
        var geodesic = false
        var flat = false
        var rotation = 0.0

        init(_ p: [String: StyleValue], at: String) throws(OverlayGeoJSONError) {
            func color(_ key: String, opacity: String? = nil) throws(OverlayGeoJSONError) -> Color? {
                guard let raw = p[key] else { return nil }
                guard let text = raw.string, let c = StyleColor(css: text) else {
                    throw OverlayGeoJSONError("\(at): \(key) \(raw) is not a CSS colour")
                }
                let alpha = opacity.flatMap { p[$0]?.number }.map { min(1, max(0, $0)) } ?? c.a
                return Color(red: c.r, green: c.g, blue: c.b, alpha: alpha)
            }
            func number(_ key: String) throws(OverlayGeoJSONError) -> Double? {
                guard let raw = p[key] else { return nil }
                guard let n = raw.number, n.isFinite, n >= 0 else {
                    throw OverlayGeoJSONError("\(at): \(key) \(raw) must be a number ≥ 0")
                }
                return n
            }
            title = p["title"]?.string ?? p["name"]?.string
            markerColor = try color("marker-color")
            stroke = try color("stroke", opacity: "stroke-opacity")
            strokeWidth = try number("stroke-width")
            fill = try color("fill", opacity: "fill-opacity")
            radius = try number("radius")
            geodesic = p["geodesic"] == .bool(true)
            flat = p["flat"] == .bool(true)
            if let raw = p["rotation"] {
                guard let r = raw.number, r.isFinite, abs(r) <= 360 else {
                    throw OverlayGeoJSONError("\(at): rotation \(raw) must be a number of degrees in [-360, 360]")
                }
                rotation = r
            }
        }

        func point(_ c: Coordinate) throws(OverlayGeoJSONError) -> Overlay {
            if let radius {
                var circle = Circle(center: c, radius: radius)
                if let fill { circle.fillColor = fill }
                if let stroke { circle.strokeColor = stroke }
                if let strokeWidth { circle.strokeWidth = strokeWidth }
                return .circle(circle)
            }
            var marker = Marker(position: c, title: title)
            if let markerColor { marker.iconColor = markerColor }
            marker.flat = flat
            marker.rotation = rotation
            return .marker(marker)
        }

        func line(_ path: [Coordinate]) -> Overlay {
            var line = Polyline(path: path)
            if let stroke { line.color = stroke }
            if let strokeWidth { line.width = strokeWidth }
            line.geodesic = geodesic
            return .polyline(line)
        }

        func polygon(_ rings: [[Coordinate]]) -> Overlay {
            var polygon = Polygon(outer: rings[0], holes: Array(rings.dropFirst()))
            if let fill { polygon.fillColor = fill }
            if let stroke { polygon.strokeColor = stroke }
            if let strokeWidth { polygon.strokeWidth = strokeWidth }
            return .polygon(polygon)
        }
    }
}

extension Overlay {
    /// Every coordinate the overlay is drawn through (a circle gives its centre and the four
    /// points its radius reaches north, east, south and west).
    public var coordinates: [Coordinate] {
        switch self {
        case let .marker(m): return [m.position]
        case let .polyline(l): return l.path
        case let .polygon(p): return p.outer
        case let .circle(c):
            return [0.0, 90, 180, 270].map { Geodesy.offset(c.center, distance: c.radius, heading: $0) }
        }
    }
}
