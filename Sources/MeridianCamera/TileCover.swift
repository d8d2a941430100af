import MeridianGeometry
import RealModule

/// The tiles a piece of the Earth touches: what offline regions, tile seeding and prefetching
/// are planned from (MapLibre's `tileCover`, Mapbox's offline region definitions).
///
/// Geometry is taken in the Web Mercator plane, where tiles are squares: a path's segments and
/// a polygon's edges are straight lines there (as Meridian draws them). A tile is in a cover
/// when the geometry reaches its interior; geometry that only runs along a tile's edge counts
/// for the tile on its east or south side. Longitudes go the short way from each point to the
/// next, so geometry across the antimeridian covers tiles on both sides; columns wrap around
/// the world; latitudes are clamped to the Mercator world (±85.0511°). The world's edges are the
/// exception to the edge rule: there is no tile south of the bottom row, so geometry on or
/// beyond the southern edge (south of 85.0511° S) counts for the bottom row, and geometry
/// beyond the northern edge for the top row.
///
/// Every function throws `InvalidArgument` naming the argument for a zoom outside 0...30, a
/// non-finite coordinate or radius, or a cover that would hold more than `limit` tiles.
public enum TileCover {
    /// The tiles of zoom `z` inside `bounds` (crossing the antimeridian when west > east), row
    /// by row from the north, west to east; none for empty bounds.
    public static func tiles(
        in bounds: CoordinateBounds, zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> [TileID] {
        guard let (cols, rows) = try grid(in: bounds, zoom: z) else { return [] }
        guard Swift.min(cols.count, 1 << z) * rows.count <= limit else { throw tooMany(limit) }
        let n = Double(1 << z)
        return rows.flatMap { row in cols.map { TileID(z: z, x: wrap($0, n), y: row) } }.uniqued()
    }

    /// The columns (unwrapped) and rows of zoom `z` that bounds reach; nil for empty bounds.
    static func grid(
        in bounds: CoordinateBounds, zoom z: Int
    ) throws(InvalidArgument) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        try check(zoom: z)
        guard let south = bounds.south, let north = bounds.north, let west = bounds.west,
            let span = bounds.longitudeSpan
        else { return nil }
        let n = Double(1 << z)
        let x0 = WebMercator.x(longitude: west) * n
        let x1 = x0 + span / 360 * n
        let y0 = WebMercator.y(latitude: north) * n
        let y1 = WebMercator.y(latitude: south) * n
        return (columns(x0, x1, n: n), rowRange(y0, y1, n: n))
    }

