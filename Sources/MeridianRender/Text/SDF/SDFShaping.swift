/// Text set from a style's glyphs as MapLibre sets it: one glyph per code point, in the order
/// written, each advancing the pen by its own advance (no kerning, no ligatures, no reordering:
/// MapLibre's shaping without its right-to-left plugin). A code point the stack has no glyph
/// for is left out, as MapLibre leaves it out (the labeller draws such texts from the system's
/// faces instead: ``StyleGlyphs/covers(_:stack:)``).
///
/// Positions are in ems, 24 of the glyphs' pixels to the em (MapLibre's `ONE_EM`).
enum SDFShaping {
    /// The glyphs' pixels per em.
    static let em = 24.0

    /// One line of `text` in `font` (``ShapedText``, one run, glyph ids the code points).
    static func shape(_ text: String, in font: SDFFont) -> ShapedText {
        var glyphs: [ShapedText.Glyph] = []
        var pen = 0.0
        var missing = 0
        for scalar in text.unicodeScalars {
            guard let g = font.glyph(scalar.value) else {
                if scalar != "\n" { missing += 1 }
                continue
            }
            let advance = Double(g.advance) / em
            glyphs.append(ShapedText.Glyph(id: scalar.value, x: pen, y: 0, pen: pen, advance: advance))
            pen += advance
        }
        return ShapedText(
            runs: [ShapedText.Run(face: nil, glyphs: glyphs, rightToLeft: false)], advance: pen, missing: missing)
    }
}
