import Foundation

/// An independent PMTiles v3 writer for fixtures (tests only): it shares no code with the
/// reader. Tile ids come from the Hilbert curve's d → (x, y) direction (the reader goes
/// (x, y) → d), found by walking the curve, so it suits small zooms (z ≤ 8).
public struct PMTilesWriter {
    public struct Options {
        /// Entries per leaf directory; nil keeps every entry in the root.
        public var leafSize: Int?
        /// Gzip the directories and metadata (internal compression 2), else none (1).
        public var gzipDirectories = true
        public var tileType: UInt8 = 1
        public var tileCompression: UInt8 = 1
        public var metadata: [String: Any] = [:]
        public init(leafSize: Int? = nil) { self.leafSize = leafSize }
    }

    /// (x, y) of position `d` along the Hilbert curve over a 2^z grid (Wikipedia's d2xy).
    public static func hilbertPoint(z: Int, d: Int) -> (x: Int, y: Int) {
        let n = 1 << z
        var (x, y, t) = (0, 0, d)
        var s = 1
        while s < n {
            let rx = 1 & (t / 2)
            let ry = 1 & (t ^ rx)
            if ry == 0 {
                if rx == 1 { (x, y) = (s - 1 - x, s - 1 - y) }
                swap(&x, &y)
            }
            x += s * rx
            y += s * ry
            t /= 4
            s *= 2
        }
        return (x, y)
    }

    /// The tile id by walking the curve (tests only: O(4^z)).
    public static func tileID(z: Int, x: Int, y: Int) -> UInt64 {
        let before = ((1 << (2 * z)) - 1) / 3
        for d in 0..<(1 << (2 * z)) where hilbertPoint(z: z, d: d) == (x, y) { return UInt64(before + d) }
        fatalError("no tile \(z)/\(x)/\(y)")
    }

    struct Entry { var id: UInt64, offset: UInt64, length: UInt64, run: UInt64 }

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var v = v
        while v >= 0x80 {
            out.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func directory(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        varint(UInt64(entries.count), into: &out)
        var last: UInt64 = 0
        for e in entries {
            varint(e.id - last, into: &out)
            last = e.id
        }
        for e in entries { varint(e.run, into: &out) }
        for e in entries { varint(e.length, into: &out) }
        for (i, e) in entries.enumerated() {
            let contiguous = i > 0 && e.offset == entries[i - 1].offset + entries[i - 1].length
            varint(contiguous ? 0 : e.offset + 1, into: &out)
        }
        return out
    }

    /// An archive of `tiles`; consecutive ids with the same bytes become one run.
    public static func archive(
        _ tiles: [(z: Int, x: Int, y: Int, data: [UInt8])], options: Options = Options()
    ) -> [UInt8] {
        let sorted = tiles.map { (tileID(z: $0.z, x: $0.x, y: $0.y), $0.data) }.sorted { $0.0 < $1.0 }
        var data: [UInt8] = []
        var entries: [Entry] = []
        for (id, bytes) in sorted {
            if let last = entries.last, last.id + last.run == id,
                Array(data[Int(last.offset)..<Int(last.offset + last.length)]) == bytes
            {
                entries[entries.count - 1].run += 1
                continue
            }
            entries.append(Entry(id: id, offset: UInt64(data.count), length: UInt64(bytes.count), run: 1))
            data += bytes
        }
        let pack = { (bytes: [UInt8]) in options.gzipDirectories ? gzip(bytes) : bytes }
        var root: [UInt8]
        var leaves: [UInt8] = []
        if let size = options.leafSize {
            var pointers: [Entry] = []
            for start in stride(from: 0, to: entries.count, by: size) {
                let leaf = pack(directory(Array(entries[start..<min(start + size, entries.count)])))
                pointers.append(
                    Entry(id: entries[start].id, offset: UInt64(leaves.count), length: UInt64(leaf.count), run: 0))
                leaves += leaf
            }
            root = pack(directory(pointers))
        } else {
            root = pack(directory(entries))
        }
        let json = pack([UInt8](try! JSONSerialization.data(withJSONObject: options.metadata, options: [.sortedKeys])))
        let zooms = tiles.map(\.z)
        var header = [UInt8]("PMTiles".utf8) + [3]
        func u64(_ v: Int) { for i in 0..<8 { header.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        func i32(_ v: Double) {
            let raw = UInt32(bitPattern: Int32(v * 1e7))
            for i in 0..<4 { header.append(UInt8(truncatingIfNeeded: raw >> (8 * UInt32(i)))) }
        }
        let rootAt = 127
        let metaAt = rootAt + root.count
        let leafAt = metaAt + json.count
        let dataAt = leafAt + leaves.count
        u64(rootAt)
        u64(root.count)
        u64(metaAt)
        u64(json.count)
        u64(leafAt)
        u64(leaves.count)
        u64(dataAt)
        u64(data.count)
        u64(tiles.count)
        u64(entries.count)
        u64(entries.count)
        header += [
            1, options.gzipDirectories ? 2 : 1, options.tileCompression, options.tileType, UInt8(zooms.min() ?? 0),
            UInt8(zooms.max() ?? 0),
        ]
        i32(-180)
        i32(-85)
        i32(180)
        i32(85)
        header.append(UInt8(zooms.max() ?? 0))
        i32(24.94)
        i32(60.17)
        return header + root + json + leaves + data
    }
}
