import Foundation
import MeridianTiles

/// A style's glyphs (its root `glyphs` template): the signed-distance-field ranges its text is
/// drawn from, as MapLibre draws it, read when first needed and kept.
///
/// A range is 256 code points of one fontstack (the `text-font` names joined by commas, as
/// MapLibre asks for them): the template with `{fontstack}` and `{range}` filled in, fetched
/// through the data folder's reader when it is on HTTP (spaces and other characters outside
/// URLs percent-encoded), else read as a file (`file://`, or a path resolved against the style's
/// folder). A range that cannot be read or decoded holds no glyphs and is one line of
/// ``warnings``; its text is drawn from the system's faces (`covers(_:stack:)`).
///
/// Shared by the frames of one style and data folder, from any thread; bounded: at most
/// ``maxRanges`` ranges are kept (least recently used out), each at most
/// `GlyphRange.maxBytes`.
public final class StyleGlyphs: @unchecked Sendable {
    /// The template, as the style wrote it.
    public let template: String
    private let base: String?
    private let access: (any RemoteAccess)?
    private let lock = NSLock()
    private var ranges: LRUCache<RangeKey, [UInt32: SDFGlyph]>
    private var failed: [String] = []

    private struct RangeKey: Hashable { let stack: String, start: UInt32 }

    /// Most ranges kept.
    public static let maxRanges = 512
    /// Most lines of ``warnings`` (one per range that could not be read).
    static let maxWarnings = 32

    /// The glyphs of `template` (a style's `glyphs`); a relative path resolves against `base`
    /// (the style's folder; the working directory when nil); HTTP through `access`.
    public init(template: String, base: String?, access: (any RemoteAccess)?) {
        (self.template, self.base, self.access) = (template, base, access)
        ranges = LRUCache(capacity: Self.maxRanges)
    }

    /// One line per range that could not be read, and why.
    public var warnings: [String] { lock.withLock { failed } }

    /// The glyph of `codepoint` in `stack`, reading its range when first asked; nil where the
    /// range has none or could not be read.
    func glyph(_ codepoint: UInt32, stack: String) -> SDFGlyph? {
        range(stack: stack, start: codepoint & ~0xFF)[codepoint]
    }

    /// Whether every character of `text` that MapLibre sets (not line breaks) has a glyph in
    /// `stack`: a text drawn from the style's glyphs must lose none of them.
    func covers(_ text: String, stack: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\n" || glyph($0.value, stack: stack) != nil }
    }

    private func range(stack: String, start: UInt32) -> [UInt32: SDFGlyph] {
        let key = RangeKey(stack: stack, start: start)
        if let kept = lock.withLock({ ranges.value(for: key) }) { return kept }
        // Past U+FFFF MapLibre asks for no range: those characters are drawn from the system's faces.
        var glyphs: [UInt32: SDFGlyph] = [:]
        if start <= 0xFF00 {
            let name = url(stack: stack, start: start)
            do throws(TileError) {
                glyphs = try GlyphRange.decode(try read(name))
            } catch {
                lock.withLock {
                    if failed.count < Self.maxWarnings {
                        failed.append("glyphs: \(name): \(error); its text is drawn from the system's faces")
                    }
                }
            }
        }
        lock.withLock { ranges.insert(glyphs, for: key, cost: 1) }
        return glyphs
    }

    /// The template filled in for one range.
    func url(stack: String, start: UInt32) -> String {
        let remote = template.hasPrefix("http://") || template.hasPrefix("https://")
        let name = remote ? (stack.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? stack) : stack
        return template.replacingOccurrences(of: "{fontstack}", with: name)
            .replacingOccurrences(of: "{range}", with: "\(start)-\(start + 255)")
    }

    /// What a fontstack keeps unencoded in a URL's path (MapLibre's stacks are names and commas).
    private static let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%/"))

    private func read(_ url: String) throws(TileError) -> [UInt8] {
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            guard let access else {
                throw .corrupt(path: url, reason: "on HTTP, and the data folder has no reader")
            }
            return try access.document(url, maxBytes: GlyphRange.maxBytes)
        }
        var path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
        if !path.hasPrefix("/") { path = (base ?? ".") + "/" + path }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size else { throw .corrupt(path: path, reason: "no such file") }
        guard size <= GlyphRange.maxBytes, let data = FileManager.default.contents(atPath: path) else {
            throw .corrupt(path: path, reason: "over \(GlyphRange.maxBytes >> 20) MiB or unreadable")
        }
        return [UInt8](data)
    }
}
