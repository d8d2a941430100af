import MeridianTiles

/// A fontstack of a style's glyphs (``StyleGlyphs``): what a ``LabelFont`` drawn from them
/// names. Equal, and hashed, by the template and the stack: two frames of one style share
/// their shaped texts and stamps.
final class SDFFont: Hashable, @unchecked Sendable {
    /// The `text-font` names joined by commas, as MapLibre names the stack in its requests.
    let stack: String
    let glyphs: StyleGlyphs

    init(stack: String, glyphs: StyleGlyphs) { (self.stack, self.glyphs) = (stack, glyphs) }

    /// MapLibre's `text-font` where a layer sets none.
    static let defaultStack = ["Open Sans Regular", "Arial Unicode MS Regular"]

    static func == (a: SDFFont, b: SDFFont) -> Bool { a.stack == b.stack && a.glyphs.template == b.glyphs.template }
    func hash(into h: inout Hasher) {
        h.combine(stack)
        h.combine(glyphs.template)
    }

    /// The glyph of `codepoint`, nil where the stack has none.
    func glyph(_ codepoint: UInt32) -> SDFGlyph? { glyphs.glyph(codepoint, stack: stack) }
}
