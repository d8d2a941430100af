import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTiles

/// An offline region: the tiles covering bounds at some zooms, copied from every vector source
/// of a style into one archive (`TilePack`: an MBTiles file or a PMTiles archive) that
/// `meridian render --data REGION` draws on its own, as the Maps SDKs of other vendors offer
/// offline packs.
///
/// For each source, the zooms copied are those the map would read for the asked zooms: a zoom
/// past the source's last is drawn from its last (so that one is copied), a zoom before its
/// first draws nothing from it. Each tile is the source's regions at that id joined (as the
/// server's `/data` route joins them), stored gzipped. Raster sources are not packed (an
/// archive holds one tile per id, and imagery cannot share it with vector data): they are
/// listed in ``Summary/skipped``.
public enum RegionExtractor {
    /// Most tiles one extract copies (every source and zoom together).
    public static let maxTiles = 200_000

    /// What an extract wrote.
    public struct Summary: Sendable {
        /// Tiles written per source and zoom.
        public var counts: [(source: String, zoom: Int, tiles: Int)] = []
        /// Tiles in the archive (ids holding any source).
        public var tiles = 0
        /// Sources left out, with why.
        public var skipped: [(source: String, reason: String)] = []
        public var bytes = 0
    }

    /// Copies the tiles covering `bounds` at `zooms` of `sources` (by the style's source names)
    /// into a new archive at `output` (`.mbtiles` or `.pmtiles`, replaced if there).
    /// The archive is written under a temporary name and renamed into place.
    /// - Throws: ``DataError/unsupported(path:reason:)`` for another extension, an output that is
    ///   one of the tilesets read or lies inside one of `dataFolders` (import a region into it instead),
    ///   no vector source with tiles there, or more than ``maxTiles``; ``DataError/tiles(_:)`` for
    ///   a tileset that cannot be read or an archive that cannot be written. Nothing is left at
    ///   `output` then.
    public static func extract(
        sources: [String: TileSource], bounds: CoordinateBounds, zooms: ClosedRange<Int>, to output: String,
        dataFolders: [String] = []
    ) throws(DataError) -> Summary {
        try checkOutput(output, inputs: sources.values.flatMap { $0.tilesets.map(\.path) }, dataFolders: dataFolders)
        let format = (output as NSString).pathExtension.lowercased()
        guard format == "mbtiles" || format == "pmtiles" else {
            throw .unsupported(path: output, reason: "the region is written as .mbtiles or .pmtiles")
        }
        guard let south = bounds.south, let north = bounds.north, let west = bounds.west, let east = bounds.east else {
            throw .unsupported(path: output, reason: "the bounds are empty")
        }
        var summary = Summary()
        var merged: [TileID: [(source: String, bytes: [UInt8])]] = [:]
        var packed: [String: TilePack.Source] = [:]
        var copied = 0
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let vector = TileSource(name: name, tilesets: source.tilesets.filter { $0.info.content == .vector })
            guard !vector.tilesets.isEmpty, let range = vector.zoomRange else {
                summary.skipped.append((name, source.tilesets.isEmpty ? "no tilesets" : "raster imagery is not packed"))
                continue
            }
            guard zooms.upperBound >= range.lowerBound else {
                summary.skipped.append((name, "its zooms \(range) start after \(zooms)"))
                continue
            }
            let copy =
                min(max(zooms.lowerBound, range.lowerBound), range.upperBound)...min(zooms.upperBound, range.upperBound)
            var layers: [String] = []
            for z in copy {
                let cover: [TileID]
                do { cover = try TileCover.tiles(in: bounds, zoom: z, limit: maxTiles - copied) } catch {
                    throw .unsupported(
                        path: output,
                        reason: "the region holds more than \(maxTiles) tiles; choose smaller bounds or fewer zooms")
                }
                var count = 0
                for id in cover {
                    let joined: [UInt8]?
                    do { joined = try vector.joinedTile(id) } catch { throw .tiles(error) }
                    guard let bytes = joined else { continue }
                    do { for l in try TilePack.layerNames(bytes) where !layers.contains(l) { layers.append(l) } } catch
                    { throw .tiles(error) }
                    merged[id, default: []].append((name, bytes))
                    count += 1
                }
                copied += count
                summary.counts.append((name, z, count))
            }
            let credit = vector.attributions.joined(separator: " · ")
            packed[name] = TilePack.Source(
                minzoom: copy.lowerBound, maxzoom: copy.upperBound, attribution: credit.isEmpty ? nil : credit,
                layers: layers)
        }
        guard !merged.isEmpty else {
            throw .unsupported(path: output, reason: "no vector source has tiles in these bounds and zooms")
        }
        var tiles: [TileID: [UInt8]] = [:]
        do { for (id, parts) in merged { tiles[id] = try Gzip.compress(TilePack.merge(parts)) } } catch {
            throw .tiles(error)
        }
        summary.tiles = tiles.count
        let metadata = try Self.metadata(packed, bounds: (west, south, east, north), zooms: tiles.keys.map(\.z))
        do {
            if format == "mbtiles" {
                let writer = try MBTilesWriter(path: output)
                for (id, bytes) in tiles.sorted(by: { ($0.key.z, $0.key.x, $0.key.y) < ($1.key.z, $1.key.x, $1.key.y) })
                { try writer.add(id, bytes) }
                try writer.finish(metadata: metadata.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            } else {
                let json = try JSONSerialization.data(
                    withJSONObject: metadata.mapValues { $0 as Any }, options: [.sortedKeys])
                try PMTilesArchiveWriter.write(
                    tiles, to: output, type: .mvt, tileCompression: .gzip, bounds: (west, south, east, north),
                    metadata: [UInt8](json))
            }
        } catch let error as TileError { throw .tiles(error) } catch { throw .io(path: output, reason: "\(error)") }
        summary.bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        return summary
    }

