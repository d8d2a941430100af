import Foundation
import MeridianCamera

/// Writes a PMTiles v3 archive from tiles in memory: header, a gzipped root directory (with
/// gzipped leaf directories when the root would not fit in the first 16 KiB), JSON metadata,
/// then the tile data in tile-id order (clustered; identical tiles stored once, consecutive
/// ids of one tile as one run). What ``PMTiles`` and every PMTiles client read.
public enum PMTilesArchiveWriter {
    /// Entries per leaf directory when leaves are needed.
    static let leafSize = 4096
    /// The header and root directory together must fit here (the spec's first read).
    static let firstRead = 16_384

    /// Writes `tiles` (stored bytes by XYZ id; vector tiles gzipped) to `path`, replacing a
    /// file there; `metadata` is the JSON object written as the archive's metadata.
    /// - Throws: ``TileError/write(path:reason:)`` when the file cannot be written.
    public static func write(
        _ tiles: [TileID: [UInt8]], to path: String, type: PMTiles.Header.TileType,
        tileCompression: PMTiles.Header.Compression,
        bounds: (west: Double, south: Double, east: Double, north: Double), metadata: [UInt8]
    ) throws(TileError) {
        let sorted = tiles.map { (PMTilesDirectory.tileID(z: $0.key.z, x: $0.key.x, y: $0.key.y), $0.key, $0.value) }
            .sorted { $0.0 < $1.0 }
        var data: [UInt8] = []
        var entries: [PMTilesDirectory.Entry] = []
        var stored: [[UInt8]: UInt64] = [:]
        for (id, _, bytes) in sorted {
            if let last = entries.last, last.tileID + UInt64(last.runLength) == id, stored[bytes] == last.offset,
                UInt64(bytes.count) == UInt64(last.length)
            {
                entries[entries.count - 1].runLength += 1
                continue
            }
            let offset = stored[bytes] ?? UInt64(data.count)
            if stored[bytes] == nil {
                stored[bytes] = offset
                data += bytes
            }
            entries.append(
                PMTilesDirectory.Entry(tileID: id, offset: offset, length: UInt32(bytes.count), runLength: 1))
        }
        var root = try Gzip.compress(encode(entries))
        var leaves: [UInt8] = []
        if PMTiles.headerSize + root.count > firstRead {
            var pointers: [PMTilesDirectory.Entry] = []
            for start in stride(from: 0, to: entries.count, by: leafSize) {
                let leaf = try Gzip.compress(encode(Array(entries[start..<min(start + leafSize, entries.count)])))
                pointers.append(
                    PMTilesDirectory.Entry(
                        tileID: entries[start].tileID, offset: UInt64(leaves.count), length: UInt32(leaf.count),
                        runLength: 0))
                leaves += leaf
            }
            root = try Gzip.compress(encode(pointers))
        }
        let meta = try Gzip.compress(metadata)
        let rootOffset = UInt64(PMTiles.headerSize)
        let metaOffset = rootOffset + UInt64(root.count)
        let leafOffset = metaOffset + UInt64(meta.count)
        let dataOffset = leafOffset + UInt64(leaves.count)
        let zooms = sorted.map(\.1.z)
        var header = [UInt8]("PMTiles".utf8) + [3]
        for v in [
            rootOffset, UInt64(root.count), metaOffset, UInt64(meta.count), leafOffset, UInt64(leaves.count),
            dataOffset, UInt64(data.count),
            UInt64(tiles.count), UInt64(entries.count), UInt64(stored.count),
        ] { header += le(v, 8) }
        header += [
            1, PMTiles.Header.Compression.gzip.rawValue, tileCompression.rawValue, type.rawValue,
            UInt8(zooms.min() ?? 0), UInt8(zooms.max() ?? 0),
        ]
        for d in [bounds.west, bounds.south, bounds.east, bounds.north] { header += degrees(d) }
        header +=
            [UInt8(zooms.min() ?? 0)] + degrees((bounds.west + bounds.east) / 2)
            + degrees((bounds.south + bounds.north) / 2)
        let file = header + root + meta + leaves + data
        do { try Data(file).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw .write(path: path, reason: "\(error)")
        }
    }

    /// A directory's bytes (the inverse of ``PMTilesDirectory/decode(_:)``): count, id deltas,
    /// run lengths, lengths, offsets (0 when right after the previous entry, else offset + 1).
    static func encode(_ entries: [PMTilesDirectory.Entry]) -> [UInt8] {
        var out = Protobuf.varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            out += Protobuf.varint(e.tileID - last)
            last = e.tileID
        }
        for e in entries { out += Protobuf.varint(UInt64(e.runLength)) }
        for e in entries { out += Protobuf.varint(UInt64(e.length)) }
        for (i, e) in entries.enumerated() {
            let follows = i > 0 && e.offset == entries[i - 1].offset + UInt64(entries[i - 1].length)
            out += Protobuf.varint(follows ? 0 : e.offset + 1)
        }
        return out
    }

    static func le(_ v: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }

    static func degrees(_ d: Double) -> [UInt8] { le(UInt64(UInt32(bitPattern: Int32((d * 1e7).rounded()))), 4) }
}
