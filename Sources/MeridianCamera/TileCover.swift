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
/// the world; latitudes are clamped to the Mercator world (±85.0511°).
///
/// Every function throws `InvalidArgument` naming the argument for a zoom outside 0...30, a
/// non-finite coordinate or radius, or a cover that would hold more than `limit` tiles.
public enum TileCover {
    /// The tiles of zoom `z` inside `bounds` (crossing the antimeridian when west > east), row
    /// by row from the north, west to east; none for empty bounds.
    public static func tiles(in bounds: CoordinateBounds, zoom z: Int, limit: Int = 1_000_000) throws(InvalidArgument) -> [TileID] {
        try check(zoom: z)
        guard let south = bounds.south, let north = bounds.north, let west = bounds.west, let span = bounds.longitudeSpan else { return [] }
        let n = Double(1 << z)
        let x0 = WebMercator.x(longitude: west) * n, x1 = x0 + span / 360 * n
        let y0 = WebMercator.y(latitude: north) * n, y1 = WebMercator.y(latitude: south) * n
        let cols = columns(x0, x1, n: n), rows = rowRange(y0, y1, n: n)
        guard cols.count * rows.count <= limit else { throw tooMany(limit) }
        return rows.flatMap { row in cols.map { TileID(z: z, x: wrap($0, n), y: row) } }.uniqued()
    }

    /// The tiles of zoom `z` that a path's segments pass through (a single point covers its tile).
    public static func tiles(alongPath path: [Coordinate], zoom z: Int, limit: Int = 1_000_000) throws(InvalidArgument) -> [TileID] {
        try check(zoom: z)
        let points = try plane(path, zoom: z)
        var spans = RowSpans(limit: limit, vertices: points.count)
        if points.count == 1 { try spans.add(row: points[0].y, x0: points[0].x, x1: points[0].x, n: Double(1 << z)) }
        for (a, b) in zip(points, points.dropFirst()) { try spans.add(segment: a, b, n: Double(1 << z)) }
        return try spans.tiles(zoom: z, limit: limit)
    }

