import Foundation
import MeridianGeometry
import MeridianMap
import MeridianText

extension StaticMapQuery {
    /// Named colours of the static-map convention, and `0xRRGGBB` or `0xRRGGBBAA`.
    static func color(_ text: String, _ parameter: String) throws(RequestError) -> Color {
        let named: [String: UInt32] = [
            "black": 0x000000, "brown": 0x8B4513, "green": 0x1E9E3A, "purple": 0x7B1FA2, "yellow": 0xF4C20D,
            "blue": 0x1A73E8, "gray": 0x808080, "orange": 0xF57C00, "red": 0xEA4335, "white": 0xFFFFFF,
        ]
        if let rgb = named[text.lowercased()] {
            return Color(
                red: Double(rgb >> 16) / 255, green: Double(rgb >> 8 & 0xff) / 255, blue: Double(rgb & 0xff) / 255)
        }
        let hex = text.lowercased().hasPrefix("0x") ? String(text.dropFirst(2)) : ""
        guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else {
            throw RequestError(parameter, "'\(text)' is not a colour (a name such as red, or 0xRRGGBB[AA])")
        }
        let rgba = hex.count == 6 ? v << 8 | 0xff : v
        return Color(
            red: Double(rgba >> 24) / 255, green: Double(rgba >> 16 & 0xff) / 255, blue: Double(rgba >> 8 & 0xff) / 255,
            alpha: Double(rgba & 0xff) / 255)
    }

    /// Splits `key:value|…|lat,lng|…` into its style descriptors and its locations.
    static func descriptors(
        _ spec: String, _ parameter: String
    ) throws(RequestError) -> (style: [String: String], locations: [String]) {
        var style: [String: String] = [:]
        var locations: [String] = []
        // An encoded polyline may itself hold "|": `enc:` takes the rest of the value.
        var spec = Substring(spec)
        if let enc = spec.range(of: "enc:") {
            style["enc"] = String(spec[enc.upperBound...])
            spec = spec[..<enc.lowerBound]
        }
        for part in spec.split(separator: "|", omittingEmptySubsequences: true).map(String.init) {
            if let colon = part.firstIndex(of: ":"), part[..<colon].allSatisfy(\.isLetter) {
                let key = String(part[..<colon]).lowercased()
                guard ["color", "label", "size", "weight", "fillcolor", "geodesic", "flat", "rotation"].contains(key)
                else {
                    throw RequestError(parameter, "'\(key)' is not a \(parameter) style descriptor")
                }
                style[key] = String(part[part.index(after: colon)...])
            } else {
                locations.append(part)
            }
        }
        return (style, locations)
    }

    static func location(_ text: String, _ parameter: String) throws(RequestError) -> Coordinate {
        do { return try TextValues.coordinate(text, what: parameter) } catch {
            throw RequestError(parameter, error.message)
        }
    }

    static func markers(_ specs: [String]) throws(RequestError) -> [Marker] {
        var out: [Marker] = []
        for spec in specs {
            let (style, locations) = try descriptors(spec, "markers")
            guard !locations.isEmpty else { throw RequestError("markers", "'\(spec)' has no location") }
            let markerColor = try style["color"].map { t throws(RequestError) in try color(t, "markers") }
            let rotation = try style["rotation"].map { t throws(RequestError) -> Double in
                guard let r = Double(t), r.isFinite, abs(r) <= 360 else {
                    throw RequestError("markers", "rotation '\(t)' is not a number of degrees in [-360, 360]")
                }
                return r
            }
            for text in locations {
                var marker = Marker(position: try location(text, "markers"), title: style["label"])
                if let markerColor { marker.iconColor = markerColor }
                marker.flat = style["flat"] == "true"
                marker.rotation = rotation ?? 0
                out.append(marker)
            }
            guard out.count <= maxMarkers else { throw RequestError("markers", "more than \(maxMarkers) markers") }
        }
        return out
    }

    static func paths(_ specs: [String]) throws(RequestError) -> [Overlay] {
        guard specs.count <= maxPaths else { throw RequestError("path", "more than \(maxPaths) paths") }
        var out: [Overlay] = []
        for spec in specs {
            let (style, locations) = try descriptors(spec, "path")
            var points: [Coordinate] = []
            for text in locations { points.append(try location(text, "path")) }
            if let encoded = style["enc"] {
                guard let decoded = EncodedPolyline.decode(encoded) else {
                    throw RequestError("path", "enc: is not a valid encoded polyline")
                }
                points += decoded
            }
            guard points.count >= 2 else { throw RequestError("path", "'\(spec)' needs at least two points") }
            guard points.count <= maxPathPoints else {
                throw RequestError("path", "more than \(maxPathPoints) points in one path")
            }
            let width: Double
            if let w = style["weight"] {
                guard let v = Double(w), v.isFinite, (0...64).contains(v) else {
                    throw RequestError("path", "weight '\(w)' must be a number in 0–64")
                }
                width = v
            } else {
                width = 5
            }
            let stroke =
                try style["color"].map { t throws(RequestError) in try color(t, "path") }
                ?? Color(red: 0, green: 0, blue: 1, alpha: 0.5)
            if let fill = style["fillcolor"] {
                var polygon = Polygon(outer: points)
                polygon.fillColor = try color(fill, "path")
                polygon.strokeColor = stroke
                polygon.strokeWidth = width
                out.append(.polygon(polygon))
            } else {
                var line = Polyline(path: points)
                line.color = stroke
                line.width = width
                line.geodesic = style["geodesic"] == "true"
                out.append(.polyline(line))
            }
        }
        return out
    }

    static func locations(_ specs: [String]) throws(RequestError) -> [Coordinate] {
        var out: [Coordinate] = []
        for spec in specs {
            for part in spec.split(separator: "|") { out.append(try location(String(part), "visible")) }
        }
        return out
    }
}
