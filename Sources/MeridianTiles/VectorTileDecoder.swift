/// Decodes Mapbox Vector Tiles (protobuf, spec 2.1) by hand: one pass over the bytes, geometry
/// commands (MoveTo, LineTo, ClosePath) with zig-zag deltas, the seven value types, tag pairs
/// resolved to properties. A broken structure (a truncated field, a layer without a name) throws
/// ``TileError/malformed(_:offset:)`` for the whole tile; a feature whose own content is bad (a tag
/// index out of range, a command running past its parameters, a coordinate outside ±2³¹) is left
/// out of its layer and listed in ``VectorTile/Layer/rejected``, so the rest of the tile is drawn.
/// Coordinates accumulate in checked 64-bit sums: no input traps.
public enum VectorTileDecoder {
    /// Decodes raw (already inflated) tile bytes.
    public static func decode(_ bytes: [UInt8]) throws(TileError) -> VectorTile {
        var result: Result<VectorTile, TileError> = .success(VectorTile(layers: []))
        bytes.withUnsafeBytes { raw in
            do throws(TileError) {
                var reader = WireReader(raw)
                var layers: [VectorTile.Layer] = []
                while !reader.atEnd {
                    let (field, wire) = try reader.key()
                    if field == 3 && wire == 2 {
                        let range = try reader.delimited()
                        layers.append(try layer(WireReader(raw, from: range.lowerBound, to: range.upperBound)))
                    } else {
                        try reader.skip(wire)
                    }
                }
                result = .success(VectorTile(layers: layers))
            } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Inflates (gzip or zlib, if compressed) then decodes.
    public static func decode(compressed bytes: [UInt8]) throws(TileError) -> VectorTile {
        try decode(Inflate.decompress(bytes))
    }

    struct RawFeature { var id: UInt64?, type = 0, tags: [UInt64] = [], geometry: [UInt64] = [] }

    static func layer(_ r: WireReader) throws(TileError) -> VectorTile.Layer {
        var reader = r
        var name: String?
        var version = 1
        var extent = 4096
        var keys: [String] = []
        var values: [VectorTile.Value] = []
        var raw: [(RawFeature, Int)] = []
        while !reader.atEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 2): name = try reader.string()
            case (2, 2):
                let at = reader.position
                let range = try reader.delimited()
                raw.append((try feature(WireReader(reader.bytes, from: range.lowerBound, to: range.upperBound)), at))
            case (3, 2): keys.append(try reader.string())
            case (4, 2):
                let range = try reader.delimited()
                values.append(try value(WireReader(reader.bytes, from: range.lowerBound, to: range.upperBound)))
            case (5, 0): extent = Int(clamping: try reader.varint())
            case (15, 0): version = Int(clamping: try reader.varint())
            default: try reader.skip(wire)
            }
        }
        guard let name else { throw reader.fail("layer without a name") }
        guard extent > 0 else { throw reader.fail("layer \(name) has extent 0") }
        // A feature whose tags or geometry are bad is left out and reported; the rest is drawn.
        var features: [VectorTile.Feature] = []
        var rejected: [TileError] = []
        features.reserveCapacity(raw.count)
        for (f, at) in raw {
            do throws(TileError) {
                features.append(try resolve(f, keys: keys, values: values, layer: name, at: at))
            } catch { rejected.append(error) }
        }
        return VectorTile.Layer(name: name, version: version, extent: extent, features: features, rejected: rejected)
    }

    static func feature(_ r: WireReader) throws(TileError) -> RawFeature {
        var reader = r
        var f = RawFeature()
        while !reader.atEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 0): f.id = try reader.varint()
            case (2, _): try reader.packedVarints(wire: wire, into: &f.tags)
            case (3, 0): f.type = Int(clamping: try reader.varint())
            case (4, _): try reader.packedVarints(wire: wire, into: &f.geometry)
            default: try reader.skip(wire)
            }
        }
        return f
    }

    static func value(_ r: WireReader) throws(TileError) -> VectorTile.Value {
        var reader = r
        var v: VectorTile.Value?
        while !reader.atEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 2): v = .string(try reader.string())
            case (2, 5): v = .float(Float(bitPattern: UInt32(try reader.fixed(4))))
            case (3, 1): v = .double(Double(bitPattern: try reader.fixed(8)))
            case (4, 0): v = .int(Int64(bitPattern: try reader.varint()))
            case (5, 0): v = .uint(try reader.varint())
            case (6, 0): v = .sint(WireReader.zigzag(try reader.varint()))
            case (7, 0): v = .bool(try reader.varint() != 0)
            default: try reader.skip(wire)
            }
        }
        guard let v else { throw reader.fail("value with no field set") }
        return v
    }

    static func resolve(
        _ f: RawFeature, keys: [String], values: [VectorTile.Value], layer: String, at: Int
    ) throws(TileError) -> VectorTile.Feature {
        guard f.tags.count % 2 == 0 else { throw .malformed("odd number of tags in layer \(layer)", offset: at) }
        var properties = [String: VectorTile.Value](minimumCapacity: f.tags.count / 2)
        for i in stride(from: 0, to: f.tags.count, by: 2) {
            guard f.tags[i] < keys.count, f.tags[i + 1] < values.count else {
                throw .malformed("tag index out of range in layer \(layer)", offset: at)
            }
            properties[keys[Int(f.tags[i])]] = values[Int(f.tags[i + 1])]
        }
        let type = VectorTile.GeometryType(rawValue: f.type) ?? .unknown
        return VectorTile.Feature(
            id: f.id, type: type, properties: properties, geometry: try geometry(f.geometry, layer: layer, at: at))
    }

    /// Runs the geometry commands: 1 MoveTo, 2 LineTo (count × 2 zig-zag parameters), 7 ClosePath.
    static func geometry(_ commands: [UInt64], layer: String, at: Int) throws(TileError) -> [[VectorTile.Point]] {
        var parts: [[VectorTile.Point]] = []
        var current: [VectorTile.Point] = []
        var x: Int64 = 0
        var y: Int64 = 0
        var i = 0
        while i < commands.count {
            let command = commands[i] & 7
            let count = Int(clamping: commands[i] >> 3)
            i += 1
            switch command {
            case 1, 2:
                guard count <= (commands.count - i) / 2 else {
                    throw .malformed("geometry command runs past its parameters in layer \(layer)", offset: at)
                }
                if command == 2 { current.reserveCapacity(current.count + count) }
                for _ in 0..<count {
                    // Checked sums: a hostile delta near ±2⁶³ must be an error, not a trap.
                    let (nx, xOverflow) = x.addingReportingOverflow(WireReader.zigzag(commands[i]))
                    let (ny, yOverflow) = y.addingReportingOverflow(WireReader.zigzag(commands[i + 1]))
                    (x, y) = (nx, ny)
                    i += 2
                    guard !xOverflow, !yOverflow, let px = Int32(exactly: x), let py = Int32(exactly: y) else {
                        throw .malformed("coordinate out of range in layer \(layer)", offset: at)
                    }
                    if command == 1, !current.isEmpty {
                        parts.append(current)
                        current = []
                    }
                    current.append(VectorTile.Point(x: px, y: py))
                }
            case 7:
                guard !current.isEmpty else { throw .malformed("ClosePath with no path in layer \(layer)", offset: at) }
            default:
                throw .malformed("unknown geometry command \(command) in layer \(layer)", offset: at)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
