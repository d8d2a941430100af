import Foundation
import MeridianCamera

/// One source of a style: every tileset of the data folder that feeds it, in drawing order
/// (e.g. the imported regions of `openmaptiles/`). A tile is read from each tileset that has
/// it, so regions sit beside each other; each tileset keeps its own zoom range (over-zoomed
/// past its last zoom on its own). Holds open files: one per thread or task.
public struct TileSource {
    /// The source's name in the style.
    public let name: String
    public let tilesets: [any Tileset]

    public init(name: String, tilesets: [any Tileset]) { (self.name, self.tilesets) = (name, tilesets) }

    /// The credits the tilesets declare, each once, in order (an attribution of several
    /// credits joined by " · " counts as those credits).
    public var attributions: [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for declared in tilesets.compactMap(\.info.attribution) {
            for part in declared.components(separatedBy: " · ") {
                let line = part.trimmingCharacters(in: .whitespaces)
                if !line.isEmpty && seen.insert(line).inserted { out.append(line) }
            }
        }
        return out
    }

    /// The source's tile at `id`, inflated: the one tileset's that has it, or where regions meet,
    /// each one's joined layer by layer (``TileQuad/merge(_:)``: one `transportation` layer with
    /// both regions' roads, which every reader keeps, where two layers of the name would lose one);
    /// nil when none has it. What `/data/{source}` serves and an offline region stores. A tileset
    /// is asked only for tiles of its declared bounds (``Tileset/mayHold(_:)``).
    /// - Throws: the ``TileError`` of a tileset that cannot be read, or a tile that cannot be
    ///   inflated or, where regions meet, parsed.
    public func joinedTile(_ id: TileID) throws(TileError) -> [UInt8]? {
        var parts: [[UInt8]] = []
        for tileset in tilesets where tileset.mayHold(id) {
            guard let bytes = try tileset.data(for: id) else { continue }
            do { parts.append(try Inflate.decompress(bytes)) } catch {
                throw error.naming(path: tileset.path, tile: id)
            }
        }
        guard parts.count > 1 else { return parts.first.flatMap { $0.isEmpty ? nil : $0 } }
        let joined = try TileQuad.merge(parts)
        return joined.isEmpty ? nil : joined
    }

    /// The zooms any tileset has (the smallest range holding all of them); nil when none declares one.
    public var zoomRange: ClosedRange<Int>? {
        let ranges = tilesets.compactMap(\.zoomRange)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return nil }
        return lo...hi
    }
}
