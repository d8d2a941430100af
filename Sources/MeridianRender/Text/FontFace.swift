import CCairo
import CShaping
import Foundation

/// One font file opened twice: by HarfBuzz for shaping (its own OpenType reader over the file's
/// bytes, safe to share between threads) and by FreeType for Cairo to draw the glyphs HarfBuzz
/// chose (Cairo locks the FreeType face while it renders).
///
/// Faces live as long as the process.
final class FontFace: @unchecked Sendable {
    /// The file and, for a collection (`.ttc`), the face's index in it.
    let file: String, index: Int
    /// HarfBuzz's font at the face's own scale (units per em), so positions are in font units.
    let font: OpaquePointer
    /// Cairo's font face over FreeType's.
    let cairo: OpaquePointer
    /// Font units per em: positions divided by this are in ems.
    let unitsPerEm: Double
    /// The scripts this face is chosen for before any other face of the chain (its own).
    let scripts: [hb_script_t]

    /// Opens the face; nil when a file is missing or unreadable (the chain goes on without it).
    init?(file: String, index: Int = 0, scripts: [hb_script_t] = []) {
        self.scripts = scripts
        guard let library = Fonts.library else { return nil }
        var ft: FT_Face?
        guard FT_New_Face(library, file, FT_Long(index), &ft) == 0, let ft,
            let cairo = cairo_ft_font_face_create_for_ft_face(ft, 0)
        else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            cairo_font_face_destroy(cairo)
            return nil
        }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, let font = hb_font_create(face) else {
            cairo_font_face_destroy(cairo)
            return nil
        }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        (self.file, self.index, self.font, self.cairo, self.unitsPerEm) = (file, index, font, cairo, Double(upem))
    }

    /// The advance of the code point's glyph in font units; nil when the face lacks it.
    func advance(of scalar: Unicode.Scalar) -> Int? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 else { return nil }
        return Int(hb_font_get_glyph_h_advance(font, glyph))
    }

    /// Whether the face has a glyph for the code point.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }
}

/// The fonts labels are set in (documented in the README, "Labels in every script").
///
/// A character of a script that has a face of its own here (Arabic, Hebrew, Devanagari, Thai, CJK…)
/// takes that face; any other character takes the first face that has it, in this order: DejaVu
/// Sans first (Latin, Greek, Cyrillic, and the look of the maps so far), then the Noto faces. A
/// character no face covers is drawn as the first face's replacement box (`.notdef`), and counted
/// (``ShapedText/missing``).
enum FontChain {
    /// Where each file comes from: fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk.
    static let regularFiles: [(file: String, index: Int, scripts: [hb_script_t])] = [
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0, []),
        ("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", 0, [HB_SCRIPT_ARABIC]),
        ("/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", 0, [HB_SCRIPT_HEBREW]),
        ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 0, [HB_SCRIPT_DEVANAGARI]),
        ("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf", 0, [HB_SCRIPT_BENGALI]),
        ("/usr/share/fonts/truetype/noto/NotoSansTamil-Regular.ttf", 0, [HB_SCRIPT_TAMIL]),
        ("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", 0, [HB_SCRIPT_THAI]),
        ("/usr/share/fonts/truetype/noto/NotoSansGeorgian-Regular.ttf", 0, [HB_SCRIPT_GEORGIAN]),
        ("/usr/share/fonts/truetype/noto/NotoSansArmenian-Regular.ttf", 0, [HB_SCRIPT_ARMENIAN]),
        ("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf", 0, [HB_SCRIPT_ETHIOPIC]),
        ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0, []),
        (
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0,
            [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO]
        ),
    ]

    /// The bold chain: the same files' bold faces.
    static let boldFiles = regularFiles.map { font in
        (
            file: font.file.replacingOccurrences(of: "DejaVuSans.ttf", with: "DejaVuSans-Bold.ttf")
                .replacingOccurrences(of: "-Regular.", with: "-Bold."),
            index: font.index, scripts: font.scripts
        )
    }

    /// The faces found on this machine, in order (files that are missing are left out).
    static let regular: [FontFace] = regularFiles.compactMap {
        FontFace(file: $0.file, index: $0.index, scripts: $0.scripts)
    }
    static let bold: [FontFace] = boldFiles.compactMap { FontFace(file: $0.file, index: $0.index, scripts: $0.scripts) }

    static func faces(bold: Bool) -> [FontFace] { bold ? Self.bold : regular }

    /// The chain for a label's font: the face fontconfig matches for it (its family, else DejaVu
    /// Sans, at its weight and slant: ``FontMatcher``) first, then the regular or bold chain.
    /// Meridian's own two (``LabelFont/regular``, ``LabelFont/bold``) are the chains as they are.
    static func faces(for font: LabelFont) -> [FontFace] {
        let base = faces(bold: font.isBold)
        if font == .regular || font == .bold { return base }
        if let known = lock.withLock({ chains[font] }) { return known }
        let found =
            FontMatcher.face(for: font)
            ?? FontMatcher.face(for: LabelFont(family: "DejaVu Sans", weight: font.weight, italic: font.italic))
        var chain = base
        if let found, found.file != base.first?.file || found.index != base.first?.index, let face = opened(found) {
            chain.insert(face, at: 0)
        }
        lock.withLock { if chains.count < FontMatcher.capacity { chains[font] = chain } }
        return chain
    }

    /// Faces opened for fonts by name, by file and index: at most one per installed face.
    nonisolated(unsafe) private static var files: [String: FontFace] = [:]
    nonisolated(unsafe) private static var chains: [LabelFont: [FontFace]] = [:]
    private static let lock = NSLock()

    private static func opened(_ face: (file: String, index: Int)) -> FontFace? {
        let key = "\(face.index):\(face.file)"
        if let kept = lock.withLock({ files[key] }) { return kept }
        guard let made = FontFace(file: face.file, index: face.index) else { return nil }
        return lock.withLock {
            if let kept = files[key] { return kept }
            files[key] = made
            return made
        }
    }
}
