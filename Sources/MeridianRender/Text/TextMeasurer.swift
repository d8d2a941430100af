import CCairo
import Foundation
import MeridianTiles

/// Measures label text for one frame: the shaped advance (``TextShaper``) and the first face's ascent
/// plus descent, at the frame's pixel scale (Cairo's font metrics on a scratch context set up as the
/// frame's), each text measured once per frame and kept between frames.
///
/// Notes the texts that hold a character no face of the font chain covers.
final class TextMeasurer {
    private let scratch: OpaquePointer
    private let cr: OpaquePointer
    private var measured: [Key: (width: Double, height: Double)] = [:]
    private var currentFont: (size: Double, font: LabelFont)?
    /// Texts measured that hold a character no font covers (drawn as replacement boxes).
    private(set) var uncovered: Set<String> = []

    private struct Key: Hashable {
        let text: String, size: Double, font: LabelFont, letterSpacing: Double, scale: Double
    }
    private let scale: Double

    /// A measurer at `scale` pixels per point.
    /// - Throws: ``RenderError/cairo(_:)`` when Cairo cannot make its scratch context.
    init(scale: Double) throws(RenderError) {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1),
            cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
            let context = cairo_create(s)
        else { throw .cairo("cannot create a context to measure text") }
        (scratch, cr, self.scale) = (s, context, scale)
        cairo_scale(cr, scale, scale)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
        Fonts.setTextOptions(cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(scratch)
    }

    /// The width and height, points, of `s` at `size` points: of several lines (broken at
    /// `\n`), the widest line's width and one line's height.
    ///
    /// Measures are kept for the frame and, process-wide, between frames (an LRU of its own: a
    /// text measures the same at the same size, font and spacing in every frame).
    func measure(
        _ s: String, size: Double, font: LabelFont = .regular, letterSpacing: Double = 0
    ) -> (width: Double, height: Double) {
        let key = Key(text: s, size: size, font: font, letterSpacing: letterSpacing, scale: scale)
        if let known = measured[key] { return known }
        if let kept = Self.lock.withLock({ Self.shared.value(for: key) }) {
            if kept.missing { uncovered.insert(s) }
            measured[key] = kept.size
            return kept.size
        }
        select(font, size: size)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        var widest = 0.0
        var missing = false
        for line in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let shaped = TextShaper.shape(String(line), font: font, letterSpacing: letterSpacing)
            missing = missing || shaped.missing > 0
            widest = max(widest, shaped.advance * size)
        }
        if missing { uncovered.insert(s) }
        let m = (widest, extents.ascent + extents.descent)
        measured[key] = m
        Self.lock.withLock { Self.shared.insert((m, missing), for: key, cost: 1) }
        return m
    }

    /// Measures between frames, at most ``sharedCapacity`` of them (least recently used out).
    /// Keyed by the scale too: hinted font metrics are rounded in pixels.
    nonisolated(unsafe) private static let shared = LRUCache<
        Key, (size: (width: Double, height: Double), missing: Bool)
    >(
        capacity: sharedCapacity)
    static let sharedCapacity = 16_384
    private static let lock = NSLock()

    /// Selects the font's first face (``FontChain/faces(for:)``; DejaVu Sans through `Fonts`
    /// when the chain has none) at a size, only when the face or size changes.
    private func select(_ font: LabelFont, size: Double) {
        guard currentFont?.size != size || currentFont?.font != font else { return }
        if currentFont?.font != font {
            if let face = FontChain.faces(for: font).first?.cairo {
                cairo_set_font_face(cr, face)
            } else {
                Fonts.select(cr, bold: font.isBold)
            }
        }
        cairo_set_font_size(cr, size)
        currentFont = (size, font)
    }
}
