import Foundation
import MeridianTiles
import Testing

/// MapLibre's glyph protobuf (`glyphs` → `fontstack` → `glyph`), read by ``GlyphRange``.
@Suite struct GlyphRangeTests {
    /// A glyph message: code point, bitmap, width, height, left, top, advance.
    static func glyph(
        _ id: Int, width: Int, height: Int, left: Int, top: Int, advance: Int, bitmap: [UInt8]? = nil
    )
        -> [UInt8]
    {
        let field = bitmap ?? [UInt8](repeating: 200, count: width * height == 0 ? 0 : (width + 6) * (height + 6))
        return Protobuf.uint(1, id) + (field.isEmpty ? [] : Protobuf.bytes(2, field)) + Protobuf.uint(3, width)
            + Protobuf.uint(4, height) + Protobuf.sint(5, left) + Protobuf.sint(6, top) + Protobuf.uint(7, advance)
    }

    /// A range of one fontstack holding `glyphs`.
    static func range(_ glyphs: [[UInt8]], stack: String = "Test Sans Regular") -> [UInt8] {
        let stackMessage =
            Protobuf.string(1, stack) + Protobuf.string(2, "0-255") + glyphs.flatMap { Protobuf.bytes(3, $0) }
        return Protobuf.bytes(1, stackMessage)
    }

    @Test("a range's glyphs are read with their metrics and fields; a space has an advance and no field")
    func reads() throws {
        let bytes = Self.range([
            Self.glyph(65, width: 14, height: 17, left: 0, top: -7, advance: 15),
            Self.glyph(32, width: 0, height: 0, left: 0, top: -26, advance: 6),
            Self.glyph(-1 & 0x7F, width: 2, height: 3, left: -2, top: 4, advance: 1),
        ])
        let glyphs = try GlyphRange.decode(bytes)
        let a = try #require(glyphs[65])
        #expect((a.width, a.height, a.left, a.top, a.advance) == (14, 17, 0, -7, 15))
        #expect(a.bitmap.count == 20 * 23 && a.stride == 20 && a.bitmap.allSatisfy { $0 == 200 })
        let space = try #require(glyphs[32])
        #expect(space.bitmap.isEmpty && space.advance == 6 && space.stride == 0)
        #expect(glyphs[127]?.left == -2 && glyphs[127]?.top == 4)
        #expect(glyphs.count == 3)
    }

    @Test(
        "bad ranges are typed errors naming what is wrong: a field of the wrong length, a metric out of range, a truncated message, no code point"
    )
    func refuses() {
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try GlyphRange.decode(bytes)
                return nil
            } catch { return "\(error)" }
        }
        let short = Self.glyph(66, width: 4, height: 4, left: 0, top: 0, advance: 5, bitmap: [1, 2, 3])
        #expect(reason(Self.range([short]))?.contains("bitmap is not 10 × 10 bytes") == true)
        let wide = Self.glyph(67, width: 9000, height: 1, left: 0, top: 0, advance: 5, bitmap: [])
        #expect(reason(Self.range([wide]))?.contains("metric out of range") == true)
        let far = Self.glyph(68, width: 0, height: 0, left: 0, top: 0, advance: 1_000_000)
        #expect(reason(Self.range([far]))?.contains("metric out of range") == true)
        let whole = Self.range([Self.glyph(69, width: 2, height: 2, left: 0, top: 0, advance: 3)])
        #expect(reason(Array(whole.dropLast(3)))?.contains("runs past the end") == true)
        let nameless = Protobuf.bytes(1, Protobuf.bytes(3, Protobuf.uint(7, 4)))
        #expect(reason(nameless)?.contains("without a code point") == true)
        #expect(reason([UInt8](repeating: 0, count: GlyphRange.maxBytes + 1))?.contains("over 4 MiB") == true)
    }

    @Test("fuzz: every mutation of a real-shaped range decodes or is a typed error; nothing traps or grows")
    func fuzz() {
        let base = Self.range(
            (32..<96).map { Self.glyph($0, width: $0 % 5 + 1, height: $0 % 7 + 1, left: -1, top: -8, advance: 9) })
        var state: UInt64 = 0x474C_5950
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var decoded = 0
        for _ in 0..<3000 {
            var bytes = base
            for _ in 0..<Int(next() % 4 + 1) {
                let at = Int(next() % UInt64(bytes.count))
                switch next() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: at)
                default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
                }
            }
            if let glyphs = try? GlyphRange.decode(bytes) {
                decoded += 1
                #expect(glyphs.count <= GlyphRange.maxGlyphs)
                #expect(
                    glyphs.values.allSatisfy {
                        $0.bitmap.isEmpty || $0.bitmap.count == ($0.width + 6) * ($0.height + 6)
                    })
            }
        }
        // Most single-byte changes land in a field's bytes and still decode.
        #expect(decoded > 100, "\(decoded) of 3000 decoded")
    }
}
