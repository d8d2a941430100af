/// The protobuf encodings Meridian writes (glyph ranges, packed vector tiles, PMTiles
/// directories): varints, zig-zag integers, length-delimited fields. `WireReader` reads them.
public enum Protobuf {
    /// `value` as a base-128 varint.
    public static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        return out + [UInt8(v)]
    }
    /// A varint field; negative values are written as 0.
    public static func uint(_ field: Int, _ value: Int) -> [UInt8] {
        varint(UInt64(field << 3)) + varint(UInt64(max(0, value)))
    }
    /// A zig-zag varint field.
    public static func sint(_ field: Int, _ value: Int) -> [UInt8] {
        varint(UInt64(field << 3)) + varint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }
    /// A length-delimited field.
    public static func bytes(_ field: Int, _ value: [UInt8]) -> [UInt8] {
        varint(UInt64(field << 3 | 2)) + varint(UInt64(value.count)) + value
    }
    /// A UTF-8 string field.
    public static func string(_ field: Int, _ value: String) -> [UInt8] { bytes(field, Array(value.utf8)) }
}
