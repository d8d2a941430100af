import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTiles

/// A pyramid of raster tiles to render into a PMTiles archive (`meridian tiles render`): every
/// tile of `zooms` touching `bounds`, of one map type, in one format and scale, each cut from its
/// metatile exactly as `/tiles/{z}/{x}/{y}` serves it. A job is split into ``Shard``s that
/// render on different machines and merge into the archive one machine would have written.
public struct PyramidJob: Sendable, Equatable {
    public let bounds: CoordinateBounds
    public let zooms: ClosedRange<Int>
    public let mapType: MapType
    public let format: ImageFormat
    /// 1 (256-pixel tiles) or 2 (512 pixels, the same 256-point tiles).
    public let scale: Int

    /// Most tiles a job may have.
    public static let maxTiles = 10_000_000

    /// - Throws: ``PyramidError/invalid(_:)`` naming `bounds` (empty), `zooms` (outside 0...22) or
    ///   `scale` (not 1 or 2).
    public init(
        bounds: CoordinateBounds, zooms: ClosedRange<Int>, mapType: MapType, format: ImageFormat, scale: Int
    ) throws(PyramidError) {
        guard !bounds.isEmpty else { throw .invalid("bounds: empty") }
        guard zooms.lowerBound >= 0, zooms.upperBound <= 22 else {
            throw .invalid("zooms: must lie in 0...22, got \(zooms.lowerBound)-\(zooms.upperBound)")
        }
        guard scale == 1 || scale == 2 else { throw .invalid("scale: must be 1 or 2, got \(scale)") }
        (self.bounds, self.zooms, self.mapType, self.format, self.scale) = (bounds, zooms, mapType, format, scale)
    }

    /// The job in one line, the same for every shard of it (kept in each output's metadata, so
    /// a merge refuses shards of different jobs).
    public var text: String {
        let box = [bounds.south, bounds.west, bounds.north, bounds.east].map { String(format: "%.7f", $0 ?? 0) }
        return "\(mapType.rawValue) \(format.rawValue)@\(scale)x z\(zooms.lowerBound)-\(zooms.upperBound) "
            + box.joined(separator: ",")
    }

    /// Every tile of the job with its PMTiles tile id, in tile-id order (zoom by zoom, each along
    /// the Hilbert curve: the order of the archive, in which near tiles are near).
    /// - Throws: ``PyramidError/invalid(_:)`` when the job holds more than ``maxTiles``.
    public func tiles() throws(PyramidError) -> [(id: UInt64, tile: TileID)] {
        var all: [(id: UInt64, tile: TileID)] = []
        for z in zooms {
            let cover: [TileID]
            do { cover = try TileCover.tiles(in: bounds, zoom: z, limit: Self.maxTiles - all.count) } catch {
                throw .invalid("bounds and zooms: more than \(Self.maxTiles) tiles (\(error))")
            }
            for tile in cover {
                all.append((PMTilesDirectory.tileID(z: tile.z, x: tile.x, y: tile.y), tile))
            }
        }
        return all.sorted { $0.id < $1.id }
    }

    /// The archive's JSON metadata (keys sorted: the same bytes for every run of the job), with
    /// `shard` for a shard's own output.
    func metadata(shard: Shard?, attribution: String) -> [UInt8] {
        var object: [String: Any] = [
            "name": "meridian \(mapType.rawValue)", "format": format == .jpeg ? "jpg" : format.rawValue,
            "type": "baselayer", "minzoom": zooms.lowerBound, "maxzoom": zooms.upperBound,
            "bounds": [bounds.west ?? 0, bounds.south ?? 0, bounds.east ?? 0, bounds.north ?? 0].map(\.rounded7),
            "attribution": attribution, "meridian:job": text,
        ]
        if scale == 2 { object["tilesize"] = 512 }
        if let shard { object["meridian:shard"] = shard.text }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return [UInt8](data ?? Data("{}".utf8))
    }

    /// The PMTiles tile type of the job's format.
    var tileType: PMTiles.Header.TileType {
        switch format {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        }
    }
}

extension Double {
    /// Rounded to 7 decimals (what a PMTiles header keeps of a degree).
    var rounded7: Double { (self * 1e7).rounded() / 1e7 }
}

/// One of `count` parts of a job (`index` from 1), written `i/n`.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// - Throws: ``PyramidError/invalid(_:)`` unless `text` is `i/n` with 1 ≤ i ≤ n ≤ 10 000.
    public init(_ text: String) throws(PyramidError) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...10_000).contains(n),
            (1...n).contains(i)
        else { throw .invalid("shard: must be i/n with 1 ≤ i ≤ n ≤ 10000, got '\(text)'") }
        (index, count) = (i, n)
    }

    public var text: String { "\(index)/\(count)" }

    /// The run of `weights` (in tile-id order) this shard renders: the tiles whose weight's
    /// middle falls in this shard's equal share of the whole, so shards cost alike however the
    /// data's density varies, and together hold every tile once.
    public func range(of weights: [Double]) -> Range<Int> {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0..<0 }
        var (start, end) = (weights.count, weights.count)
        var before = 0.0
        for (i, w) in weights.enumerated() {
            // Which share the tile's middle falls in, 0-based.
            let share = Swift.min(count - 1, Int(((before + w / 2) / total * Double(count)).rounded(.down)))
            if share >= index - 1 && start == weights.count { start = i }
            if share >= index {
                end = i
                break
            }
            before += w
        }
        return start..<Swift.max(start, end)
    }
}

/// Why a pyramid could not be rendered or merged, naming what was wrong.
public enum PyramidError: Error, Equatable, CustomStringConvertible {
    /// An argument of the job is out of its range.
    case invalid(String)
    /// The journal at `path` cannot be used (another job's, unreadable, unwritable).
    case journal(path: String, reason: String)
    /// Shards that do not make one archive (another job's, missing, repeated).
    case merge(String)
    /// A tile could not be drawn, or the archive written.
    case failed(String)

    public var description: String {
        switch self {
        case let .invalid(what): what
        case let .journal(path, reason): "journal \(path): \(reason)"
        case let .merge(what): "merge: \(what)"
        case let .failed(what): what
        }
    }
}
