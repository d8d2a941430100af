/// A vector tile in one canonical form, so that tiles of the same features are the same bytes:
/// each layer's features sorted by what they are (geometry type, attributes by key, geometry,
/// id), each feature's tags by key, and the layer's keys and values in the order the sorted
/// features first use them. Nothing a reader sees changes but the order of features within a
/// layer.
///
/// tilemaker writes a tile's features in an order that differs from run to run; MapLibre (and
/// Meridian, `SourceOrder` in the renderer) breaks ties between labels by that order, so without
/// this two imports of the same extract could label differently. `meridian data import` writes
/// every tile through it.
public enum TileCanonical {
    struct Feature {
        var id: [UInt8] = []  // the field's bytes, or empty
        var type: UInt64 = 0
        var tags: [(key: [UInt8], value: [UInt8])] = []
        var geometry: [UInt8] = []

        /// The sort key: what the feature is, byte for byte.
        var sortKey: [UInt8] {
            var k = Protobuf.varint(type)
            for t in tags {
                k += Protobuf.varint(UInt64(t.key.count)) + t.key + Protobuf.varint(UInt64(t.value.count)) + t.value
            }
            return k + Protobuf.varint(UInt64(geometry.count)) + geometry + id
        }
    }

    /// The tile's canonical form (`bytes` uncompressed). Top-level fields other than layers are
    /// kept as they are, after the layers.
    /// - Throws: ``TileError/malformed(_:offset:)`` for a tile that does not parse, or a feature
    ///   whose tags are odd in number or name a key or value the layer lacks.
    public static func ordered(_ bytes: [UInt8]) throws(TileError) -> [UInt8] {
        let result = bytes.withUnsafeBytes { raw -> Result<[UInt8], TileError> in
            do throws(TileError) {
                var tile = WireReader(raw)
                var (layers, rest): ([UInt8], [UInt8]) = ([], [])
                while !tile.atEnd {
                    let start = tile.position
                    let (field, wire) = try tile.key()
                    if field == 3, wire == 2 {
                        layers += Protobuf.bytes(3, try layer(raw, try tile.delimited()))
                    } else {
                        try tile.skip(wire)
                        rest += UnsafeRawBufferPointer(rebasing: raw[start..<tile.position])
                    }
                }
                return .success(layers + rest)
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func layer(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) throws(TileError) -> [UInt8] {
        var (head, rest): ([UInt8], [UInt8]) = ([], [])
        var keys: [[UInt8]] = []
        var values: [[UInt8]] = []
        var features: [Range<Int>] = []
        var r = WireReader(raw, from: range.lowerBound, to: range.upperBound)
        func slice(_ range: Range<Int>) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: raw[range])) }
        while !r.atEnd {
            let start = r.position
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (2, 2): features.append(try r.delimited())
            case (3, 2): keys.append(slice(try r.delimited()))
            case (4, 2): values.append(slice(try r.delimited()))
            default:
                try r.skip(wire)
                // Version and name first, as writers put them; extent and the rest last.
                if field == 15 || field == 1 {
                    head += slice(start..<r.position)
                } else {
                    rest += slice(start..<r.position)
                }
            }
        }
        var parsed: [Feature] = []
        for f in features { parsed.append(try feature(raw, f, keys: keys, values: values)) }
        let order = parsed.indices.map { (key: parsed[$0].sortKey, index: $0) }.sorted {
            $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.index < $1.index)
        }
        // Keys and values renumbered in first use.
        var (keyIndex, valueIndex): ([[UInt8]: Int], [[UInt8]: Int]) = ([:], [:])
        var (newKeys, newValues): ([[UInt8]], [[UInt8]]) = ([], [])
        func number(_ bytes: [UInt8], _ index: inout [[UInt8]: Int], _ list: inout [[UInt8]]) -> Int {
            if let known = index[bytes] { return known }
            index[bytes] = list.count
            list.append(bytes)
            return list.count - 1
        }
        var body = head
        for (_, i) in order {
            let f = parsed[i]
            var tags: [UInt8] = []
            for t in f.tags {
                let k = number(t.key, &keyIndex, &newKeys)
                let v = number(t.value, &valueIndex, &newValues)
                tags += Protobuf.varint(UInt64(k)) + Protobuf.varint(UInt64(v))
            }
            var out = f.id
            if !tags.isEmpty { out += Protobuf.bytes(2, tags) }
            out += Protobuf.uint(3, Int(f.type)) + Protobuf.bytes(4, f.geometry)
            body += Protobuf.bytes(2, out)
        }
        for k in newKeys { body += Protobuf.bytes(3, k) }
        for v in newValues { body += Protobuf.bytes(4, v) }
        return body + rest
    }

    static func feature(
        _ raw: UnsafeRawBufferPointer, _ range: Range<Int>, keys: [[UInt8]], values: [[UInt8]]
    ) throws(TileError) -> Feature {
        var f = Feature()
        var r = WireReader(raw, from: range.lowerBound, to: range.upperBound)
        var tags: [UInt64] = []
        while !r.atEnd {
            let start = r.position
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (1, 0):
                _ = try r.varint()
                f.id = Array(UnsafeRawBufferPointer(rebasing: raw[start..<r.position]))
            case (2, _): try r.packedVarints(wire: wire, into: &tags)
            case (3, 0): f.type = try r.varint()
            case (4, 2): f.geometry = Array(UnsafeRawBufferPointer(rebasing: raw[try r.delimited()]))
            default: try r.skip(wire)
            }
        }
        guard tags.count % 2 == 0 else { throw r.fail("a feature has an odd number of tags") }
        for i in stride(from: 0, to: tags.count, by: 2) {
            guard tags[i] < UInt64(keys.count), tags[i + 1] < UInt64(values.count) else {
                throw r.fail("a feature's tag names a key or value its layer lacks")
            }
            f.tags.append((keys[Int(tags[i])], values[Int(tags[i + 1])]))
        }
        f.tags.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return f
    }
}
