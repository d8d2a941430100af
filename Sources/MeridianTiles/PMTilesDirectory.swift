/// PMTiles v3 directories and tile ids.
///
/// A tile id counts every tile of the lower zooms first, (4^z − 1) / 3 of them, then adds the
/// tile's position along the Hilbert curve over the 2^z × 2^z grid. A directory is a varint
/// count, then four columns of varints: tile-id deltas, run lengths, lengths, and offsets (0
/// meaning "right after the previous entry", else offset + 1). An entry with run length 0
/// points at a leaf directory; otherwise it covers `runLength` consecutive ids with one tile.
public enum PMTilesDirectory {
    public struct Entry: Hashable, Sendable {
        public var tileID: UInt64
        public var offset: UInt64
        public var length: UInt32
        public var runLength: UInt32
        public init(tileID: UInt64, offset: UInt64, length: UInt32, runLength: UInt32) {
            (self.tileID, self.offset, self.length, self.runLength) = (tileID, offset, length, runLength)
        }
    }

    /// Why a directory could not be read.
    public struct Malformed: Error, Hashable { public let reason: String }

    /// Most entries in one directory: a bound on what a hostile count can allocate.
    public static let maxEntries = 1 << 22

    /// The tile id of z/x/y (z ≤ 30, x and y inside the world; not checked here).
    public static func tileID(z: Int, x: Int, y: Int) -> UInt64 {
        let before = ((UInt64(1) << (2 * UInt64(z))) - 1) / 3
        let n = UInt64(1) << UInt64(z)
        var (x, y) = (UInt64(x), UInt64(y))
        var d: UInt64 = 0
        var s = n / 2
        while s > 0 {
            let rx: UInt64 = x & s != 0 ? 1 : 0
            let ry: UInt64 = y & s != 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            // Rotate the quadrant so the curve's sub-squares line up.
            if ry == 0 {
                if rx == 1 { (x, y) = (n - 1 - x, n - 1 - y) }
                swap(&x, &y)
            }
            s /= 2
        }
        return before + d
    }

    /// Decodes an (inflated) directory.
    /// - Throws: ``Malformed`` for a truncated varint, a count over ``maxEntries`` or past the
    ///   bytes, ids out of order or overflowing, lengths over 2³² − 1, or an offset of 0 on the
    ///   first entry.
    public static func decode(_ bytes: [UInt8]) throws(Malformed) -> [Entry] {
        var at = 0
        func varint() throws(Malformed) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: UInt64(0), to: 64, by: 7) {
                guard at < bytes.count else { throw Malformed(reason: "truncated varint at byte \(at)") }
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
            }
            throw Malformed(reason: "varint longer than 10 bytes at byte \(at)")
        }
        let count = try varint()
        // Every entry takes at least four bytes: a count past that is a lie.
        guard count <= UInt64(maxEntries), count <= UInt64(bytes.count) / 4 + 1 else {
            throw Malformed(reason: "\(count) entries cannot fit in \(bytes.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var last: UInt64 = 0
        for i in entries.indices {
            let (id, overflow) = last.addingReportingOverflow(try varint())
            guard !overflow, i == 0 || id > last else {
                throw Malformed(reason: "tile ids not ascending at entry \(i)")
            }
            entries[i].tileID = id
            last = id
        }
        for i in entries.indices {
            guard let run = UInt32(exactly: try varint()) else {
                throw Malformed(reason: "run length over 2³² − 1 at entry \(i)")
            }
            entries[i].runLength = run
        }
        for i in entries.indices {
            guard let length = UInt32(exactly: try varint()) else {
                throw Malformed(reason: "length over 2³² − 1 at entry \(i)")
            }
            entries[i].length = length
        }
        for i in entries.indices {
            let raw = try varint()
            if raw == 0 {
                guard i > 0 else { throw Malformed(reason: "the first entry has no offset") }
                let (next, overflow) = entries[i - 1].offset.addingReportingOverflow(UInt64(entries[i - 1].length))
                guard !overflow else { throw Malformed(reason: "offset overflows at entry \(i)") }
                entries[i].offset = next
            } else {
                entries[i].offset = raw - 1
            }
        }
        return entries
    }

    /// The entry that holds `id`: the last entry whose id is ≤ `id`, when it is a leaf pointer
    /// (run length 0) or its run reaches `id`; nil otherwise.
    public static func find(_ id: UInt64, in entries: [Entry]) -> Entry? {
        var (lo, hi) = (0, entries.count - 1)
        while lo <= hi {
            let mid = (lo + hi) / 2
            if entries[mid].tileID == id { return entries[mid] }
            if entries[mid].tileID < id { lo = mid + 1 } else { hi = mid - 1 }
        }
        guard hi >= 0 else { return nil }
        let entry = entries[hi]
        if entry.runLength == 0 { return entry }
        return id - entry.tileID < UInt64(entry.runLength) ? entry : nil
    }
}
