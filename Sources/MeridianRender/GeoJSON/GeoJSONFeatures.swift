import Foundation
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// One feature of a GeoJSON source, in normalised Web Mercator (x east, y south, 0…1 across
/// the world), as a vector tile's feature is typed: a Multi* geometry is one feature of several
/// parts; a GeometryCollection becomes one feature per geometry it holds (nested collections
/// flattened), each with the feature's properties and id, as geojson-vt splits it for MapLibre
/// (two polygons of one collection overlap as two features: a translucent fill darkens there).
struct GeoJSONFeature: Sendable {
    var type: VectorTile.GeometryType
    /// Points: one part per point; lines: one per line; polygons: one per ring, each polygon's
    /// exterior first then its holes, not closed (the first point is not repeated).
    var parts: [[MercatorPoint]]
    /// For polygons: whether each part is a polygon's exterior ring.
    var exteriors: [Bool] = []
    var properties: [String: VectorTile.Value]
    var id: UInt64?
    /// The feature's extent: west, north, east, south (normalised).
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)
}

/// Reads GeoJSON (RFC 7946; a FeatureCollection, a Feature or a bare geometry) into features.
///
/// Positions are [longitude, latitude] in degrees: latitudes are clamped to Web Mercator's
/// ±85.0511°; a position that is not two finite numbers, or whose longitude is beyond ±540°,
/// leaves its feature out (counted in ``Result/skipped``); rings with fewer than three distinct positions are left out.
/// Properties keep strings, numbers and booleans; arrays and objects become their JSON text
/// (a vector tile has no such values); nulls are left out. A feature's `id` is kept when it is a
/// whole number in 0…2⁵³.
///
/// Bounded: at most ``maxFeatures`` features and ``maxPositions`` positions, else
/// `TileError.badGeoJSON` naming the source.
enum GeoJSONFeatures {
    static let maxFeatures = 500_000
    static let maxPositions = 10_000_000

    struct Result {
        var features: [GeoJSONFeature] = []
        /// Features left out for a bad geometry.
        var skipped = 0
        var positions = 0
    }

    /// - Throws: `TileError.badGeoJSON` when `value` is not GeoJSON or is over the bounds.
    static func read(_ value: StyleValue, source: String) throws(TileError) -> Result {
        var result = Result()
        guard case let .object(root) = value, let type = root["type"]?.string else {
            throw .badGeoJSON(source: source, reason: "is not a GeoJSON object with a type")
        }
        switch type {
        case "FeatureCollection":
            guard case let .array(list)? = root["features"] else {
                throw .badGeoJSON(source: source, reason: "a FeatureCollection's features must be an array")
            }
            for item in list { try add(item, to: &result, source: source) }
        case "Feature": try add(value, to: &result, source: source)
        default: try add(.object(["type": .string("Feature"), "geometry": value]), to: &result, source: source)
        }
        return result
    }

    private static func add(_ item: StyleValue, to result: inout Result, source: String) throws(TileError) {
        guard case let .object(f) = item, f["type"]?.string == "Feature" else {
            result.skipped += 1
            return
        }
        var properties: [String: VectorTile.Value] = [:]
        if case let .object(p)? = f["properties"] {
            for (key, value) in p { if let v = Self.value(value) { properties[key] = v } }
        }
        let id = f["id"]?.number.flatMap {
            $0 >= 0 && $0 <= 9_007_199_254_740_992 && $0 == $0.rounded() ? UInt64($0) : nil
        }
        guard let geometry = f["geometry"], geometry != .null else { return }
        var pieces: [(VectorTile.GeometryType, [[MercatorPoint]], [Bool])] = []
        guard collect(geometry, into: &pieces, depth: 0) else {
            result.skipped += 1
            return
        }
        for (type, parts, exteriors) in pieces where !parts.isEmpty {
            result.positions += parts.reduce(0) { $0 + $1.count }
            guard result.positions <= maxPositions, result.features.count < maxFeatures else {
                throw .badGeoJSON(
                    source: source, reason: "has more than \(maxFeatures) features or \(maxPositions) positions")
            }
            var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for p in parts.joined() {
                box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
            }
            result.features.append(
                GeoJSONFeature(
                    type: type, parts: parts, exteriors: exteriors, properties: properties, id: id, box: box))
        }
    }

