import CSQLite
import CZlib
import Foundation
import MeridianTiles

/// An independent protobuf/MVT writer for fixtures (tests only): it encodes what the spec says
/// and shares no code with the decoder.
public struct MVTWriter {
    public init() {}
    public var bytes: [UInt8] = []

    public mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
    public mutating func key(_ field: UInt64, _ wire: UInt64) { varint(field << 3 | wire) }
    public mutating func message(_ field: UInt64, _ body: [UInt8]) {
        key(field, 2)
        varint(UInt64(body.count))
        bytes += body
    }
    public mutating func string(_ field: UInt64, _ s: String) { message(field, Array(s.utf8)) }
    public static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    public static func packed(_ values: [UInt64]) -> [UInt8] {
        var w = MVTWriter()
        values.forEach { w.varint($0) }
        return w.bytes
    }

    public static func value(_ v: VectorTile.Value) -> [UInt8] {
        var w = MVTWriter()
        switch v {
        case let .string(s): w.string(1, s)
        case let .float(f):
            w.key(2, 5)
            w.bytes += withUnsafeBytes(of: f.bitPattern.littleEndian, Array.init)
        case let .double(d):
            w.key(3, 1)
            w.bytes += withUnsafeBytes(of: d.bitPattern.littleEndian, Array.init)
        case let .int(i):
            w.key(4, 0)
            w.varint(UInt64(bitPattern: i))
        case let .uint(u):
            w.key(5, 0)
            w.varint(u)
        case let .sint(i):
            w.key(6, 0)
            w.varint(zigzag(i))
        case let .bool(b):
            w.key(7, 0)
            w.varint(b ? 1 : 0)
        }
        return w.bytes
    }

    /// Geometry commands for parts (polygon rings get a ClosePath).
    public static func commands(_ type: VectorTile.GeometryType, _ parts: [[VectorTile.Point]]) -> [UInt64] {
        var out: [UInt64] = []
        var x: Int64 = 0
        var y: Int64 = 0
        func delta(_ p: VectorTile.Point) {
            out += [zigzag(Int64(p.x) - x), zigzag(Int64(p.y) - y)]
            x = Int64(p.x)
            y = Int64(p.y)
        }
        if type == .point {
            out.append(UInt64(parts.count) << 3 | 1)
            for part in parts { delta(part[0]) }
            return out
        }
        for part in parts {
            out.append(1 << 3 | 1)
            delta(part[0])
            if part.count > 1 {
                out.append(UInt64(part.count - 1) << 3 | 2)
                part.dropFirst().forEach(delta)
            }
            if type == .polygon { out.append(1 << 3 | 7) }
        }
        return out
    }

    /// A whole tile from layers (properties are written in sorted key order).
    public static func tile(_ layers: [VectorTile.Layer]) -> [UInt8] {
        var w = MVTWriter()
        for layer in layers {
            var l = MVTWriter()
            l.key(15, 0)
            l.varint(UInt64(layer.version))
            l.string(1, layer.name)
            var keys: [String] = []
            var values: [VectorTile.Value] = []
            for f in layer.features {
                var fw = MVTWriter()
                if let id = f.id {
                    fw.key(1, 0)
                    fw.varint(id)
                }
                var tags: [UInt64] = []
                for (k, v) in f.properties.sorted(by: { $0.key < $1.key }) {
                    if !keys.contains(k) { keys.append(k) }
                    if !values.contains(v) { values.append(v) }
                    tags += [UInt64(keys.firstIndex(of: k)!), UInt64(values.firstIndex(of: v)!)]
                }
                if !tags.isEmpty { fw.message(2, packed(tags)) }
                fw.key(3, 0)
                fw.varint(UInt64(f.type.rawValue))
                fw.message(4, packed(commands(f.type, f.geometry)))
                l.message(2, fw.bytes)
            }
            keys.forEach { l.string(3, $0) }
            values.forEach { l.message(4, value($0)) }
            l.key(5, 0)
            l.varint(UInt64(layer.extent))
            w.message(3, l.bytes)
        }
        return w.bytes
    }
}

/// gzip-compresses bytes with zlib (tests only).
public func gzip(_ input: [UInt8], zlibHeader: Bool = false) -> [UInt8] {
    var stream = z_stream()
    deflateInit2_(
        &stream, 6, Z_DEFLATED, zlibHeader ? 15 : 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size))
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
    var input = input
    let produced = input.withUnsafeMutableBufferPointer { src in
        output.withUnsafeMutableBufferPointer { dst in
            stream.next_in = src.baseAddress
            stream.avail_in = UInt32(src.count)
            stream.next_out = dst.baseAddress
            stream.avail_out = UInt32(dst.count)
            deflate(&stream, Z_FINISH)
            return dst.count - Int(stream.avail_out)
        }
    }
    return Array(output[..<produced])
}

/// Writes an MBTiles file: metadata rows and tiles given in XYZ (stored as TMS rows).
public func writeMBTiles(
    _ path: String, metadata: [String: String], tiles: [(z: Int, x: Int, y: Int, data: [UInt8])]
) throws {
    try? FileManager.default.removeItem(atPath: path)
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw CocoaError(.fileWriteUnknown) }
    defer { sqlite3_close(db) }
    sqlite3_exec(
        db,
        "CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);",
        nil, nil, nil)
    for (k, v) in metadata { sqlite3_exec(db, "INSERT INTO metadata VALUES ('\(k)', '\(v)')", nil, nil, nil) }
    for t in tiles {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO tiles VALUES (?, ?, ?, ?)", -1, &statement, nil)
        sqlite3_bind_int(statement, 1, Int32(t.z))
        sqlite3_bind_int(statement, 2, Int32(t.x))
        sqlite3_bind_int(statement, 3, Int32((1 << t.z) - 1 - t.y))
        // SQLITE_TRANSIENT: SQLite copies the bytes before the buffer goes away.
        _ = t.data.withUnsafeBytes {
            sqlite3_bind_blob(
                statement, 4, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        sqlite3_step(statement)
        sqlite3_finalize(statement)
    }
}
