import Foundation

/// The face a label asks for: a family, a weight and a slant, read from a style's `text-font`
/// (a font stack of names such as "Noto Sans Regular", "Open Sans Bold", "Metropolis Medium
/// Italic"), or Meridian's own look without one (DejaVu Sans, bold from 13 pt).
///
/// The face is found by fontconfig (``FontMatcher``); the script chain (`FontChain`) follows it
/// for what it does not cover.
struct LabelFont: Hashable, Sendable {
    /// The family, as fontconfig names it; nil for the chain's own first face (DejaVu Sans).
    let family: String?
    /// CSS/OpenType weight, 100...900 (400 regular, 700 bold).
    let weight: Int
    let italic: Bool
    /// The style's glyphs this font is drawn from (``SDFFont``), as MapLibre draws text; nil: the
    /// system's faces (``family``, ``weight``, ``italic``) through HarfBuzz.
    var sdf: SDFFont? = nil

    static let regular = LabelFont(family: nil, weight: 400, italic: false)
    static let bold = LabelFont(family: nil, weight: 700, italic: false)

    /// A stack of the style's glyphs, `names` its `text-font` (the weight read from the first, for
    /// what the glyphs do not cover).
    static func sdf(_ names: [String], glyphs: StyleGlyphs) -> LabelFont {
        var font = LabelFont(stack: names)
        font.sdf = SDFFont(stack: names.joined(separator: ","), glyphs: glyphs)
        return font
    }

    /// Whether the chain after the face is the bold one.
    var isBold: Bool { weight >= 600 }

    /// Most characters of a name read (a longer one is cut: a style's names are short).
    static let maxName = 200

    /// Style words at the end of a font name, with the weight they give (nil: the slant).
    static let styleWords: [(words: [String], weight: Int?)] = [
        (["thin"], 100), (["hairline"], 100), (["extra", "light"], 200), (["extralight"], 200),
        (["ultra", "light"], 200), (["ultralight"], 200), (["light"], 300), (["regular"], 400), (["book"], 400),
        (["normal"], 400), (["medium"], 500), (["semi", "bold"], 600), (["semibold"], 600), (["demi", "bold"], 600),
        (["demibold"], 600), (["extra", "bold"], 800), (["extrabold"], 800), (["ultra", "bold"], 800),
        (["ultrabold"], 800), (["bold"], 700), (["black"], 900), (["heavy"], 900), (["italic"], nil),
        (["oblique"], nil),
    ]

    init(family: String?, weight: Int, italic: Bool) {
        (self.family, self.weight, self.italic) = (family, min(max(weight, 100), 900), italic)
    }

    /// A font name read as MapLibre's font stacks write it: the family, then style words
    /// (weights Thin … Black, `Italic` or `Oblique`). "Noto Sans Bold Italic" is family "Noto
    /// Sans", weight 700, italic; a name of style words only is DejaVu Sans in that style.
    init(name: String) {
        var words = name.prefix(Self.maxName).split(separator: " ").map(String.init)
        var weight: Int?
        var italic = false
        matching: while !words.isEmpty {
            for (style, w) in Self.styleWords where words.count >= style.count {
                let tail = words.suffix(style.count).map { $0.lowercased() }
                guard tail == style else { continue }
                if let w { weight = weight ?? w } else { italic = true }
                words.removeLast(style.count)
                continue matching
            }
            break
        }
        self.init(family: words.isEmpty ? nil : words.joined(separator: " "), weight: weight ?? 400, italic: italic)
    }

    /// The font of a stack: the first name whose family is installed (``FontMatcher``), else the
    /// first name's weight and slant in the chain's own face (MapLibre's server would fall back
    /// too); `.regular` for an empty stack.
    init(stack names: [String]) {
        let fonts = names.prefix(8).map(LabelFont.init(name:))
        self =
            fonts.first { $0.family.map(FontMatcher.isInstalled) ?? true }
            ?? fonts.first.map { LabelFont(family: nil, weight: $0.weight, italic: $0.italic) } ?? .regular
    }

    /// ``init(stack:)``, kept for the stacks met (at most ``FontMatcher/capacity``): a layer's
    /// labels read the same stack feature after feature.
    static func cached(stack names: [String]) -> LabelFont {
        if let known = stackLock.withLock({ stacks[names] }) { return known }
        let font = LabelFont(stack: names)
        stackLock.withLock { if stacks.count < FontMatcher.capacity { stacks[names] = font } }
        return font
    }

    nonisolated(unsafe) private static var stacks: [[String]: LabelFont] = [:]
    private static let stackLock = NSLock()
}
