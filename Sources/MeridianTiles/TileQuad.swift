/// A tile made of its four children, for clients whose tiles are 512 pixels (MapLibre): such a
/// client at zoom z shows the ground at the scale Meridian shows it at zoom z + 1 (256-point
/// tiles), so the tile it reads at z should hold what Meridian reads at z + 1, the four
/// children, or it shows at each scale the features meant for half that scale (the world at
/// MapLibre's zoom 1 had no city labels).
///
/// The join rewrites the children's bytes rather than decoding and encoding them. The layers of
/// one name and extent become one layer (readers keep one layer a name: MapLibre's parsers keep
/// the last), with the extent doubled, the children's keys and values one after another, each
/// feature's tags moved past the keys and values before its own, and each feature's first point
/// moved into its child's quarter. A geometry's cursor starts at (0, 0), so only its first
/// MoveTo changes; ids, types and every later delta are copied as they are.
public enum TileQuad {
    /// One child's layer, located in its bytes.
    struct Layer {
        let child: Int, name: String, extent: UInt64
        var version: [UInt8] = [], keys: [UInt8] = [], values: [UInt8] = []
        var keyCount = 0, valueCount = 0
        var features: [Range<Int>] = []
    }

    /// The joined tile: `children` are uncompressed Mapbox Vector Tiles with their quarter
    /// (`dx`, `dy`: 0 west or north, 1 east or south). Top-level fields other than layers are
    /// dropped.
    /// - Throws: ``TileError/malformed(_:offset:)`` for a child that does not parse, or whose
    ///   moved coordinates leave 32 bits; ``TileError/tileTooLarge(path:tile:bytes:)`` when the
    ///   result passes ``TileError/maxTileBytes``.
    public static func join(_ children: [(dx: Int, dy: Int, bytes: [UInt8])]) throws(TileError) -> [UInt8] {
        try combine(children.map { (bytes: $0.bytes, quarter: ($0.dx == 0 ? 0 : 1, $0.dy == 0 ? 0 : 1)) })
    }

    /// The tiles of one place from several regions (uncompressed Mapbox Vector Tiles of the same
    /// id) as one tile, rewritten as ``join(_:)`` rewrites children but with nothing moved: the
    /// layers of one name and extent become one layer (readers keep one layer a name, so two
    /// regions' `transportation` layers would lose one region's roads), their features in the
    /// order given. Layers of one name and different extents stay apart. Top-level fields other
    /// than layers are dropped.
    /// - Throws: as ``join(_:)``.
    public static func merge(_ tiles: [[UInt8]]) throws(TileError) -> [UInt8] {
        try combine(tiles.map { (bytes: $0, quarter: nil) })
    }

    /// Each part's layers grouped by name and extent, one layer a group: a part with a `quarter`
    /// has its features moved into that quarter of a layer of twice the extent (all parts have
    /// one, or none does).
    static func combine(_ parts: [(bytes: [UInt8], quarter: (Int64, Int64)?)]) throws(TileError) -> [UInt8] {
        let total = parts.reduce(0) { $0 + $1.bytes.count }
        guard total <= Int(TileError.maxTileBytes) else {
            throw .tileTooLarge(path: "joined tile", tile: "\(parts.count) parts", bytes: UInt64(total))
        }
        var layers: [Layer] = []
        for (i, part) in parts.enumerated() { layers += try read(part.bytes, child: i) }
        // One layer a name and extent, in the order names first appear.
        var groups: [[Layer]] = []
        for layer in layers {
            if let g = groups.firstIndex(where: { $0[0].name == layer.name && $0[0].extent == layer.extent }) {
                groups[g].append(layer)
            } else {
                groups.append([layer])
            }
        }
        var out: [UInt8] = []
        for group in groups {
            var body = group[0].version + Protobuf.string(1, group[0].name)
            var keyBase = 0
            var valueBase = 0
            for layer in group {
                let part = parts[layer.child]
                let e = Int64(layer.extent)
                let offset = part.quarter.map { ($0.0 * e, $0.1 * e) } ?? (0, 0)
                let features = part.bytes.withUnsafeBytes { raw -> Result<[UInt8], TileError> in
                    do throws(TileError) {
                        var moved: [UInt8] = []
                        for range in layer.features {
                            moved += Protobuf.bytes(2, try feature(raw, range, tags: (keyBase, valueBase), by: offset))
                        }
                        return .success(moved)
                    } catch { return .failure(error) }
                }
                body += try features.get()
                (keyBase, valueBase) = (keyBase + layer.keyCount, valueBase + layer.valueCount)
            }
            for layer in group { body += layer.keys }
            for layer in group { body += layer.values }
            let extent = group[0].extent * (parts[group[0].child].quarter == nil ? 1 : 2)
            out += Protobuf.bytes(3, body + Protobuf.uint(5, Int(extent)))
        }
        return out
    }

