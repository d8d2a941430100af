import CCairo
import CShaping
import Foundation
import MeridianTiles

/// Label fonts as MapLibre reads them: signed-distance-field glyph ranges in MapLibre's glyph
/// protobuf (`glyphs` → `fontstack` → `glyph {id, bitmap, width, height, left, top, advance}`),
/// made from the same font chain Meridian draws its labels with (`FontChain`: a code point's
/// script's own face, else DejaVu, else the first face that has it), through FreeType's own
/// SDF renderer, so MapLibre's clients draw the same names where they can (they set glyphs
/// one by one, without shaping).
///
/// The conventions are those of the glyph sets MapLibre's clients are built for: the unhinted
/// outline at 24 px; a 3 px border around each bitmap; distances clamped to 8 px and scaled by
/// 256 / 8, with the outline at 0.25 of the byte range (value 191, inside higher); `left` and
/// `top` the outline's box from the pen position, `top` measured from a baseline 25 px under the
/// top of the em box. A range is 256 code points starting at a multiple of 256.
public enum GlyphRanges {
    /// The fontstacks served, by the name a style's `text-font` uses, and their files.
    public static let fonts: [(name: String, file: String)] = [
        ("DejaVu Sans Book", "DejaVuSans.ttf"), ("DejaVu Sans Bold", "DejaVuSans-Bold.ttf"),
    ]
    static let size = 24, border = 3, baseline = 25

