/// One glyph of a style's glyph range: a signed distance field of its outline and its metrics,
/// as MapLibre's glyph protobuf carries them (`glyphs` → `fontstack` → `glyph`).
///
/// Metrics are pixels of the glyph set at 24 px (MapLibre's `ONE_EM`): `left` and `top` place the
/// outline's box from the pen (`top` upward from the reference line MapLibre sets glyphs on),
/// `advance` moves the pen. The field is `width + 6` × `height + 6` bytes (a 3 px border all
/// round), one byte a pixel, the outline at 192 (MapLibre's `0.75` of 256), inside higher.
public struct SDFGlyph: Sendable, Equatable {
    /// The code point.
    public let id: UInt32
    /// The outline's box without the border, pixels at 24 px: 0 for a glyph without ink (a space).
    public let width: Int, height: Int
    /// The box's left edge from the pen and its top above the reference line, pixels at 24 px.
    public let left: Int, top: Int
    /// How far the pen moves, pixels at 24 px.
    public let advance: Int
    /// The distance field, `(width + 6) × (height + 6)` bytes, row by row; empty without ink.
    public let bitmap: [UInt8]

    /// The border around each bitmap, pixels (MapLibre's `GLYPH_PBF_BORDER`).
    public static let border = 3

    /// Most pixels a side of a glyph may have: MapLibre's glyphs are set at 24 px.
    public static let maxSide = 255

    public init(id: UInt32, width: Int, height: Int, left: Int, top: Int, advance: Int, bitmap: [UInt8]) {
        (self.id, self.width, self.height, self.left, self.top) = (id, width, height, left, top)
        (self.advance, self.bitmap) = (advance, bitmap)
    }

    /// The bitmap's row length, bytes (0 without ink).
    public var stride: Int { bitmap.isEmpty ? 0 : width + 2 * Self.border }
}

/// Reads a glyph range: MapLibre's glyph protobuf for 256 code points of one fontstack.
public enum GlyphRange {
    /// Most bytes a range may have: 4 MiB (the field's ranges are under 200 KiB).
    public static let maxBytes = 4 << 20
    /// Most glyphs a range may hold.
    public static let maxGlyphs = 4096

    /// The glyphs of a range's protobuf, by code point (every fontstack of the message together;
    /// the first glyph of a code point kept).
    /// - Throws: ``TileError/malformed(_:offset:)`` for bytes that are not such a message: past
    ///   ``maxBytes`` or ``maxGlyphs``, truncated, a metric out of range (sides over
    ///   ``SDFGlyph/maxSide``, offsets or advances over ±1,024), or a bitmap whose length is not
    ///   its sides with their border.
    public static func decode(_ bytes: [UInt8]) throws(TileError) -> [UInt32: SDFGlyph] {
        guard bytes.count <= maxBytes else {
            throw .malformed("glyph range over \(maxBytes >> 20) MiB", offset: 0)
        }
        let result = bytes.withUnsafeBytes { raw -> Result<[UInt32: SDFGlyph], TileError> in
            do throws(TileError) { return .success(try glyphs(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The glyphs of a whole message.
    private static func glyphs(_ raw: UnsafeRawBufferPointer) throws(TileError) -> [UInt32: SDFGlyph] {
        var glyphs: [UInt32: SDFGlyph] = [:]
        var top = WireReader(raw)
        while !top.atEnd {
            let (field, wire) = try top.key()
            guard field == 1, wire == 2 else {
                try top.skip(wire)
                continue
            }
            let stack = try top.delimited()
            var reader = WireReader(raw, from: stack.lowerBound, to: stack.upperBound)
            while !reader.atEnd {
                let (field, wire) = try reader.key()
                guard field == 3, wire == 2 else {
                    try reader.skip(wire)
                    continue
                }
                let range = try reader.delimited()
                let glyph = try Self.glyph(raw, range)
                guard glyphs.count < maxGlyphs else {
                    throw reader.fail("more than \(maxGlyphs) glyphs in a range")
                }
                if glyphs[glyph.id] == nil { glyphs[glyph.id] = glyph }
            }
        }
        return glyphs
    }

    /// One `glyph` message.
    private static func glyph(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) throws(TileError) -> SDFGlyph {
        var reader = WireReader(raw, from: range.lowerBound, to: range.upperBound)
        var id: UInt64?
        var (width, height, advance) = (UInt64(0), UInt64(0), UInt64(0))
        var (left, top) = (Int64(0), Int64(0))
        var bitmap: Range<Int>?
        while !reader.atEnd {
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 0): id = try reader.varint()
            case (2, 2): bitmap = try reader.delimited()
            case (3, 0): width = try reader.varint()
            case (4, 0): height = try reader.varint()
            case (5, 0): left = WireReader.zigzag(try reader.varint())
            case (6, 0): top = WireReader.zigzag(try reader.varint())
            case (7, 0): advance = try reader.varint()
            default: try reader.skip(wire)
            }
        }
        guard let id, id <= 0x10_FFFF else { throw reader.fail("a glyph without a code point (or past U+10FFFF)") }
        let side = UInt64(SDFGlyph.maxSide)
        guard width <= side, height <= side, abs(left) <= 1024, abs(top) <= 1024, advance <= 1024 else {
            throw reader.fail("glyph U+\(String(id, radix: 16)): a metric out of range")
        }
        let border = SDFGlyph.border
        let (w, h) = (Int(width), Int(height))
        var pixels: [UInt8] = []
        if w > 0, h > 0 {
            let expected = (w + 2 * border) * (h + 2 * border)
            guard let bitmap, bitmap.count == expected else {
                throw reader.fail(
                    "glyph U+\(String(id, radix: 16)): its bitmap is not \(w + 2 * border) × \(h + 2 * border) bytes")
            }
            pixels = [UInt8](UnsafeRawBufferPointer(rebasing: raw[bitmap]))
        }
        return SDFGlyph(
            id: UInt32(id), width: pixels.isEmpty ? 0 : w, height: pixels.isEmpty ? 0 : h, left: Int(left),
            top: Int(top), advance: Int(advance), bitmap: pixels)
    }
}
