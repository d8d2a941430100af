import Foundation
import RealModule

/// `distance`: metres from a feature to the nearest of a GeoJSON's geometries, as MapLibre
/// measures it: the feature's positions as its tile holds them (whole units of 8,192 a tile),
/// MapLibre's cheap ruler (WGS84, scaled at the feature's first latitude), zero where a point
/// lies in a polygon (its edge included) or segments cross.
enum Distance {
    typealias Position = (lon: Double, lat: Double)

    /// The GeoJSON's geometries as simple ones (`{type, coordinates}` of Point, LineString or
    /// Polygon, multi geometries split); nil when it is not a geometry, a Feature or a FeatureCollection.
    static func geometries(_ geojson: StyleValue) -> StyleValue? {
        guard case let .object(o) = geojson, let type = o["type"]?.string else { return nil }
        switch type {
        case "FeatureCollection":
            guard case let .array(features)? = o["features"] else { return nil }
            var out: [StyleValue] = []
            for f in features {
                if case let .object(feature) = f, let g = feature["geometry"], case let .array(list)? = simple(g) {
                    out += list
                }
            }
            return .array(out)
        case "Feature": return o["geometry"].flatMap(simple)
        default: return simple(geojson)
        }
    }

    static func simple(_ g: StyleValue) -> StyleValue? {
        guard case let .object(o) = g, let type = o["type"]?.string, let coordinates = o["coordinates"] else {
            return nil
        }
        let single = ["MultiPolygon": "Polygon", "MultiLineString": "LineString", "MultiPoint": "Point"][type]
        guard let single else { return .array([g]) }
        guard case let .array(items) = coordinates else { return nil }
        return .array(items.map { .object(["type": .string(single), "coordinates": $0]) })
    }

    /// A position as the feature's tile holds it: rounded to whole tile units at zoom `z`, back in degrees.
    static func quantized(_ p: Position, z: Int) -> Position {
        let size = Double(1 << min(max(z, 0), 30)) * Within.extent
        let x = ((180 + p.lon) / 360 * size).rounded() / size
        let y =
            ((180 - 180 / Double.pi * Double.log(Double.tan(Double.pi / 4 + p.lat * Double.pi / 360))) / 360 * size)
            .rounded() / size
        return (x * 360 - 180, 360 / Double.pi * Double.atan(Double.exp((180 - y * 360) * Double.pi / 180)) - 90)
    }

    static func measure(_ context: ExpressionContext, _ geometries: StyleValue) -> Double {
        guard let tile = context.tile, case let .array(targets) = geometries else { return .nan }
        let parts = context.coordinates.map { $0.map { quantized(($0.longitude, $0.latitude), z: tile.z) } }
        let flat = Array(parts.joined())
        guard let first = flat.first else { return .nan }
        let ruler = CheapRuler(latitude: first.lat)
        var best = Double.infinity
        for target in targets {
            guard case let .object(o) = target, let type = o["type"]?.string, let c = o["coordinates"] else { continue }
            switch (context.geometryType, type) {
            case ("Point", "Point"), ("MultiPoint", "Point"):
                if let p = position(c) { best = min(best, flat.map { ruler.distance($0, p) }.min() ?? .infinity) }
            case ("Point", "LineString"), ("MultiPoint", "LineString"):
                let line = positions(c)
                best = min(best, flat.map { ruler.pointToLine($0, line) }.min() ?? .infinity)
            case ("LineString", "Point"), ("MultiLineString", "Point"):
                if let p = position(c) { best = min(best, ruler.pointToLine(p, flat)) }
            case ("LineString", "LineString"), ("MultiLineString", "LineString"):
                best = min(best, ruler.lineToLine(flat, positions(c)))
            case ("Point", "Polygon"), ("MultiPoint", "Polygon"):
                let polygon = rings(c)
                best = min(best, flat.map { ruler.pointToPolygon($0, polygon) }.min() ?? .infinity)
            case ("LineString", "Polygon"), ("MultiLineString", "Polygon"):
                best = min(best, ruler.lineToPolygon(flat, rings(c)))
            case ("Polygon", "Point"): if let p = position(c) { best = min(best, ruler.pointToPolygon(p, parts)) }
            case ("Polygon", "LineString"): best = min(best, ruler.lineToPolygon(positions(c), parts))
            case ("Polygon", "Polygon"): best = min(best, ruler.polygonToPolygon(parts, rings(c)))
            default: return .nan
            }
            if best == 0 { return 0 }
        }
        return best
    }

    static func position(_ v: StyleValue) -> Position? {
        guard case let .array(c) = v, c.count >= 2, let x = c[0].number, let y = c[1].number else { return nil }
        return (x, y)
    }
    static func positions(_ v: StyleValue) -> [Position] {
        guard case let .array(list) = v else { return [] }
        return list.compactMap(position)
    }
    static func rings(_ v: StyleValue) -> [[Position]] {
        guard case let .array(list) = v else { return [] }
        return list.map(positions)
    }
}
