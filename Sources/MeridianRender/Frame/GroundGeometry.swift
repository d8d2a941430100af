import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// Geometry on its way from a tile to the screen: tile coordinates → normalised world points
/// (the world copy nearest the camera) → clipped at the near plane → screen points.
struct GroundGeometry {
    /// Geometry nearer than this fraction of the eye-to-target depth is cut off before the
    /// perspective divide (it would be behind or beside the eye); the visible ground at tilt
    /// ≤ 65° always lies deeper than 0.5.
    static let nearDepth = 0.1

    let viewport: Viewport

    /// World points of a tile's part, with the tile moved by whole worlds to the copy nearest
    /// the target.
    func world(_ part: [VectorTile.Point], tile: TileID, extent: Int) -> [MercatorPoint] {
        let n = Double(1 << tile.z)
        let e = Double(extent)
        let tx = column(tile, n)
        return part.map { MercatorPoint(x: (tx + Double($0.x) / e) / n, y: (Double(tile.y) + Double($0.y) / e) / n) }
    }

    /// ``world(_:tile:extent:)`` of one point (no array).
    func world(_ point: VectorTile.Point, tile: TileID, extent: Int) -> MercatorPoint {
        let n = Double(1 << tile.z)
        let e = Double(extent)
        let tx = column(tile, n)
        return MercatorPoint(x: (tx + Double(point.x) / e) / n, y: (Double(tile.y) + Double(point.y) / e) / n)
    }

    /// The tile's column: its id's own, which names its world copy (``WorldCopies``: a copy
    /// other than the first has a column outside 0..<n).
    private func column(_ tile: TileID, _ n: Double) -> Double { Double(tile.x) }

    /// Points at the next whole zoom: the tolerance to which fill rings are thinned
    /// (``RingThinning``).
    static let ringStep = 0.5

    /// World points of a coordinate path: the first point at the world copy nearest the
    /// target, each next one the short way from the one before (so a path across the
    /// antimeridian stays continuous).
    func world(_ path: [Coordinate]) -> [MercatorPoint] {
        var out: [MercatorPoint] = []
        out.reserveCapacity(path.count)
        var previous: Coordinate?
        for c in path {
            var p = WebMercator.project(c)
            if let last = out.last, let prev = previous {
                p.x = last.x + Angle.shortestDelta(from: prev.longitude, to: c.longitude) / 360
            } else {
                p.x -= (p.x - viewport.targetWorld.x).rounded()
            }
            out.append(p)
            previous = c
        }
        return out
    }

    /// A closed ring clipped to the near side (Sutherland–Hodgman on the depth, which is affine on
    /// the ground), then projected.
    ///
    /// Empty when wholly too near.
    func ring(_ points: [MercatorPoint]) -> [ScreenPoint] {
        guard points.count >= 3 else { return [] }
        let depths = points.map(viewport.depthRatio(forWorld:))
        var kept: [MercatorPoint] = []
        for i in points.indices {
            let j = (i + 1) % points.count
            let (a, b, da, db) = (points[i], points[j], depths[i], depths[j])
            if da >= Self.nearDepth { kept.append(a) }
            if (da >= Self.nearDepth) != (db >= Self.nearDepth) { kept.append(Self.cut(a, b, da, db)) }
        }
        return kept.compactMap(viewport.point(forWorld:))
    }

    /// An open line split into the pieces on the near side, projected.
    func line(_ points: [MercatorPoint]) -> [[ScreenPoint]] {
        var pieces: [[ScreenPoint]] = []
        var current: [MercatorPoint] = []
        let depths = points.map(viewport.depthRatio(forWorld:))
        for i in points.indices {
            if depths[i] >= Self.nearDepth {
                if i > 0, depths[i - 1] < Self.nearDepth {
                    current.append(Self.cut(points[i - 1], points[i], depths[i - 1], depths[i]))
                }
                current.append(points[i])
            } else if !current.isEmpty {
                current.append(Self.cut(points[i - 1], points[i], depths[i - 1], depths[i]))
                pieces.append(current.compactMap(viewport.point(forWorld:)))
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current.compactMap(viewport.point(forWorld:))) }
        return pieces.filter { $0.count >= 2 }
    }

    /// Mean depth ratio of some points (1 when there are none).
    func meanDepth(_ points: [MercatorPoint]) -> Double {
        points.isEmpty
            ? 1
            : max(Self.nearDepth, points.reduce(0) { $0 + viewport.depthRatio(forWorld: $1) } / Double(points.count))
    }

    static func cut(_ a: MercatorPoint, _ b: MercatorPoint, _ da: Double, _ db: Double) -> MercatorPoint {
        let t = (da - nearDepth) / (da - db)
        return MercatorPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
