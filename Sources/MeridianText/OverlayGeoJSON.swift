import Foundation
import MeridianGeometry
import MeridianOverlays
import MeridianStyle

/// A GeoJSON overlay file that cannot be read: the message names the feature and member.
public struct OverlayGeoJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "overlays: \(message)" }
}

/// Overlays from a GeoJSON document (RFC 7946: a FeatureCollection, a Feature or a bare
/// geometry; positions are [longitude, latitude]). Point → marker (or a circle when the
/// feature has a `radius` in metres), MultiPoint → markers, LineString and MultiLineString →
/// polylines, Polygon and MultiPolygon → polygons with holes. Looks follow the simplestyle
/// convention: `title`, `marker-color`, `stroke`, `stroke-width`, `stroke-opacity`, `fill`,
/// `fill-opacity`, plus Meridian's `geodesic`, `flat` and `rotation` (degrees, markers).
public enum OverlayGeoJSON {
    /// Reads every feature in document order.
    /// - Throws: ``OverlayGeoJSONError`` for invalid JSON, an unknown geometry type, a position
    ///   that is not two finite numbers within ±90 latitude, a bad colour or a negative width.
    public static func overlays(from data: Data) throws(OverlayGeoJSONError) -> [Overlay] {
        let root: StyleValue
        do { root = try JSONDecoder().decode(StyleValue.self, from: data) } catch {
            throw OverlayGeoJSONError("not valid JSON (\(error))")
        }
        guard case let .object(o) = root else { throw OverlayGeoJSONError("the document must be a JSON object") }
        switch o["type"]?.string {
        case "FeatureCollection":
            guard case let .array(features)? = o["features"] else {
                throw OverlayGeoJSONError("a FeatureCollection needs a features array")
            }
            var out: [Overlay] = []
            for (i, f) in features.enumerated() { out += try feature(f, "features[\(i)]") }
            return out
        case "Feature": return try feature(root, "feature")
        default: return try geometry(root, [:], "geometry")
        }
    }

    static func feature(_ value: StyleValue, _ at: String) throws(OverlayGeoJSONError) -> [Overlay] {
        guard case let .object(f) = value, f["type"]?.string == "Feature" else {
            throw OverlayGeoJSONError("\(at) is not a Feature")
        }
        guard let g = f["geometry"], g != .null else { return [] }
        var properties: [String: StyleValue] = [:]
        if case let .object(p)? = f["properties"] { properties = p }
        return try geometry(g, properties, "\(at).geometry")
    }

    static func geometry(
        _ value: StyleValue, _ p: [String: StyleValue], _ at: String
    ) throws(OverlayGeoJSONError) -> [Overlay] {
        guard case let .object(g) = value, let type = g["type"]?.string else {
            throw OverlayGeoJSONError("\(at) needs a type")
        }
        if type == "GeometryCollection" {
            guard case let .array(items)? = g["geometries"] else {
                throw OverlayGeoJSONError("\(at).geometries must be an array")
            }
            var out: [Overlay] = []
            for (i, item) in items.enumerated() { out += try geometry(item, p, "\(at).geometries[\(i)]") }
            return out
        }
        guard let c = g["coordinates"] else { throw OverlayGeoJSONError("\(at).coordinates is missing") }
        let look = try Look(p, at: at)
        switch type {
        case "Point": return [try look.point(try position(c, "\(at).coordinates"))]
        case "MultiPoint":
            var out: [Overlay] = []
            for pos in try list(c, "\(at).coordinates") {
                out.append(try look.point(try position(pos, "\(at).coordinates")))
            }
            return out
        case "LineString": return [look.line(try path(c, "\(at).coordinates"))]
        case "MultiLineString":
            var out: [Overlay] = []
            for line in try list(c, "\(at).coordinates") { out.append(look.line(try path(line, "\(at).coordinates"))) }
            return out
        case "Polygon": return [look.polygon(try rings(c, "\(at).coordinates"))]
        case "MultiPolygon":
            var out: [Overlay] = []
            for poly in try list(c, "\(at).coordinates") {
                out.append(look.polygon(try rings(poly, "\(at).coordinates")))
            }
            return out
        default: throw OverlayGeoJSONError("\(at).type \"\(type)\" is not a GeoJSON geometry type")
        }
    }

    static func list(_ v: StyleValue, _ at: String) throws(OverlayGeoJSONError) -> [StyleValue] {
        guard case let .array(items) = v else { throw OverlayGeoJSONError("\(at) must be an array") }
        return items
    }

    static func position(_ v: StyleValue, _ at: String) throws(OverlayGeoJSONError) -> Coordinate {
        guard case let .array(xy) = v, xy.count >= 2, let lng = xy[0].number, let lat = xy[1].number,
            lng.isFinite, lat.isFinite, abs(lat) <= 90
        else {
            throw OverlayGeoJSONError("\(at): \(v) is not a position [longitude, latitude] with |latitude| ≤ 90")
        }
        return Coordinate(latitude: lat, longitude: lng)
    }

    static func path(_ v: StyleValue, _ at: String) throws(OverlayGeoJSONError) -> [Coordinate] {
        var out: [Coordinate] = []
        for p in try list(v, at) { out.append(try position(p, at)) }
        return out
    }

    static func rings(_ v: StyleValue, _ at: String) throws(OverlayGeoJSONError) -> [[Coordinate]] {
        var out: [[Coordinate]] = []
        for r in try list(v, at) { out.append(try path(r, at)) }
        guard !out.isEmpty else { throw OverlayGeoJSONError("\(at): a polygon needs at least its outer ring") }
        return out
    }
}
