import MeridianGeometry
import RealModule

/// A map tile in the XYZ scheme: at zoom z the world is 2^z × 2^z tiles, x east from 180° W,
/// y south from the top edge.
public struct TileID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Zoom level: the world is 2^z tiles across (0...30 in every cover).
    public let z: Int
    /// Column, in 0 ..< 2^z for tiles of a cover, counting east from 180° W.
    public let x: Int
    /// Row, in 0 ..< 2^z for tiles of a cover, counting south from the top edge (85.0511° N).
    public let y: Int

    /// Creates a tile ID from zoom, column and row, kept as given (not checked against each other).
    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// The tile as `z/x/y`, the order of tile URLs.
    public var description: String { "\(z)/\(x)/\(y)" }
}

extension Viewport {
    /// The tiles of zoom `z` that intersect the visible ground (the ``visibleRegion``
    /// trapezoid under bearing and tilt), nearest the viewer first, each tile once (x wrapped
    /// around the world, rows outside the world dropped).
    /// - Throws: `InvalidArgument` naming `zoom` when `z` is outside 0...30 or the cover would
    ///   hold more than `limit` tiles (asking for far more detail than the view can show).
    public func tiles(zoom z: Int, limit: Int = 100_000) throws(InvalidArgument) -> [TileID] {
        guard (0...30).contains(z) else {
            throw InvalidArgument(
                parameter: "zoom", value: Double(z), problem: .outOfRange(lowerBound: 0, upperBound: 30))
        }
        let n = Double(1 << z)
        let scale = n / worldSize  // tile units per point
        let quad = visibleGroundOffsets().map {
            (x: targetWorld.x * n + $0.x * scale, y: targetWorld.y * n + $0.y * scale)
        }
        let ys = quad.map(\.y)
        let xs = quad.map(\.x)
        let top = Swift.max(0, Int(ys.min()!.rounded(.down)))
        let bottom = Swift.min(Int(n) - 1, Self.lastIndex(below: ys.max()!))
        guard top <= bottom else { return [] }  // no visible ground on the world (not reachable with a valid camera)
        let rows = top...bottom
        let width = Self.lastIndex(below: xs.max()!) - Int(xs.min()!.rounded(.down)) + 1
        guard rows.count * Swift.min(width, Int(n)) <= limit else {
            throw InvalidArgument(
                parameter: "zoom", value: Double(z),
                problem: .inconsistent("the view would cover more than \(limit) tiles"))
        }
        // The eye's ground position, in tile units: tiles are ordered by distance from it.
        let eyeBack = eyeDistance * sinTilt
        let eye = (
            x: targetWorld.x * n - eyeBack * sinBearing * scale, y: targetWorld.y * n + eyeBack * cosBearing * scale
        )
        var best: [TileID: Double] = [:]
        for row in rows {
            guard let span = Self.xSpan(of: quad, rowTop: Double(row), rowBottom: Double(row + 1)) else { continue }
            let first = Int(span.lowerBound.rounded(.down))
            for col in first...Swift.max(first, Self.lastIndex(below: span.upperBound)) {
                let dx = Double(col) + 0.5 - eye.x
                let dy = Double(row) + 0.5 - eye.y
                let d = dx * dx + dy * dy
                let wrapped = ((col % Int(n)) + Int(n)) % Int(n)
                let id = TileID(z: z, x: wrapped, y: row)
                if d < best[id] ?? .infinity { best[id] = d }
            }
        }
        return best.sorted { $0.value != $1.value ? $0.value < $1.value : ($0.key.x, $0.key.y) < ($1.key.x, $1.key.y) }
            .map(\.key)
    }

    /// The tile cover with coarser tiles in the distance: under tilt, a tile of zoom `z` is
    /// replaced by its ancestor `k` levels up when that ancestor's centre lies at least 2^k
    /// times deeper than the target (so tiles keep about the same size on screen), never below
    /// `minimumZoom`. Siblings share their ancestors' decisions, so the tiles never overlap and
    /// cover what ``tiles(zoom:limit:)`` covers; the nearest come first. Flat, it is that cover.
    /// - Throws: as ``tiles(zoom:limit:)``.
    public func tilesByDepth(zoom z: Int, minimumZoom: Int = 0) throws(InvalidArgument) -> [TileID] {
        let cover = try tiles(zoom: z)
        guard camera.tilt > 0, z > minimumZoom else { return cover }
        var seen: Set<TileID> = []
        var out: [TileID] = []
        for tile in cover {
            var chosen = tile
            for k in stride(from: z - Swift.max(minimumZoom, 0), through: 1, by: -1) {
                let n = Double(1 << (z - k))
                let ancestor = TileID(z: z - k, x: tile.x >> k, y: tile.y >> k)
                var center = MercatorPoint(x: (Double(ancestor.x) + 0.5) / n, y: (Double(ancestor.y) + 0.5) / n)
                center.x -= (center.x - targetWorld.x).rounded()  // the world copy nearest the target
                if depthRatio(forWorld: center) >= Double(1 << k) {
                    chosen = ancestor
                    break
                }
            }
            if seen.insert(chosen).inserted { out.append(chosen) }
        }
        return out
    }

    /// The last whole index a half-open extent ending at `end` reaches: a tile that only touches
    /// the extent's far edge is not part of it.
    static func lastIndex(below end: Double) -> Int { Int(end.rounded(.up)) - 1 }

    /// The x extent of a convex polygon within the horizontal band [rowTop, rowBottom], or nil
    /// when the polygon does not reach the band.
    static func xSpan(of polygon: [(x: Double, y: Double)], rowTop: Double, rowBottom: Double) -> ClosedRange<Double>? {
        var lo = Double.infinity
        var hi = -Double.infinity
        for (i, a) in polygon.enumerated() {
            let b = polygon[(i + 1) % polygon.count]
            // Clip the edge a→b to the band and take its x range.
            let (y0, y1) = (Swift.min(a.y, b.y), Swift.max(a.y, b.y))
            let top = Swift.max(y0, rowTop)
            let bottom = Swift.min(y1, rowBottom)
            guard top <= bottom else { continue }
            for y in [top, bottom] {
                let x = a.y == b.y ? nil : a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
                for v in x.map({ [$0] }) ?? [a.x, b.x] {
                    lo = Swift.min(lo, v)
                    hi = Swift.max(hi, v)
                }
            }
        }
        return lo <= hi ? lo...hi : nil
    }
}
