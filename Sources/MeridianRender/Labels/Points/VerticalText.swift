/// `text-writing-mode` for point labels, as MapLibre sets them: where the layer lists `vertical`
/// first and the text has a character set upright in vertical writing (Han, kana, Hangul, Yi and
/// the CJK punctuation and full-width forms), the label is written top to bottom, one character
/// under the other, a whole em apart (MapLibre advances vertical glyphs by one em).
///
/// Characters that MapLibre turns sideways in vertical writing (Latin, digits) are stacked upright
/// here too; MapLibre's fallback to the next mode when the vertical text collides is not made
/// (the first mode that applies is the one drawn). Names along lines are set along the line as
/// written, with a warning where the layer asks for vertical writing.
enum VerticalText {
    /// Whether `modes` (the `text-writing-mode` value) makes `text` vertical.
    static func applies(_ modes: [String], to text: String) -> Bool {
        modes.first == "vertical" && text.unicodeScalars.contains { isUpright($0.value) }
    }

    /// `text` one character a line (spaces and line breaks kept out); set with a `text-max-width` of 0,
    /// so every line break is kept.
    static func stacked(_ text: String) -> String {
        text.filter { !$0.isWhitespace }.map(String.init).joined(separator: "\n")
    }

    /// The line height of vertical text, ems.
    static let advance = 1.0

    /// Code points set upright in vertical text (the Unicode Vertical_Orientation "U" blocks
    /// MapLibre's `charHasUprightVerticalOrientation` lists, in outline).
    static func isUpright(_ c: UInt32) -> Bool {
        switch c {
        case 0x1100...0x11FF,  // Hangul Jamo
            0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
            0x2FF0...0x303F,  // ideographic description, CJK symbols and punctuation
            0x3040...0x31FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun, CJK strokes
            0x3200...0x4DBF,  // enclosed CJK, CJK compatibility, extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xA000...0xA4CF,  // Yi
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE30...0xFE4F,  // CJK compatibility forms
            0xFF00...0xFFEF,  // half-width and full-width forms
            0x20000...0x3FFFF:  // supplementary ideographic planes
            return true
        default: return false
        }
    }
}
