import MeridianCamera
import MeridianGeometry

/// Tiles in the world's copies.
///
/// A view wider than the world (a whole-world metatile with its label margin, a low-zoom static
/// map) shows the same tile in two or more copies side by side, and a label across ±180° is placed
/// in both, so each side draws its part. A tile of a copy is its id with the column moved by whole
/// worlds (outside 0..<2^z for every copy but the first); it reads, caches and prepares as its
/// wrapped id, and is drawn where its column says.
enum WorldCopies {
    /// The copies (whole worlds to add) of tile `id` that `viewport` shows.
    ///
    /// Flat: every copy whose ground meets the view's (at most 16). Tilted: the copy nearest the
    /// camera's target alone (a tilted view never spans the world: the tilt curve holds it to 30°
    /// below zoom 10).
    static func copies(of id: TileID, in viewport: Viewport) -> [Int] {
        copies(of: id, target: viewport.targetWorld.x, extent: extent(viewport))
    }

    /// The ids of every copy of every tile of `cover` that `viewport` shows (the view's extent
    /// worked out once).
    static func ids(_ cover: [TileID], in viewport: Viewport) -> [TileID] {
        let target = viewport.targetWorld.x
        let extent = extent(viewport)
        return cover.flatMap { id in copies(of: id, target: target, extent: extent).map { moved(id, by: $0) } }
    }

    /// The flat view's x extent; nil under tilt.
    static func extent(_ viewport: Viewport) -> (Double, Double)? {
        viewport.camera.tilt == 0 ? xExtent(viewport) : nil
    }

    /// ``copies(of:in:)`` with the view's target x and flat x extent (nil under tilt) given.
    static func copies(of id: TileID, target: Double, extent: (Double, Double)?) -> [Int] {
        let n = Double(1 << id.z)
        return copies(spanning: Double(id.x) / n, Double(id.x + 1) / n, target: target, extent: extent)
    }

    /// The copies (whole worlds to add) of the span `lo`…`hi` of the world's x (normalised) that a
    /// view with this target x and flat x extent shows: flat, every copy whose span meets the
    /// extent (more than touching it; at most 16); tilted (no extent), or when none does, the copy
    /// nearest the target. A span or target beyond ±10⁶ worlds (an image source's hostile corner)
    /// has its own copy alone, 0.
    static func copies(spanning lo: Double, _ hi: Double, target: Double, extent: (Double, Double)?) -> [Int] {
        guard [lo, hi, target].allSatisfy({ abs($0) < 1e6 }) else { return [0] }
        let nearest = Int((target - (lo + hi) / 2).rounded())
        guard let (minX, maxX) = extent else { return [nearest] }
        // Copy k spans [lo + k, hi + k]: it overlaps [minX, maxX] for these k.
        let low = Int((minX - hi + 1e-9).rounded(.up))
        let high = Int((maxX - lo - 1e-9).rounded(.down))
        guard low <= high else { return [nearest] }
        return Array(low...Swift.min(high, low + 15))
    }

    /// The world x extent (unwrapped, around the target's copy) of a flat view's frame.
    static func xExtent(_ viewport: Viewport) -> (Double, Double)? {
        let s = viewport.size
        let xs = [
            ScreenPoint(x: 0, y: 0), ScreenPoint(x: s.width, y: 0), ScreenPoint(x: 0, y: s.height),
            ScreenPoint(x: s.width, y: s.height),
        ]
        .compactMap { viewport.worldPoint(for: $0)?.x }
        guard xs.count == 4, let lo = xs.min(), let hi = xs.max(), lo.isFinite, hi.isFinite else { return nil }
        return (lo, hi)
    }

    /// `id` in copy `copy`: its column moved by `copy` whole worlds.
    static func moved(_ id: TileID, by copy: Int) -> TileID { TileID(z: id.z, x: id.x + copy << id.z, y: id.y) }

    /// The tile a moved id is: its column wrapped into the world.
    static func wrapped(_ id: TileID) -> TileID {
        let n = 1 << id.z
        return TileID(z: id.z, x: ((id.x % n) + n) % n, y: id.y)
    }

    /// Whole worlds between a moved id and its tile.
    static func copy(of id: TileID) -> Int { (id.x - wrapped(id).x) >> id.z }
}
