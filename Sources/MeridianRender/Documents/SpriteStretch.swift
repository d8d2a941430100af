import Foundation

/// What a sprite image says of how `icon-text-fit` stretches it, as MapLibre reads it: `stretchX`
/// and `stretchY` (the columns and rows that stretch; the rest keep their size), `content` (the
/// part the text is fitted into) and `textFitWidth` / `textFitHeight` (whether the content may
/// shrink or keeps its aspect).
///
/// All in the image's own pixels (before its pixel ratio). Bad values are refused, naming the
/// field (``SpriteStretch/init(_:width:height:)``), as MapLibre refuses such an image.
struct SpriteStretch: Hashable, Sendable {
    /// A stretchable span of columns or rows: from `start` to `end` pixels, `start` < `end`.
    struct Zone: Hashable, Sendable {
        let start: Double, end: Double
    }

    /// How the content fits its text along one axis (`textFitWidth`, `textFitHeight`).
    enum TextFit: String, Hashable, Sendable {
        case stretchOrShrink, stretchOnly, proportional
    }

    /// `stretchX` and `stretchY`: nil when the image leaves them out (the whole axis stretches).
    let x: [Zone]?, y: [Zone]?
    /// A rectangle of the image: `content`.
    struct Content: Hashable, Sendable {
        let left: Double, top: Double, right: Double, bottom: Double
    }

    /// `content`: the part laid over the text.
    let content: Content?
    let fitWidth: TextFit?, fitHeight: TextFit?

    /// The stretch of a sprite index's entry `e` for an image of `width` × `height` pixels; nil
    /// when it gives none of the fields.
    /// - Throws: a message naming the field when a zone is not a pair of numbers, increasing,
    ///   within the image and after the one before; `content` is not four numbers within the
    ///   image with left < right and top < bottom; or a text fit is not one of its three words.
    init?(_ e: [String: Any], width: Int, height: Int) throws(SpriteStretchError) {
        let keys = ["stretchX", "stretchY", "content", "textFitWidth", "textFitHeight"]
        guard keys.contains(where: { e[$0] != nil }) else { return nil }
        x = try Self.zones(e["stretchX"], "stretchX", size: Double(width))
        y = try Self.zones(e["stretchY"], "stretchY", size: Double(height))
        if let raw = e["content"] {
            guard let c = Self.numbers(raw), c.count == 4, c[0] >= 0, c[1] >= 0, c[0] < c[2], c[1] < c[3],
                c[2] <= Double(width), c[3] <= Double(height)
            else { throw SpriteStretchError(field: "content") }
            content = Content(left: c[0], top: c[1], right: c[2], bottom: c[3])
        } else {
            content = nil
        }
        fitWidth = try Self.textFit(e["textFitWidth"], "textFitWidth")
        fitHeight = try Self.textFit(e["textFitHeight"], "textFitHeight")
    }

    private static func zones(_ raw: Any?, _ field: String, size: Double) throws(SpriteStretchError) -> [Zone]? {
        guard let raw else { return nil }
        guard let list = raw as? [Any], list.count <= 64 else { throw SpriteStretchError(field: field) }
        var out: [Zone] = []
        for item in list {
            guard let pair = numbers(item), pair.count == 2, pair[0] >= (out.last?.end ?? 0), pair[0] < pair[1],
                pair[1] <= size
            else { throw SpriteStretchError(field: field) }
            out.append(Zone(start: pair[0], end: pair[1]))
        }
        return out
    }

    private static func numbers(_ raw: Any) -> [Double]? {
        guard let list = raw as? [Any] else { return nil }
        let out = list.compactMap { ($0 as? NSNumber)?.doubleValue }.filter(\.isFinite)
        return out.count == list.count ? out : nil
    }

    private static func textFit(_ raw: Any?, _ field: String) throws(SpriteStretchError) -> TextFit? {
        guard let raw else { return nil }
        guard let word = raw as? String, let fit = TextFit(rawValue: word) else {
            throw SpriteStretchError(field: field)
        }
        return fit
    }
}

/// A sprite image's stretch field that is not as MapLibre reads it.
struct SpriteStretchError: Error {
    let field: String
}
