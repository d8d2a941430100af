import Foundation
@testable import MeridianRender
import Testing

/// MapLibre glyph ranges from Meridian's own fonts: the protobuf layout, the metrics, and the
/// distance field's sign and scale on glyphs whose shape is known.
@Suite struct GlyphRangeTests {
    struct Glyph { var id = 0, bitmap: [UInt8] = [], width = 0, height = 0, left = 0, top = 0, advance = 0 }

    /// Reads the glyph messages back with a decoder written here (varints, zig-zag, lengths).
    static func decode(_ bytes: [UInt8]) throws -> (name: String, range: String, glyphs: [Int: Glyph]) {
        var i = 0
        func varint(_ b: [UInt8], _ i: inout Int) -> UInt64 {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = b[i]
                i += 1
                v |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return v }
                shift += 7
            }
        }
        func fields(_ b: [UInt8]) -> [(Int, UInt64, [UInt8])] {
            var out: [(Int, UInt64, [UInt8])] = []
            var i = 0
            while i < b.count {
                let key = varint(b, &i)
                if key & 7 == 2 {
                    let n = Int(varint(b, &i))
                    out.append((Int(key >> 3), 0, Array(b[i..<i + n])))
                    i += n
                } else {
                    out.append((Int(key >> 3), varint(b, &i), []))
                }
            }
            return out
        }
        let outer = fields(bytes)
        #expect(outer.count == 1 && outer[0].0 == 1)
        var name = ""
        var range = ""
        var glyphs: [Int: Glyph] = [:]
        for (field, _, body) in fields(outer[0].2) {
            switch field {
            case 1: name = String(decoding: body, as: UTF8.self)
            case 2: range = String(decoding: body, as: UTF8.self)
            default:
                var g = Glyph()
                for (f, v, b) in fields(body) {
                    let s = Int(Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1))
                    switch f {
                    case 1: g.id = Int(v)
                    case 2: g.bitmap = b
                    case 3: g.width = Int(v)
                    case 4: g.height = Int(v)
                    case 5: g.left = s
                    case 6: g.top = s
                    case 7: g.advance = Int(v)
                    default: break
                    }
                }
                glyphs[g.id] = g
            }
        }
        _ = i
        return (name, range, glyphs)
    }

    @Test("range 0-255 of DejaVu Sans Book: printable ASCII present, bitmaps bordered by 3 px, metrics of a 24 px face")
    func layout() throws {
        let (name, range, glyphs) = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255"))
        #expect(name == "DejaVu Sans Book" && range == "0-255")
        #expect((32...126).allSatisfy { glyphs[$0] != nil } && glyphs[0x00E4] != nil, "ASCII and ä")
        for g in glyphs.values where g.width > 0 {
            #expect(g.bitmap.count == (g.width + 6) * (g.height + 6), "glyph \(g.id)")
        }
        let space = try #require(glyphs[32])
        let h = try #require(glyphs[72])
        #expect(space.width == 0 && space.bitmap.isEmpty && (7...8).contains(space.advance))
        // H: cap height 0.729 em = 17.5 px, so its top is 17–18 px above the baseline, 25 px under the em top.
        #expect(
            (-8 ... -7).contains(h.top) && (1...3).contains(h.left) && (17...18).contains(h.height)
                && (17...18).contains(h.advance), "\(h.top) \(h.left) \(h.height) \(h.advance)")
    }

    @Test("the field is inside-high with the outline at 191: the stem of l, the hole of O")
    func field() throws {
        let glyphs = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255")).glyphs
        let l = try #require(glyphs[108])
        let o = try #require(glyphs[79])
        func value(_ g: Glyph, _ x: Int, _ y: Int) -> Int { Int(g.bitmap[y * (g.width + 6) + x]) }
        // The 2.2 px stem's middle is over half a pixel inside (32 levels a pixel); the border's
        // corner is over 2 px outside; one pixel further out is 32 levels lower.
        let stem = (0..<(l.width + 6)).map { value(l, $0, (l.height + 6) / 2) }
        #expect(stem.max()! > 191 + 16 && value(l, 0, 0) < 191 - 2 * 32, "\(stem) \(value(l, 0, 0))")
        #expect(abs(stem[1] - stem[0] - 32) <= 2 && abs(stem[2] - stem[1] - 32) <= 2, "\(stem)")
        // O: the centre of its hole is outside, its left stroke inside.
        let hole = value(o, (o.width + 6) / 2, (o.height + 6) / 2)
        let stroke = value(o, 3 + 1, (o.height + 6) / 2)
        #expect(hole < 191 - 32 && stroke > 191, "\(hole) \(stroke)")
    }

    @Test("a stack's installed family is served as the labels draw it: Noto Sans Bold from its own bold face")
    func namedFonts() throws {
        let regular = GlyphRanges.font(forFontstack: "Noto Sans Regular")
        let bold = GlyphRanges.font(forFontstack: "Noto Sans Bold,DejaVu Sans Bold")
        #expect(regular.name == "NotoSans-Regular" && bold.name == "NotoSans-Bold", "\(regular) \(bold)")
        #expect(bold.file.hasSuffix("NotoSans-Bold.ttf"), "\(bold.file)")
        // The same face however the stack spells it, so one cache entry.
        #expect(GlyphRanges.font(forFontstack: "Noto Sans") == regular)
        let r = try Self.decode(try GlyphRanges.pbf(fontstack: "Noto Sans Regular", range: "0-255"))
        let b = try Self.decode(try GlyphRanges.pbf(fontstack: "Noto Sans Bold", range: "0-255"))
        let dejaVu = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255"))
        #expect(r.name == "NotoSans-Regular" && b.name == "NotoSans-Bold")
        // Noto's H is not DejaVu's, and its bold has more ink (SDF values inside the outline,
        // above 191) than its regular.
        let (h, hb, hd) = (try #require(r.glyphs[72]), try #require(b.glyphs[72]), try #require(dejaVu.glyphs[72]))
        func ink(_ g: Glyph) -> Int { g.bitmap.filter { $0 > 191 }.count }
        #expect(h.bitmap != hd.bitmap && ink(hb) > ink(h), "\(ink(h)) \(ink(hb)) \(ink(hd))")
        // What Noto Sans lacks comes from the chain behind it (Arabic from Noto Sans Arabic).
        let arabic = try Self.decode(try GlyphRanges.pbf(fontstack: "Noto Sans Regular", range: "1536-1791"))
        #expect(arabic.glyphs[0x0628] != nil, "ب")
    }

    @Test(
        "stacks and ranges: a stack of no installed family falls back to DejaVu at its weight; a bold stack is bolder; bad ranges are typed errors"
    )
    func stacks() throws {
        #expect(GlyphRanges.file(forFontstack: "Open Sans Regular,DejaVu Sans Bold") == "DejaVuSans-Bold.ttf")
        #expect(GlyphRanges.file(forFontstack: "Unknown") == "DejaVuSans.ttf")
        #expect(GlyphRanges.file(forFontstack: "Unknown Bold") == "DejaVuSans-Bold.ttf")
        let regular = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255")).glyphs[72]!
        let bold = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Bold", range: "0-255")).glyphs[72]!
        #expect(bold.advance > regular.advance)
        let cyrillic = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "1024-1279")).glyphs
        #expect(cyrillic[0x0416] != nil, "Ж")
        // Every spelling of a stack that picks a face gets that face's bytes, named by the face.
        #expect(
            try GlyphRanges.pbf(fontstack: "Book,x1", range: "0-255")
                == GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255"))
        #expect(
            try Self.decode(try GlyphRanges.pbf(fontstack: "Open Sans Regular, DejaVu Sans Bold", range: "0-255")).name
                == "DejaVu Sans Bold")
        // One spelling per range: no sign, no leading zero, digits only.
        for bad in [
            "0-256", "1-256", "65536-65791", "-256-0", "a-b", "", "0-255-1", String(repeating: "9", count: 40),
            "+0-255", "000-255", "0-0255", "0256-511", "٠-255", " 0-255", "0-255 ",
        ] {
            #expect(throws: GlyphRanges.Failure.badRange(bad)) {
                try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: bad)
            }
        }
    }

    @Test(
        "ranges carry the font chain: Arabic letters from Noto Sans Arabic, Hebrew from Noto Sans Hebrew, kanji from Noto Sans CJK, Latin still DejaVu's",
        .enabled(if: FontChain.regular.count >= 8, "needs the Noto fonts"))
    func fallbackFaces() throws {
        /// A glyph's advance at 24 px in a chain face, by FreeType through the same path.
        func advance(_ codepoint: Int, in name: String) throws -> Int {
            let face = try #require(FontChain.regular.first { $0.file.contains(name) })
            return Int(
                (Double(try #require(face.advance(of: Unicode.Scalar(UInt32(codepoint))!))) * 24 / face.unitsPerEm)
                    .rounded())
        }
        for (range, codepoint, font) in [
            ("1536-1791", 0x0627, "NotoSansArabic"), ("1280-1535", 0x05D0, "NotoSansHebrew"),
            ("26368-26623", 0x6771, "NotoSansCJK"),
            ("2304-2559", 0x0926, "NotoSansDevanagari"), ("3584-3839", 0x0E01, "NotoSansThai"),
        ] {
            let glyphs = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: range)).glyphs
            let g = try #require(glyphs[codepoint], "U+\(String(codepoint, radix: 16)) in \(range)")
            let expected = try advance(codepoint, in: font)
            #expect(
                g.width > 0 && g.advance == expected,
                "U+\(String(codepoint, radix: 16)): \(g.advance) against \(expected)")
        }
        let latin = try Self.decode(try GlyphRanges.pbf(fontstack: "DejaVu Sans Book", range: "0-255")).glyphs
        let h = try advance(72, in: "DejaVuSans.")
        #expect(latin[72]?.advance == h)
    }
}
