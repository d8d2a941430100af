/// A bounds-checked reader of the protobuf wire format over a byte buffer: varints, zig-zag,
/// fixed 32/64, length-delimited sub-messages. Every read past the end throws
/// ``TileError/malformed(_:offset:)``; nothing reads outside the buffer.
struct WireReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var position: Int
    let end: Int

    init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        position = start
        self.end = end ?? bytes.count
    }

    var atEnd: Bool { position >= end }

    func fail(_ why: String) -> TileError { .malformed(why, offset: position) }

    @inline(__always)
    mutating func varint() throws(TileError) -> UInt64 {
        // Most varints in a tile (deltas, tags, keys) are one byte.
        if position < end, bytes[position] < 0x80 {
            position += 1
            return UInt64(bytes[position - 1])
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            guard shift < 64 else { throw fail("varint longer than 10 bytes") }
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        throw fail("truncated varint")
    }

    /// A field key: (field number, wire type).
    mutating func key() throws(TileError) -> (field: UInt64, wire: UInt64) {
        let k = try varint()
        return (k >> 3, k & 7)
    }

    static func zigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }

    mutating func fixed(_ count: Int) throws(TileError) -> UInt64 {
        guard end - position >= count else { throw fail("truncated fixed\(count * 8)") }
        var v: UInt64 = 0
        for i in 0..<count { v |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += count
        return v
    }

    /// The bounds of a length-delimited field, moving past it.
    mutating func delimited() throws(TileError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw fail("length \(length) runs past the end") }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    mutating func string() throws(TileError) -> String {
        let range = try delimited()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Skips a field of the given wire type.
    mutating func skip(_ wire: UInt64) throws(TileError) {
        switch wire {
        case 0: _ = try varint()
        case 1: _ = try fixed(8)
        case 2: _ = try delimited()
        case 5: _ = try fixed(4)
        default: throw fail("unsupported wire type \(wire)")
        }
    }

    /// The packed varints of a length-delimited field (or one unpacked varint).
    mutating func packedVarints(wire: UInt64, into out: inout [UInt64]) throws(TileError) {
        if wire == 0 {
            out.append(try varint())
            return
        }
        guard wire == 2 else { throw fail("expected packed varints, got wire type \(wire)") }
        let range = try delimited()
        out.reserveCapacity(out.count + range.count)  // at most one value per byte
        var sub = WireReader(bytes, from: range.lowerBound, to: range.upperBound)
        while !sub.atEnd { out.append(try sub.varint()) }
    }
}