    /// Refuses an output that is one of the inputs (it would replace the tileset being read) or
    /// lies inside a data folder (a region goes there through `meridian data import`)
    /// (`OutputGuard`).
    static func checkOutput(_ output: String, inputs: [String], dataFolders: [String]) throws(DataError) {
        if let reason = OutputGuard.refusal(
            output, inputs: inputs, what: "tilesets the region is read from", dataFolders: dataFolders)
        {
            throw .unsupported(path: output, reason: reason)
        }
    }

    /// The archive's metadata: MBTiles 1.3 keys (and the same keys in PMTiles' JSON), the
    /// prefixed `vector_layers`, and the pack's source list.
    static func metadata(
        _ packed: [String: TilePack.Source], bounds: (Double, Double, Double, Double), zooms: [Int]
    ) throws(DataError) -> [String: String] {
        let layers = packed.sorted { $0.key < $1.key }.flatMap { name, source in
            source.layers.map { ["id": name + TilePack.separator + $0, "fields": [String: String]()] as [String: Any] }
        }
        // Each credit once, in source order (two sources may both credit the same data).
        var credits: [String] = []
        for part in packed.keys.sorted().compactMap({ packed[$0]?.attribution }).flatMap({
            $0.components(separatedBy: " · ")
        }) where !credits.contains(part) {
            credits.append(part)
        }
        let sources: Data
        let json: Data
        do {
            sources = try JSONEncoder().encode(packed)
            json = try JSONSerialization.data(withJSONObject: ["vector_layers": layers], options: [.sortedKeys])
        } catch { throw .io(path: "metadata", reason: "\(error)") }
        let (w, s, e, n) = bounds
        return [
            "name": "Meridian offline region", "format": "pbf", "type": "overlay", "version": "1",
            "minzoom": "\(zooms.min() ?? 0)", "maxzoom": "\(zooms.max() ?? 0)",
            "bounds": "\(w),\(s),\(e),\(n)", "center": "\((w + e) / 2),\((s + n) / 2),\(zooms.min() ?? 0)",
            "attribution": credits.joined(separator: " · "),
            "json": String(decoding: json, as: UTF8.self),
            TilePack.metadataKey: String(decoding: sources, as: UTF8.self),
        ]
    }
}