    /// Adds a geometry's parts, one piece per geometry (a collection's members each); false for a
    /// geometry that is not one (then its feature is left out).
    private static func collect(
        _ g: StyleValue, into pieces: inout [(VectorTile.GeometryType, [[MercatorPoint]], [Bool])], depth: Int
    ) -> Bool {
        guard depth < 8, case let .object(o) = g, let type = o["type"]?.string else { return false }
        if type == "GeometryCollection" {
            guard case let .array(list)? = o["geometries"] else { return false }
            return list.allSatisfy { collect($0, into: &pieces, depth: depth + 1) }
        }
        guard let c = o["coordinates"] else { return false }
        switch type {
        case "Point":
            guard let p = position(c) else { return false }
            pieces.append((.point, [[p]], []))
        case "MultiPoint":
            guard let ps = line(c) else { return false }
            pieces.append((.point, ps.map { [$0] }, []))
        case "LineString":
            guard let l = line(c), l.count >= 2 else { return false }
            pieces.append((.lineString, [l], []))
        case "MultiLineString":
            guard case let .array(ls) = c else { return false }
            let lines = ls.compactMap(line).filter { $0.count >= 2 }
            guard lines.count == ls.count else { return false }
            pieces.append((.lineString, lines, []))
        case "Polygon":
            guard let rings = polygon(c) else { return false }
            pieces.append((.polygon, rings, rings.indices.map { $0 == 0 }))
        case "MultiPolygon":
            guard case let .array(ps) = c else { return false }
            var (rings, exteriors): ([[MercatorPoint]], [Bool]) = ([], [])
            for p in ps {
                guard let polygon = polygon(p) else { return false }
                rings += polygon
                exteriors += polygon.indices.map { $0 == 0 }
            }
            pieces.append((.polygon, rings, exteriors))
        default: return false
        }
        return true
    }

    /// Longitudes read, in degrees: one world copy past either side of ±180 (data across the
    /// antimeridian is written 170…190); further out a position is bad (its feature left out),
    /// so a hostile ±1e308 never reaches tile units where it would overflow.
    static let longitudes = -540.0...540.0

    /// [longitude, latitude] in normalised Mercator; nil unless two finite numbers with the
    /// longitude in ``longitudes`` (the latitude is clamped to Web Mercator's).
    static func position(_ v: StyleValue) -> MercatorPoint? {
        guard case let .array(a) = v, a.count >= 2, let lng = a[0].number, let lat = a[1].number,
            longitudes.contains(lng), lat.isFinite
        else { return nil }
        let clamped = min(max(lat, -WebMercator.maxLatitude), WebMercator.maxLatitude)
        return MercatorPoint(x: WebMercator.x(longitude: lng), y: WebMercator.y(latitude: clamped))
    }

    static func line(_ v: StyleValue) -> [MercatorPoint]? {
        guard case let .array(a) = v else { return nil }
        let points = a.compactMap(position)
        return points.count == a.count ? points : nil
    }

    /// A polygon's rings (exterior first), each without its closing position; nil for a
    /// polygon whose exterior has under three distinct positions (holes that do are left out).
    static func polygon(_ v: StyleValue) -> [[MercatorPoint]]? {
        guard case let .array(rings) = v, !rings.isEmpty else { return nil }
        var out: [[MercatorPoint]] = []
        for (i, r) in rings.enumerated() {
            guard var ring = line(r) else { return nil }
            if ring.count > 1, ring.first == ring.last { ring.removeLast() }
            guard Set(ring.map { [$0.x, $0.y] }).count >= 3 else {
                if i == 0 { return nil }
                continue
            }
            out.append(ring)
        }
        return out
    }

    /// A property as a vector tile value: strings, numbers (whole numbers as integers), booleans;
    /// arrays and objects as JSON text; nil for null.
    static func value(_ v: StyleValue) -> VectorTile.Value? {
        switch v {
        case .null: return nil
        case let .bool(b): return .bool(b)
        case let .string(s): return .string(s)
        case let .number(n):
            return n == n.rounded() && abs(n) < 9e15 ? .int(Int64(n)) : .double(n)
        case .array, .object: return .string(v.jsonText)
        case let .color(c): return .string(c.description)
        }
    }
}