    /// The tiles of zoom `z` that a polygon reaches, its inside included: `rings` are the outer
    /// ring then holes (even–odd, as GeoJSON), each closed or not.
    public static func tiles(inPolygon rings: [[Coordinate]], zoom z: Int, limit: Int = 1_000_000) throws(InvalidArgument) -> [TileID] {
        try check(zoom: z)
        let n = Double(1 << z)
        var spans = RowSpans(limit: limit, vertices: rings.reduce(0) { $0 + $1.count })
        var crossings: [Int: [Double]] = [:]
        var first: MercatorPoint?
        for ring in rings where !ring.isEmpty {
            var points = try plane(ring, zoom: z)
            // Rings start on the same world copy as the outer ring (holes stay inside it).
            if let f = first { let shift = ((f.x - points[0].x) / n).rounded() * n; points = points.map { MercatorPoint(x: $0.x + shift, y: $0.y) } }
            first = first ?? points[0]
            if points.count == 1 { try spans.add(row: points[0].y, x0: points[0].x, x1: points[0].x, n: n) }
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
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
                for row in [Double(r) - 0.5, Double(r) + 0.5] { try spans.add(row: row, x0: sorted[k], x1: sorted[k + 1], n: n) }
            }
        }
        return try spans.tiles(zoom: z, limit: limit)
    }

    /// The tiles of zoom `z` within `meters` of `center` on the ground: the cover of a polygon
    /// of 256 geodesic offsets at the radius of the circle's circumscribed polygon (1.00008 ×
    /// `meters`), so every tile the circle touches is in it. `meters` must be in
    /// [0, 2e7] (half the Earth's circumference), else `InvalidArgument` naming `meters`.
    public static func tiles(around center: Coordinate, meters: Double, zoom z: Int, limit: Int = 1_000_000) throws(InvalidArgument) -> [TileID] {
        let c = try center.validated("center")
        let radius = try InvalidArgument.finite(meters, "meters")
        guard radius >= 0, radius <= 2e7 else {
            throw InvalidArgument(parameter: "meters", value: radius, problem: .outOfRange(lowerBound: 0, upperBound: 2e7))
        }
        let k = 256, r = radius / Double.cos(.pi / Double(k))
        let ring = (0..<k).map { Geodesy.offset(c, distance: r, heading: Double($0) * 360 / Double(k)) }
        return try tiles(inPolygon: [ring], zoom: z, limit: limit)
    }

    /// Each zoom of `zooms` with its cover by `cover`, in zoom order.
    /// - Throws: as `cover`, and for a zoom range outside 0...30.
    public static func byZoom(_ zooms: ClosedRange<Int>, _ cover: (Int) throws(InvalidArgument) -> [TileID]) throws(InvalidArgument) -> [(zoom: Int, tiles: [TileID])] {
        try check(zoom: zooms.lowerBound)
        try check(zoom: zooms.upperBound)
        var out: [(zoom: Int, tiles: [TileID])] = []
        for z in zooms { out.append((z, try cover(z))) }
        return out
    }

    // MARK: - In tile units

    static func check(zoom z: Int) throws(InvalidArgument) {
        guard (0...30).contains(z) else {
            throw InvalidArgument(parameter: "zoom", value: Double(z), problem: .outOfRange(lowerBound: 0, upperBound: 30))
        }
    }

    static func tooMany(_ limit: Int) -> InvalidArgument {
        InvalidArgument(parameter: "limit", value: Double(limit), problem: .inconsistent("the cover would hold more than \(limit) tiles"))
    }

    /// Points in tile units of zoom `z`, each longitude the short way from the one before.
    static func plane(_ path: [Coordinate], zoom z: Int) throws(InvalidArgument) -> [MercatorPoint] {
        let n = Double(1 << z)
        var out: [MercatorPoint] = [], previous: Coordinate?
        out.reserveCapacity(path.count)
        for (i, raw) in path.enumerated() {
            let c = try raw.validated("coordinate \(i)")
            var x = WebMercator.x(longitude: c.longitude) * n
            if let p = previous, let last = out.last { x = last.x + Angle.shortestDelta(from: p.longitude, to: c.longitude) / 360 * n }
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

/// Per row of tiles, the x extents (tile units, unwrapped) that geometry reaches in it.
/// Every step is charged to a budget (the caller's tile limit), so hostile geometry (a segment
/// across the world at zoom 30) is refused instead of looping for hours.
struct RowSpans {
    var rows: [Int: [ClosedRange<Double>]] = [:]
    let limit: Int
    var budget: Int

    /// Each tile of a cover costs at most three steps (its row piece, a crossing, a span), and
    /// each vertex a few more.
    init(limit: Int, vertices: Int) {
        self.limit = limit
        // Capped, so a limit of Int.max cannot overflow the budget.
        budget = 3 * Swift.min(Swift.max(limit, 0), Int.max / 8) + 4 * Swift.min(vertices, Int.max / 8) + 16
    }

    mutating func charge() throws(InvalidArgument) {
        budget -= 1
        guard budget >= 0 else { throw TileCover.tooMany(limit) }
    }

    /// The x extent [x0, x1] in the row containing y (rows outside the world are dropped).
    mutating func add(row y: Double, x0: Double, x1: Double, n: Double) throws(InvalidArgument) {
        try charge()
        let row = Int(y.rounded(.down))
        guard row >= 0, row < Int(n) else { return }
        rows[row, default: []].append(Swift.min(x0, x1)...Swift.max(x0, x1))
    }

    /// A segment: its piece in each row band it crosses.
    mutating func add(segment a: MercatorPoint, _ b: MercatorPoint, n: Double) throws(InvalidArgument) {
        let top = Swift.max(Swift.min(a.y, b.y), 0), bottom = Swift.min(Swift.max(a.y, b.y), n)
        guard top <= bottom else { return }
        var row = Swift.min(top.rounded(.down), n - 1)
        repeat {
            let lo = Swift.max(top, row), hi = Swift.min(bottom, row + 1)
            if lo <= hi {
                let xa = a.y == b.y ? a.x : a.x + (b.x - a.x) * (lo - a.y) / (b.y - a.y)
                let xb = a.y == b.y ? b.x : a.x + (b.x - a.x) * (hi - a.y) / (b.y - a.y)
                try add(row: row + 0.5, x0: xa, x1: xb, n: n)
            }
            row += 1
        } while row < bottom
    }

    /// The tiles the extents reach, row by row from the north, west to east, each once.
    func tiles(zoom z: Int, limit: Int) throws(InvalidArgument) -> [TileID] {
        let n = Double(1 << z)
        var out: [TileID] = []
        for row in rows.keys.sorted() {
            var cols = Set<Int>()
            for extent in rows[row]! {
                for col in TileCover.columns(extent.lowerBound, extent.upperBound, n: n) {
                    cols.insert(TileCover.wrap(col, n))
                    guard cols.count + out.count <= limit else { throw TileCover.tooMany(limit) }
                }
            }
            out += cols.sorted().map { TileID(z: z, x: $0, y: row) }
        }
        return out
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept at its first place only.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