    /// A child's layers: name, extent (4096 when absent), its fields' bytes, its features.
    static func read(_ bytes: [UInt8], child: Int) throws(TileError) -> [Layer] {
        let result = bytes.withUnsafeBytes { raw -> Result<[Layer], TileError> in
            do throws(TileError) {
                var tile = WireReader(raw)
                var out: [Layer] = []
                while !tile.atEnd {
                    let (field, wire) = try tile.key()
                    guard field == 3, wire == 2 else {
                        try tile.skip(wire)
                        continue
                    }
                    out.append(try layer(raw, try tile.delimited(), child: child))
                }
                return .success(out)
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func layer(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>, child: Int) throws(TileError) -> Layer {
        var name = ""
        var extent: UInt64 = 4096
        var version: [UInt8] = []
        var keys: [UInt8] = []
        var values: [UInt8] = []
        var keyCount = 0
        var valueCount = 0
        var features: [Range<Int>] = []
        var r = WireReader(raw, from: range.lowerBound, to: range.upperBound)
        while !r.atEnd {
            let start = r.position
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (1, 2): name = try r.string()
            case (2, 2): features.append(try r.delimited())
            case (5, 0): extent = try r.varint()
            default:
                try r.skip(wire)
                let field = Array(UnsafeRawBufferPointer(rebasing: raw[start..<r.position]))
                switch field.first.map({ $0 >> 3 }) {
                case 3?:
                    keys += field
                    keyCount += 1
                case 4?:
                    values += field
                    valueCount += 1
                case 15?: version = field
                default: break
                }
            }
        }
        guard extent > 0, extent <= 1 << 30 else {
            throw .malformed("layer extent \(extent) out of range", offset: range.lowerBound)
        }
        var layer = Layer(child: child, name: name, extent: extent)
        (layer.version, layer.keys, layer.values, layer.keyCount, layer.valueCount, layer.features) = (
            version, keys, values, keyCount, valueCount, features
        )
        return layer
    }

    /// One feature: its tags moved past `tags` (keys, values) and its geometry's first point
    /// moved by `offset` (the rest copied).
    static func feature(
        _ raw: UnsafeRawBufferPointer, _ range: Range<Int>, tags base: (Int, Int), by offset: (Int64, Int64)
    ) throws(TileError) -> [UInt8] {
        var out: [UInt8] = []
        var r = WireReader(raw, from: range.lowerBound, to: range.upperBound)
        while !r.atEnd {
            let start = r.position
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (2, 2):
                var tags: [UInt64] = []
                try r.packedVarints(wire: wire, into: &tags)
                for i in tags.indices { tags[i] &+= UInt64(i % 2 == 0 ? base.0 : base.1) }  // (a hostile index stays out of range)
                out += Protobuf.bytes(2, tags.flatMap(Protobuf.varint))
            case (4, 2):
                var commands: [UInt64] = []
                try r.packedVarints(wire: wire, into: &commands)
                // A MoveTo (command 1) of at least one point: its first (dx, dy) is the first point.
                if commands.count >= 3, commands[0] & 7 == 1, commands[0] >> 3 >= 1 {
                    for (i, shift) in [(1, offset.0), (2, offset.1)] {
                        let (value, overflow) = WireReader.zigzag(commands[i]).addingReportingOverflow(shift)
                        guard !overflow, value >= Int64(Int32.min), value <= Int64(Int32.max) else {
                            throw .malformed("a moved coordinate leaves 32 bits", offset: start)
                        }
                        commands[i] = UInt64(bitPattern: (value << 1) ^ (value >> 63))
                    }
                }
                out += Protobuf.bytes(4, commands.flatMap(Protobuf.varint))
            default:
                try r.skip(wire)
                out += UnsafeRawBufferPointer(rebasing: raw[start..<r.position])
            }
        }
        return out
    }
}
