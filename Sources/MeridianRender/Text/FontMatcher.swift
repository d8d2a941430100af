import CCairo
import Foundation

/// Installed font files by family, weight and slant, through fontconfig (the library every Linux
/// desktop matches fonts with): what a style's `text-font` names becomes a file.
///
/// Answers are kept (at most ``capacity`` requests; a style naming more is matched again each
/// time, never grown without bound). Thread-safe.
enum FontMatcher {
    static let capacity = 512
    nonisolated(unsafe) private static var kept: [LabelFont: (file: String, index: Int)?] = [:]
    private static let lock = NSLock()
    nonisolated(unsafe) private static let ready: Bool = FcInit() != 0

    /// Whether fontconfig knows the family (as a family name of an installed face, any case).
    static func isInstalled(_ family: String) -> Bool {
        face(for: LabelFont(family: family, weight: 400, italic: false)) != nil
    }

    /// The file (and face index within it) fontconfig matches for the font's family at its weight
    /// and slant; nil when no installed face has that family (fontconfig would substitute another:
    /// the caller decides what stands in) or the font names none.
    static func face(for font: LabelFont) -> (file: String, index: Int)? {
        guard let family = font.family, ready else { return nil }
        if let known = lock.withLock({ kept[font] }) { return known }
        let found = match(family: family, weight: font.weight, italic: font.italic)
        lock.withLock { if kept.count < capacity { kept[font] = found } }
        return found
    }

    private static func match(family: String, weight: Int, italic: Bool) -> (file: String, index: Int)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        // Only the family asked for: fontconfig's substitute for a missing one is not it.
        var names: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(matched, FC_FAMILY, n, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            n += 1
        }
        guard names.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}