    /// The tiles of zoom `z` that a path's segments pass through (a single point covers its tile).
    public static func tiles(
        alongPath path: [Coordinate], zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> [TileID] {
        try spans(alongPath: path, zoom: z, limit: limit).tiles(zoom: z, limit: limit)
    }

    /// The row extents a path reaches (see ``tiles(alongPath:zoom:limit:)``).
    static func spans(alongPath path: [Coordinate], zoom z: Int, limit: Int) throws(InvalidArgument) -> RowSpans {
        try check(zoom: z)
        let points = try plane(path, zoom: z)
        var spans = RowSpans(limit: limit, vertices: points.count)
        if points.count == 1 { try spans.add(row: points[0].y, x0: points[0].x, x1: points[0].x, n: Double(1 << z)) }
        for (a, b) in zip(points, points.dropFirst()) { try spans.add(segment: a, b, n: Double(1 << z)) }
        return spans
    }

    /// The tiles of zoom `z` that a polygon reaches, its inside included: `rings` are the outer
    /// ring then holes (even–odd, as GeoJSON), each closed or not.
    public static func tiles(
        inPolygon rings: [[Coordinate]], zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> [TileID] {
        try spans(inPolygon: rings, zoom: z, limit: limit).tiles(zoom: z, limit: limit)
    }

    /// The row extents a polygon reaches, its inside included (see ``tiles(inPolygon:zoom:limit:)``).
    static func spans(inPolygon rings: [[Coordinate]], zoom z: Int, limit: Int) throws(InvalidArgument) -> RowSpans {
        try check(zoom: z)
        let n = Double(1 << z)
        var spans = RowSpans(limit: limit, vertices: rings.reduce(0) { $0 + $1.count })
        var crossings: [Int: [Double]] = [:]
        var first: MercatorPoint?
        for ring in rings where !ring.isEmpty {
            var points = try plane(ring, zoom: z)
            // Rings start on the same world copy as the outer ring (holes stay inside it).
            if let f = first {
                let shift = ((f.x - points[0].x) / n).rounded() * n
                points = points.map { MercatorPoint(x: $0.x + shift, y: $0.y) }
            }
            first = first ?? points[0]
            if points.count == 1 { try spans.add(row: points[0].y, x0: points[0].x, x1: points[0].x, n: n) }
            for i in points.indices {
                let a = points[i]
                let b = points[(i + 1) % points.count]
                try spans.add(segment: a, b, n: n)
                // Where the edge crosses each row line y = r (half-open, so a vertex counts once).
                let (lo, hi) = a.y < b.y ? (a, b) : (b, a)
                guard lo.y < hi.y else { continue }
                var r = Swift.max(lo.y.rounded(.up), 0)
                while r < hi.y, r <= n {
                    crossings[Int(r), default: []].append(lo.x + (hi.x - lo.x) * (r - lo.y) / (hi.y - lo.y))
                    try spans.charge()
                    r += 1
                }
            }
        }
        // The inside along each row line is in the rows above and below it.
        for (r, xs) in crossings {
            let sorted = xs.sorted()
            for k in stride(from: 0, to: sorted.count - 1, by: 2) {
                for row in [Double(r) - 0.5, Double(r) + 0.5] {
                    try spans.add(row: row, x0: sorted[k], x1: sorted[k + 1], n: n)
                }
            }
        }
        return spans
    }

    /// The tiles of zoom `z` within `meters` of `center` on the ground: the cover of a polygon
    /// of 256 geodesic offsets at the radius of the circle's circumscribed polygon (1.00008 ×
    /// `meters`), so every tile the circle touches is in it. `meters` must be in
    /// [0, 2e7] (half the Earth's circumference), else `InvalidArgument` naming `meters`.
    public static func tiles(
        around center: Coordinate, meters: Double, zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> [TileID] {
        let (c, radius) = try checkCircle(center, meters: meters)
        return try tiles(inPolygon: [circle(c, meters: radius)], zoom: z, limit: limit)
    }

    /// The polygon a circle's cover is the cover of: 256 geodesic offsets at the radius of the
    /// circle's circumscribed polygon.
    static func circle(_ c: Coordinate, meters: Double) -> [Coordinate] {
        let k = 256
        let r = meters / Double.cos(.pi / Double(k))
        return (0..<k).map { Geodesy.offset(c, distance: r, heading: Double($0) * 360 / Double(k)) }
    }

    /// Each zoom of `zooms` with its cover by `cover`, in zoom order.
    /// - Throws: as `cover`, and for a zoom range outside 0...30.
    public static func byZoom(
        _ zooms: ClosedRange<Int>, _ cover: (Int) throws(InvalidArgument) -> [TileID]
    ) throws(InvalidArgument) -> [(zoom: Int, tiles: [TileID])] {
        try check(zoom: zooms.lowerBound)
        try check(zoom: zooms.upperBound)
        var out: [(zoom: Int, tiles: [TileID])] = []
        for z in zooms { out.append((z, try cover(z))) }
        return out
    }

    // MARK: - In tile units

    static func check(zoom z: Int) throws(InvalidArgument) {
        guard (0...30).contains(z) else {
            throw InvalidArgument(
                parameter: "zoom", value: Double(z), problem: .outOfRange(lowerBound: 0, upperBound: 30))
        }
    }

    /// A circle's centre and radius, checked: a finite radius in [0, 2e7] m.
    static func checkCircle(_ center: Coordinate, meters: Double) throws(InvalidArgument) -> (Coordinate, Double) {
        let c = try center.validated("center")
        let radius = try InvalidArgument.finite(meters, "meters")
        guard radius >= 0, radius <= 2e7 else {
            throw InvalidArgument(
                parameter: "meters", value: radius, problem: .outOfRange(lowerBound: 0, upperBound: 2e7))
        }
        return (c, radius)
    }

    static func tooMany(_ limit: Int) -> InvalidArgument {
        InvalidArgument(
            parameter: "limit", value: Double(limit),
            problem: .inconsistent("the cover would hold more than \(limit) tiles"))
    }

    /// Points in tile units of zoom `z`, each longitude the short way from the one before.
    static func plane(_ path: [Coordinate], zoom z: Int) throws(InvalidArgument) -> [MercatorPoint] {
        let n = Double(1 << z)
        var out: [MercatorPoint] = []
        var previous: Coordinate?
        out.reserveCapacity(path.count)
        for (i, raw) in path.enumerated() {
            let c = try raw.validated("coordinate \(i)")
            var x = WebMercator.x(longitude: c.longitude) * n
            if let p = previous, let last = out.last {
                x = last.x + Angle.shortestDelta(from: p.longitude, to: c.longitude) / 360 * n
            }
            out.append(MercatorPoint(x: x, y: WebMercator.y(latitude: c.latitude) * n))
            previous = c
        }
        return out
    }

    /// Column indices an x extent reaches (at least the one it starts in; not wrapped).
    static func columns(_ x0: Double, _ x1: Double, n: Double) -> ClosedRange<Int> {
        let first = Int(x0.rounded(.down))
        return first...Swift.max(first, Viewport.lastIndex(below: Swift.min(x1, x0 + n)))
    }

    /// Row indices a y extent reaches inside the world.
    static func rowRange(_ y0: Double, _ y1: Double, n: Double) -> ClosedRange<Int> {
        let top = Swift.min(Swift.max(Int(y0.rounded(.down)), 0), Int(n) - 1)
        return top...Swift.min(Swift.max(top, Viewport.lastIndex(below: y1)), Int(n) - 1)
    }

    static func wrap(_ col: Int, _ n: Double) -> Int { ((col % Int(n)) + Int(n)) % Int(n) }
}
