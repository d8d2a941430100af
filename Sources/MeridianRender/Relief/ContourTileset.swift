import MeridianCamera
import MeridianTiles

/// A vector source of contour lines made from elevation tilesets: a style's
/// `{"type": "vector", "url": "contours://NAME"}` (NAME an elevation tileset or a folder of them,
/// as `mbtiles://NAME` resolves). One layer, `contours`, of lines with `ele` (metres) and `level`
/// (1 on the major interval, else 0), as the maplibre-contour plugin names them, so the same
/// line and symbol layers draw either.
///
/// Each tile's lines come from the elevation tile of the same id and its eight neighbours
/// (`ContourLines`), at the intervals of ``intervals(zoom:)``; past the elevation's last zoom the
/// renderer magnifies its last tile's lines, as it does any vector source's.
public final class ContourTileset: Tileset, @unchecked Sendable {
    public let path: String
    public let info: TilesetInfo
    let elevation: [any Tileset]

    /// The URL scheme of a contour source in a style.
    public static let scheme = "contours://"

    /// - Parameters:
    ///   - name: the elevation reference after `contours://` (e.g. `elevation`), naming the source.
    ///   - elevation: the elevation tilesets (their own `encoding`, else `mapbox`).
    public init(name: String, elevation: [any Tileset]) {
        self.elevation = elevation
        path = "contours:" + name
        let ranges = elevation.compactMap(\.zoomRange)
        var info = TilesetInfo(
            name: name, content: .vector,
            zoomRange: ranges.isEmpty ? nil : ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).max()!,
            attribution: elevation.compactMap(\.info.attribution).first, vectorLayers: ["contours"])
        info.layerGeometry = ["contours": "LineString"]
        self.info = info
    }

    /// The minor and major intervals (metres) of the lines of a tile at `zoom` (Meridian's tile
    /// zooms; the plugin's demo thresholds one zoom deeper, and coarser ones above them).
    public static func intervals(zoom: Int) -> (minor: Double, major: Double) {
        switch zoom {
        case ...8: (500, 2000)
        case 9: (200, 1000)
        case 10: (100, 500)
        case 11: (50, 250)
        case 12, 13: (20, 100)
        case 14: (10, 50)
        default: (5, 25)
        }
    }

    /// No stored bytes: the tiles are made (``vectorTile(_:)``).
    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? { nil }

    /// The contour lines of tile `id`; nil where no elevation tileset has the tile.
    /// - Throws: the `TileError` of an elevation tile that cannot be read or decoded.
    public func vectorTile(_ id: TileID) throws(TileError) -> VectorTile? {
        for dem in elevation where dem.mayHold(id) && (dem.zoomRange?.contains(id.z) ?? true) {
            guard let centre = try Self.decode(dem, id) else { continue }
            var tile = centre
            var neighbours: [TileID: DEMTile] = [:]
            let n = 1 << id.z
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let y = id.y + dy
                    guard y >= 0, y < n else { continue }
                    let other = TileID(z: id.z, x: ((id.x + dx) % n + n) % n, y: y)
                    if let decoded = try Self.decode(dem, other) { neighbours[other] = decoded }
                }
            }
            tile.backfill(neighbours)
            tile.limit(to: dem.info.bounds)
            let (minor, major) = Self.intervals(zoom: id.z)
            let scale = 4096 / Double(tile.size)
            let lines = ContourLines.lines(tile, interval: minor).flatMap { Self.parts(of: $0, within: tile.within) }
                .map { ContourLines.Line(elevation: $0.elevation, points: Self.simplified($0.points, tolerance: 0.3)) }
            let features = lines.map { line in
                let isMajor = (line.elevation / major).rounded() * major == line.elevation
                return VectorTile.Feature(
                    type: .lineString,
                    properties: ["ele": .int(Int64(line.elevation.rounded())), "level": .int(isMajor ? 1 : 0)],
                    geometry: [
                        line.points.map {
                            VectorTile.Point(x: Int32(($0.x * scale).rounded()), y: Int32(($0.y * scale).rounded()))
                        }
                    ])
            }
            return VectorTile(layers: [VectorTile.Layer(name: "contours", features: features)])
        }
        return nil
    }

    /// The runs of a line's points within `within` (the model's bounds, in tile pixels), each of
    /// two points or more: a line leaving the model is cut where it leaves.
    static func parts(
        of line: ContourLines.Line, within: (x: ClosedRange<Double>, y: ClosedRange<Double>)
    ) -> [ContourLines.Line] {
        var out: [ContourLines.Line] = []
        var run: [SIMD2<Double>] = []
        for p in line.points {
            if within.x.contains(p.x) && within.y.contains(p.y) {
                run.append(p)
            } else {
                if run.count > 1 { out.append(ContourLines.Line(elevation: line.elevation, points: run)) }
                run = []
            }
        }
        if run.count > 1 { out.append(ContourLines.Line(elevation: line.elevation, points: run)) }
        return out
    }

    /// The line's points that Douglas–Peucker keeps at `tolerance` (pixels), its ends kept: the
    /// small steps a line takes from cell to cell through noisy heights are dropped, so a name can
    /// follow it (MapLibre sums a line's turns under a label) and the tile holds fewer points.
    static func simplified(_ points: [SIMD2<Double>], tolerance: Double) -> [SIMD2<Double>] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        (keep[0], keep[points.count - 1]) = (true, true)
        var stack = [(0, points.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let d = points[b] - points[a]
            let length = (d * d).sum().squareRoot()
            var (worst, at) = (-1.0, a)
            for i in a + 1..<b {
                let v = points[i] - points[a]
                let distance = length == 0 ? (v * v).sum().squareRoot() : abs(v.x * d.y - v.y * d.x) / length
                if distance > worst { (worst, at) = (distance, i) }
            }
            if worst > tolerance {
                keep[at] = true
                stack += [(a, at), (at, b)]
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// An elevation tile decoded, or nil when the tileset has none there.
    static func decode(_ dem: any Tileset, _ id: TileID) throws(TileError) -> DEMTile? {
        guard dem.mayHold(id), let bytes = try dem.data(for: id), !bytes.isEmpty else { return nil }
        let image: RasterImage
        do { image = try RasterImage(tileBytes: bytes, tile: id) } catch {
            throw .badTile(path: dem.path, tile: "\(id)", reason: "\(error)")
        }
        return DEMTile(image, id: id, encoding: dem.info.encoding ?? .mapbox)
    }
}