    /// Why a range cannot be made.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The range is not `N-(N+255)` with N a multiple of 256 below 65,536.
        case badRange(String)
        /// The font file could not be read (its path).
        case fontMissing(String)
        public var description: String {
            switch self {
            case let .badRange(text):
                return "glyph range '\(text.prefix(32))' must be N-(N+255) with N a multiple of 256 in 0…65280"
            case let .fontMissing(path): return "cannot read the font \(path) (Debian: fonts-dejavu-core)"
            }
        }
    }

    /// The first code point of a range named `start-end`, spelled as MapLibre's clients spell it:
    /// plain decimal digits, no sign and no leading zero (`0-255`, `256-511`), so each range has
    /// one name and one cache entry (`+0-255` and `000-255` are refused, not rendered again).
    /// - Throws: ``Failure/badRange(_:)``.
    public static func start(ofRange text: String) throws(Failure) -> Int {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...5).contains($0.utf8.count) && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let a = Int(parts[0]), let b = Int(parts[1]), String(a) == parts[0], String(b) == parts[1],
            a % 256 == 0, b == a + 255, b < 65_536
        else { throw .badRange(text) }
        return a
    }

    /// A font glyph ranges are made from: the name its ranges carry, its file (relative to
    /// `Fonts.directory` for Meridian's own two, else a path), the face's index in the file, and
    /// whether the script chain behind it is the bold one.
    public struct ServedFont: Hashable, Sendable {
        public let name: String, file: String
        let index: Int, bold: Bool
        var path: String { file.hasPrefix("/") ? file : Fonts.directory + file }
    }

    /// The served font a fontstack (`text-font` names joined by commas, at most 8 read) is drawn
    /// with, as Meridian's labels pick it (`LabelFont`): the first name that is one of ``fonts``
    /// or whose family is installed (fontconfig, at the name's weight and slant), else DejaVu Sans
    /// at the first name's weight (bold from 600), so a client asking for any stack still gets
    /// legible text. A face fontconfig finds is named by its file (`NotoSans-Bold`).
    ///
    /// Every spelling of a stack that picks the same face gets the same name and bytes.
    public static func font(forFontstack stack: String) -> ServedFont {
        let names = stack.split(separator: ",").prefix(8).map { $0.trimmingCharacters(in: .whitespaces) }
        func own(_ i: Int) -> ServedFont {
            ServedFont(name: fonts[i].name, file: fonts[i].file, index: 0, bold: i == 1)
        }
        for name in names {
            if let i = fonts.firstIndex(where: { $0.name == name }) { return own(i) }
            let font = LabelFont(name: name)
            guard font.family != nil, let face = FontMatcher.face(for: font) else { continue }
            let base = ((face.file as NSString).lastPathComponent as NSString).deletingPathExtension
            if let i = fonts.firstIndex(where: { ($0.file as NSString).deletingPathExtension == base }), face.index == 0
            {
                return own(i)
            }
            let named = face.index == 0 ? base : "\(base)#\(face.index)"
            return ServedFont(name: named, file: face.file, index: face.index, bold: font.isBold)
        }
        return own(names.first.map { LabelFont(name: $0).isBold } == true ? 1 : 0)
    }

    /// The font file of a fontstack (``font(forFontstack:)``).
    public static func file(forFontstack stack: String) -> String { font(forFontstack: stack).file }

    /// The protobuf of one range of one fontstack (code points the font lacks are left out), named
    /// by the served font (``font(forFontstack:)``: MapLibre's clients read the glyphs, not the
    /// name).
    ///
    /// FreeType runs under a lock (its faces are not thread-safe); callers cache the bytes by
    /// served font and range.
    ///
    /// - Throws: ``Failure``.
    public static func pbf(fontstack: String, range: String) throws(Failure) -> [UInt8] {
        try pbf(font: font(forFontstack: fontstack), range: range)
    }

    /// ``pbf(fontstack:range:)`` of a font already chosen (``font(forFontstack:)``).
    /// - Throws: ``Failure``.
    public static func pbf(font: ServedFont, range: String) throws(Failure) -> [UInt8] {
        let first = try start(ofRange: range)
        lock.lock()
        defer { lock.unlock() }
        let faces = try chain(font)
        let unicode = hb_unicode_funcs_get_default()
        let glyphs = (first..<first + 256).compactMap { codepoint -> [UInt8]? in
            let script = hb_unicode_script(unicode, hb_codepoint_t(codepoint))
            let has = { (f: FT_Face) in FT_Get_Char_Index(f, FT_ULong(codepoint)) != 0 }
            guard
                let face = faces.first(where: { $0.scripts.contains(script) && has($0.face) })
                    ?? faces.first(where: { has($0.face) })
            else { return nil }
            return glyph(face.face, codepoint: codepoint)
        }
        var stack = Protobuf.string(1, font.name) + Protobuf.string(2, range)
        for g in glyphs { stack += Protobuf.bytes(3, g) }
        return Protobuf.bytes(1, stack)
    }

    /// The chain's faces of one weight at the range's pixel size, opened once and kept (under
    /// ``lock``); the first is the served font's own face, without which nothing is served.
    /// At most ``maxChains`` are kept: past it, the kept chain of another font is closed first.
    static func chain(_ font: ServedFont) throws(Failure) -> [(face: FT_Face, scripts: [hb_script_t])] {
        if let kept = opened[font] { return kept }
        guard let library = Self.library else { throw .fontMissing(font.path) }
        if opened.count >= maxChains, let other = opened.keys.first {
            for f in opened.removeValue(forKey: other) ?? [] { FT_Done_Face(f.face) }
        }
        var faces: [(face: FT_Face, scripts: [hb_script_t])] = []
        let rest = font.bold ? FontChain.boldFiles : FontChain.regularFiles
        // After a face fontconfig found, the whole chain (DejaVu first); after DejaVu, the rest.
        let isOwn = !font.file.hasPrefix("/")
        let files = [(file: font.path, index: font.index, scripts: [hb_script_t]())] + rest.dropFirst(isOwn ? 1 : 0)
        for (i, entry) in files.enumerated() {
            var face: FT_Face?
            if FT_New_Face(library, entry.file, FT_Long(entry.index), &face) == 0, let face {
                FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
                faces.append((face, entry.scripts))
            } else if i == 0 {
                throw .fontMissing(font.path)
            }
        }
        opened[font] = faces
        return faces
    }
    nonisolated(unsafe) static var opened: [ServedFont: [(face: FT_Face, scripts: [hb_script_t])]] = [:]
    /// Most chains kept open (each a dozen faces).
    static let maxChains = 8

    /// A FreeType library of its own (Cairo's faces use ``Fonts/library`` on other threads), used under ``lock``.
    static let lock = NSLock()
    nonisolated(unsafe) static let library: OpaquePointer? = Fonts.newLibrary()

    /// One glyph message, or nil when the font has no glyph for the code point.
    static func glyph(_ face: FT_Face, codepoint: Int) -> [UInt8]? {
        let index = FT_Get_Char_Index(face, FT_ULong(codepoint))
        guard index != 0, FT_Load_Glyph(face, index, Int32(1 << 1 | 1 << 3)) == 0 else { return nil }  // no hinting, no bitmap strikes
        let slot = face.pointee.glyph!
        let advance = Int((Double(slot.pointee.metrics.horiAdvance) / 64).rounded())
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        let xmin = Int((Double(box.xMin) / 64).rounded())
        let xmax = Int((Double(box.xMax) / 64).rounded())
        let ymin = Int((Double(box.yMin) / 64).rounded())
        let ymax = Int((Double(box.yMax) / 64).rounded())
        let (width, height) = (xmax - xmin, ymax - ymin)
        var message = Protobuf.uint(1, codepoint)
        guard width > 0, height > 0, slot.pointee.outline.n_points > 0, FT_Render_Glyph(slot, FT_RENDER_MODE_SDF) == 0
        else {
            return message + Protobuf.uint(3, 0) + Protobuf.uint(4, 0) + Protobuf.sint(5, 0) + Protobuf.sint(6, 0)
                + Protobuf.uint(7, advance)
        }
        // FreeType's SDF: 8 bits, the outline at 128, 16 levels a pixel (8 px spread), inside higher.
        let bitmap = slot.pointee.bitmap
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        let (w, h) = (width + 2 * border, height + 2 * border)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for j in 0..<h {
            let row = top - (ymax + border - j)
            guard row >= 0, row < Int(bitmap.rows) else { continue }
            for i in 0..<w {
                let column = xmin - border + i - left
                guard column >= 0, column < Int(bitmap.width) else { continue }
                let v = Int(bitmap.buffer[row * Int(bitmap.pitch) + column])
                // MapLibre's scale: 191 at the outline, 32 levels a pixel.
                pixels[j * w + i] = UInt8(clamping: 191 + 2 * (v - 128))
            }
        }
        message += Protobuf.bytes(2, pixels) + Protobuf.uint(3, width) + Protobuf.uint(4, height)
        return message + Protobuf.sint(5, xmin) + Protobuf.sint(6, ymax - baseline) + Protobuf.uint(7, advance)
    }
}
