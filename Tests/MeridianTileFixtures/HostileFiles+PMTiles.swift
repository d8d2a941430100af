import Foundation
import MeridianTiles

extension HostileFiles {
    /// One directory entry as the PMTiles spec writes it.
    struct Entry { var id: UInt64, run: UInt64, length: UInt64, offset: UInt64 }

    /// A directory's bytes: count, id deltas, runs, lengths, offsets + 1 (never "contiguous").
    /// `lieCount` writes a count past the entries that follow.
    static func directory(_ entries: [Entry], lieCount: UInt64? = nil) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(v & 0x7f) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        varint(lieCount ?? UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            varint(e.id &- last)
            last = e.id
        }
        for e in entries { varint(e.run) }
        for e in entries { varint(e.length) }
        for e in entries { varint(e.offset &+ 1) }
        return out
    }

    /// A number that is extreme a third of the time, else below `ordinary`.
    mutating func number(below ordinary: UInt64) -> UInt64 {
        chance(3)
            ? pick([0, 1, 127, 1 << 31, 1 << 32, 1 << 62, UInt64(Int64.max), UInt64.max - 1, UInt64.max])
            : random.next() % max(ordinary, 1)
    }

    /// A hostile PMTiles archive and its traits.
    public mutating func pmtiles() -> (bytes: [UInt8], traits: [String]) {
        var traits: [String] = []
        let gzipped = !chance(3)
        let pack = { (bytes: [UInt8]) in gzipped ? gzip(bytes) : bytes }
        // Tile data: a few tiles, some valid gzip vector tiles.
        var data: [UInt8] = []
        var spans: [(offset: UInt64, length: UInt64)] = []
        for _ in 0..<(1 + below(6)) {
            let bytes =
                !chance(3)
                ? gzip(random.tileBytes()) : (0..<below(200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            spans.append((UInt64(data.count), UInt64(bytes.count)))
            data += bytes
        }
        // Entries for most of the targets (ids sorted), some with lying runs, lengths or
        // offsets, and a few at ids nothing asks for.
        var entries: [Entry] = []
        for target in Self.targets where !chance(5) {
            let span = pick(spans)
            entries.append(
                Entry(
                    id: PMTilesDirectory.tileID(z: target.z, x: target.x, y: target.y),
                    run: chance(8) ? number(below: 1 << 20) : 1,
                    length: chance(10) ? number(below: 1 << 30) : span.length,
                    offset: chance(10) ? number(below: 1 << 30) : span.offset))
        }
        if chance(3) {
            let span = pick(spans)
            entries.append(Entry(id: number(below: 1 << 30), run: 1, length: span.length, offset: span.offset))
        }
        entries.sort { $0.id < $1.id }
        if chance(12), entries.count > 1 {
            entries.swapAt(0, entries.count - 1)
            traits.append("unsorted")
        }
        // Half the time in leaves of one to three entries, the root pointing at them; now and
        // then a leaf also points at itself (a cycle) or at a leaf section that is not there.
        var leaves: [UInt8] = []
        var root: [UInt8]
        if chance(2), !entries.isEmpty {
            var pointers: [Entry] = []
            var start = 0
            while start < entries.count {
                var part = Array(entries[start..<min(entries.count, start + 1 + below(3))])
                start += part.count
                let at = UInt64(leaves.count)
                if chance(6) {
                    part.append(Entry(id: part.last!.id &+ 1, run: 0, length: 64, offset: at))
                    traits.append("leaf cycle")
                }
                let leaf = pack(Self.directory(part, lieCount: chance(10) ? number(below: 1 << 20) : nil))
                pointers.append(
                    Entry(
                        id: part[0].id, run: 0, length: chance(10) ? number(below: 1 << 20) : UInt64(leaf.count),
                        offset: chance(10) ? number(below: 1 << 20) : at))
                leaves += leaf
            }
            root = pack(Self.directory(pointers))
            traits.append("leaves")
        } else {
            root = pack(Self.directory(entries, lieCount: chance(10) ? number(below: 1 << 24) : nil))
        }
        if chance(10) {
            root = Self.bomb
            traits.append("root directory bomb")
        }
        let layers =
            "{\"name\":\"x\",\"vector_layers\":[{\"id\":\"transportation\"},{\"id\":\"building\"},{\"id\":\"water\"}]}"
        var metadata = pack(
            Array((chance(2) ? layers : pick(["{}", "[1,2]", "{\"vector_layers\":7}", "{", "null"])).utf8))
        if chance(10) {
            metadata = Self.bomb
            traits.append("metadata bomb")
        }
        // The header: consistent, with fields made to lie now and then.
        var fields: [UInt64] = []
        let rootAt: UInt64 = 127
        let metaAt = rootAt + UInt64(root.count)
        let leafAt = metaAt + UInt64(metadata.count)
        let dataAt = leafAt + UInt64(leaves.count)
        fields = [
            rootAt, UInt64(root.count), metaAt, UInt64(metadata.count), leafAt, UInt64(leaves.count), dataAt,
            UInt64(data.count), 10, 10, 10,
        ]
        for i in fields.indices where chance(14) {
            fields[i] = number(below: UInt64(data.count) + dataAt)
            traits.append("header field \(i) lies")
        }
        var header =
            [UInt8]((chance(30) ? "PMTilez" : "PMTiles").utf8) + [
                chance(20) ? UInt8(truncatingIfNeeded: random.next()) : 3
            ]
        for f in fields { for i in 0..<8 { header.append(UInt8(truncatingIfNeeded: f >> (8 * UInt64(i)))) } }
        let compression: UInt8 = chance(12) ? pick([0, 3, 4, 200]) : (gzipped ? 2 : 1)
        let minZoom = chance(8) ? UInt8(below(16)) : 0
        let maxZoom = chance(8) ? UInt8(below(256)) : 14
        header += [1, compression, chance(6) ? pick([0, 9]) : 2, chance(6) ? pick([2, 0, 77]) : 1, minZoom, maxZoom]
        for degrees in [24.9, 60.1, 25, 60.2] {
            let v = chance(6) ? UInt32(truncatingIfNeeded: random.next()) : UInt32(bitPattern: Int32(degrees * 1e7))
            header += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * UInt32($0))) }
        }
        header.append(UInt8(below(30)))
        for _ in 0..<8 { header.append(UInt8(truncatingIfNeeded: random.next())) }
        var bytes = header + root + metadata + leaves + data
        if chance(6) {
            for _ in 0..<(1 + below(6)) { bytes[below(bytes.count)] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
            traits.append("flipped bytes")
        }
        if chance(12) {
            bytes = Array(bytes.prefix(below(bytes.count)))
            traits.append("cut short")
        }
        return (bytes, traits)
    }
}
