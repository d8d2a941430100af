import Foundation

/// `within`: whether a point or line feature lies inside a GeoJSON polygon, compared as MapLibre
/// compares them, in the integer coordinates of the feature's tile's zoom (8,192 units a tile),
/// a point on an edge being outside, a line crossing an edge outside.
enum Within {
    /// Tile units across a tile, as MapLibre's `EXTENT`.
    static let extent = 8192.0

    /// The polygons of a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection, as an array
    /// of polygons (arrays of rings of [longitude, latitude]); nil when it holds none.
    static func polygons(_ geojson: StyleValue) -> StyleValue? {
        guard case let .object(o) = geojson else { return nil }
        var found: [StyleValue] = []
        switch o["type"]?.string {
        case "Polygon": if let c = o["coordinates"] { found = [c] }
        case "MultiPolygon": if case let .array(list)? = o["coordinates"] { found = list }
        case "Feature": if let g = o["geometry"], case let .array(list)? = polygons(g) { found = list }
        case "FeatureCollection":
            if case let .array(features)? = o["features"] {
                for f in features { if case let .array(list)? = polygons(f) { found += list } }
            }
        default: break
        }
        return found.isEmpty ? nil : .array(found)
    }

    typealias Point = (x: Double, y: Double)

    /// A longitude and latitude as integer units at the tile's zoom (the world 2^z × 8192 across).
    static func project(_ lon: Double, _ lat: Double, z: Int) -> Point {
        let size = Double(1 << min(max(z, 0), 30)) * extent
        let x = (180 + lon) / 360
        let y = (180 - 180 / Double.pi * log(tan(Double.pi / 4 + lat * Double.pi / 360))) / 360
        return ((x * size).rounded(), (y * size).rounded())
    }

    static func holds(_ context: ExpressionContext, _ polygons: StyleValue) -> Bool {
        guard let tile = context.tile, !context.coordinates.isEmpty, case let .array(list) = polygons else {
            return false
        }
        let shapes: [[[Point]]] = list.map { polygon in
            guard case let .array(rings) = polygon else { return [] }
            return rings.map { ring in
                guard case let .array(positions) = ring else { return [] }
                return positions.compactMap { p -> Point? in
                    guard case let .array(c) = p, c.count >= 2, let lon = c[0].number, let lat = c[1].number else {
                        return nil
                    }
                    return project(lon, lat, z: tile.z)
                }
            }
        }
        // A point more than half a world from the polygons' span is taken in the copy of the world
        // beside it (a polygon across the antimeridian is written past ±180°).
        let xs = shapes.joined().joined().map(\.x)
        let (west, east) = (xs.min() ?? 0, xs.max() ?? 0)
        let world = Double(1 << min(max(tile.z, 0), 30)) * extent
        func wrapped(_ p: Point) -> Point {
            guard p.x < west || p.x > east else { return p }
            var shift = p.x - west > world / 2 ? -world : west - p.x > world / 2 ? world : 0
            if shift == 0 { shift = p.x - east > world / 2 ? -world : east - p.x > world / 2 ? world : 0 }
            return (p.x + shift, p.y)
        }
        let parts = context.coordinates.map { $0.map { wrapped(project($0.longitude, $0.latitude, z: tile.z)) } }
        switch context.geometryType {
        case "Point", "MultiPoint":
            return parts.joined().allSatisfy { p in shapes.contains { inside(p, $0) } }
        case "LineString", "MultiLineString":
            return parts.allSatisfy { line in shapes.contains { lineInside(line, $0) } }
        default: return false
        }
    }

    /// Ray casting; a point on an edge is not inside.
    static func inside(_ p: Point, _ rings: [[Point]]) -> Bool {
        var within = false
        for ring in rings where !ring.isEmpty {
            var k = ring.count - 1
            for j in 0..<ring.count {
                let (q1, q2) = (ring[k], ring[j])
                let (x1, y1, x2, y2) = (p.x - q1.x, p.y - q1.y, p.x - q2.x, p.y - q2.y)
                if x1 * y2 - x2 * y1 == 0, x1 * x2 <= 0, y1 * y2 <= 0 { return false }
                if (q1.y > p.y) != (q2.y > p.y), p.x < (q2.x - q1.x) * (p.y - q1.y) / (q2.y - q1.y) + q1.x {
                    within.toggle()
                }
                k = j
            }
        }
        return within
    }

    static func lineInside(_ line: [Point], _ rings: [[Point]]) -> Bool {
        guard line.allSatisfy({ inside($0, rings) }) else { return false }
        for (a, b) in zip(line, line.dropFirst()) {
            for ring in rings {
                for (c, d) in zip(ring, ring.dropFirst()) where crosses(a, b, c, d) { return false }
            }
        }
        return true
    }

    /// Whether segments ab and cd cross (each one's ends on both sides of the other).
    static func crosses(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let (p, q) = ((b.x - a.x, b.y - a.y), (d.x - c.x, d.y - c.y))
        if q.0 * p.1 - q.1 * p.0 == 0 { return false }
        return twoSided(a, b, c, d) && twoSided(c, d, a, b)
    }

    static func twoSided(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        let (x1, y1, x2, y2) = (p1.x - q1.x, p1.y - q1.y, p2.x - q1.x, p2.y - q1.y)
        let (x3, y3) = (q2.x - q1.x, q2.y - q1.y)
        let (d1, d2) = (x1 * y3 - x3 * y1, x2 * y3 - x3 * y2)
        return (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)
    }
}
