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

    /// Metres from the context's feature to the nearest of `targets` (NaN without a feature
    /// geometry or for a type `distance` does not measure; infinite when there are no targets).
    /// The targets are indexed once (``Targets``); the feature's segments are indexed per call,
    /// so a long line against a long line costs about (n + m) log(n + m), not n × m.
    static func measure(_ context: ExpressionContext, _ targets: Targets) -> Double {
        guard let tile = context.tile else { return .nan }
        let parts = context.coordinates.map { $0.map { quantized(($0.longitude, $0.latitude), z: tile.z) } }
        guard let first = parts.lazy.compactMap(\.first).first else { return .nan }
        let ruler = CheapRuler(latitude: first.lat)
        let (linear, areas) = (targets.linear, targets.areas)
        switch context.geometryType {
        case "Point", "MultiPoint":
            let points = Array(parts.joined())
            if points.contains(where: areas.contains) { return 0 }
            return points.reduce(Double.infinity) { best, p in
                areas.nearest(to: p, ruler, below: linear.nearest(to: p, ruler, below: best))
            }
        case "LineString", "MultiLineString":
            let feature = SegmentTree(parts.filter { !$0.isEmpty }.flatMap(SegmentTree.segments(ofLine:)))
            if parts.joined().contains(where: areas.contains) { return 0 }
            return feature.nearest(to: areas, ruler, below: feature.nearest(to: linear, ruler))
        case "Polygon":
            let feature = SegmentTree(CheapRuler.edges(parts))
            if targets.vertices.contains(where: feature.contains) || parts.joined().contains(where: areas.contains) {
                return 0
            }
            return feature.nearest(to: areas, ruler, below: feature.nearest(to: linear, ruler))
        default: return .nan
        }
    }

    /// A `distance` expression's GeoJSON, read once when the expression is compiled: its points
    /// and lines as one ``SegmentTree`` (a point a segment of no length), its polygons' edges as
    /// another (each polygon its own owner), and every position of them (what lies inside a
    /// feature's polygon). Compared and hashed by the GeoJSON it was read from.
    final class Targets: Hashable, Sendable, CustomStringConvertible {
        let geometries: StyleValue
        let linear: SegmentTree
        let areas: SegmentTree
        let vertices: [Position]
        private let hash: Int

        /// The targets of `geometries` (``geometries(_:)``'s list of simple geometries).
        init(_ geometries: StyleValue) {
            var lines: [(Position, Position)] = []
            var edges: [(Position, Position)] = []
            var owners: [Int] = []
            var vertices: [Position] = []
            var polygons = 0
            if case let .array(list) = geometries {
                for g in list {
                    guard case let .object(o) = g, let c = o["coordinates"] else { continue }
                    switch o["type"]?.string {
                    case "Point":
                        if let p = Distance.position(c) {
                            lines.append((p, p))
                            vertices.append(p)
                        }
                    case "LineString":
                        let line = Distance.positions(c)
                        if !line.isEmpty { lines += SegmentTree.segments(ofLine: line) }
                        vertices += line
                    case "Polygon":
                        let polygon = Distance.rings(c)
                        let ring = CheapRuler.edges(polygon)
                        edges += ring
                        owners += Array(repeating: polygons, count: ring.count)
                        vertices += polygon.joined()
                        polygons += 1
                    default: continue
                    }
                }
            }
            self.geometries = geometries
            (linear, areas, self.vertices) = (SegmentTree(lines), SegmentTree(edges, owners: owners), vertices)
            hash = geometries.hashValue
        }

        static func == (a: Targets, b: Targets) -> Bool { a === b || a.geometries == b.geometries }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        var description: String { "\(geometries)" }
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
