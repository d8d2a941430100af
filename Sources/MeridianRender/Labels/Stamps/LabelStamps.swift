import CCairo
import MeridianGeometry
import MeridianTiles

/// Labels are drawn as stamps: the text and its halo rendered once into a small image (glyph
/// outlines filled and stroked by Cairo, the costly part of a label), then composited onto the map
/// at whole device pixels.
///
/// A ``RenderCache`` keeps the stamps between frames, so a frame that shows the labels of the frame
/// before (a pan, a redraw) only composites. With or without the cache a label's pixels are the
/// same: the stamp is what is always drawn.
final class LabelStamp {
    let surface: OpaquePointer
    /// Device pixels from the stamp's top left to its reference point (the pen's start for
    /// text set from its left end, the text's centre for text turned about it).
    let originX: Int, originY: Int
    var cost: Int { Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface)) + 64 }

    /// What fixes a stamp's pixels.
    ///
    /// Stamps are upright: labels along lines turn them as they composite them
    /// (``RasterTarget/turnedStamp(_:x:y:angle:)``), so a turning camera finds every street's stamp
    /// made.
    struct Key: Hashable {
        let text: String, size: Double, font: LabelFont, color: RGBA, halo: RGBA, scale: Double
        let centered: Bool
        /// One glyph of the shaped text (its index in visual order), centred on its advance's
        /// middle, for labels along curves; -1 for the whole text.
        var glyph = -1
        /// What the stamp holds: the halo and the text (`.both`), or one of them, so a curved
        /// label's halos all go under all its glyphs.
        var part = Part.both
        /// Ems between glyphs (`text-letter-spacing`).
        var letterSpacing = 0.0
        /// For text of several lines (broken at `\n`): each line set from the left, centred on
        /// the widest or set to its right edge (`text-justify`).
        var justify = TextJustify.left
        /// How far the halo reaches out from the glyphs' outlines, points (`text-halo-width`;
        /// 0: no halo).
        var haloWidth = LabelStamp.haloWidth
        /// How far the halo's edge fades, points (`text-halo-blur`; 0: sharp).
        var haloBlur = 0.0
        /// Ems between the baselines of a text of several lines (`text-line-height`).
        var lineHeight = LabelStamp.lineHeight
        /// For text in the style's glyphs, the part of a device pixel the reference point lies past
        /// the whole pixel the stamp is composited at, in `SDFStamp.phaseSteps`ths, as MapLibre sets glyphs
        /// where they fall; 0 for the system's faces (set on whole pixels).
        var phaseX = 0, phaseY = 0
        /// For text in the style's glyphs, the linear map (``StampMatrix``'s a, b, c, d, in
        /// ``LabelStamp/mapSteps``ths) it is set through about its reference point: turned or
        /// laid on the ground as MapLibre sets each glyph's quad, rather than resampled from an
        /// upright stamp; nil for upright text and the system's faces.
        var map: [Int]? = nil
    }

    /// Steps of a unit a stamp's map is set at (under 0.05 pixel at 300 pixels from its
    /// reference point).
    static let mapSteps = 8192.0

    /// Baselines of the lines of a label this many ems apart: `text-line-height`'s default.
    static let lineHeight = 1.2

    enum Part: Hashable { case both, halo, fill }

    init(surface: OpaquePointer, originX: Int, originY: Int) {
        (self.surface, self.originX, self.originY) = (surface, originX, originY)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The halo width the renderer's own text takes (the attribution), points: MapLibre's
    /// `text-halo-width`, the distance outside the outlines (Cairo strokes twice as wide).
    static let haloWidth = 1.5

    /// Renders a stamp: the text at `size` points, `scale` pixels per point, set from its left
    /// end (`centred` false) or centred on it; nil when Cairo fails or
    /// the text leaves nothing to draw.
    static func make(_ key: Key, width: Double, height: Double) -> LabelStamp? {
        if let sdf = key.font.sdf {
            return SDFStamp.make(
                key, font: sdf,
                phase: (Double(key.phaseX) / SDFStamp.phaseSteps, Double(key.phaseY) / SDFStamp.phaseSteps))
        }
        // The text shaped (HarfBuzz, FriBidi, the font chain; cached), as Cairo glyph runs.
        var runs: [(face: OpaquePointer, glyphs: [cairo_glyph_t])] = []
        var pen = (x: 0.0, y: height * 0.3)  // where the first line starts: the box of a text without ink
        if key.glyph >= 0 {
            // One glyph, its advance's middle on the reference point.
            let all = TextShaper.shape(key.text, font: key.font, letterSpacing: key.letterSpacing).glyphs
            guard key.glyph < all.count else { return nil }
            guard case let (face?, g) = all[key.glyph] else { return nil }
            runs = [
                (
                    face.cairo,
                    [
                        cairo_glyph_t(
                            index: UInt(g.id), x: (g.x - g.pen - g.advance / 2) * key.size,
                            y: height * 0.3 + g.y * key.size)
                    ]
                )
            ]
        } else {
            // Several lines: the first baseline where one line's would be, less half the others
            // when centred on the reference point (the block then sits on it).
            let lines = key.text.split(separator: "\n", omittingEmptySubsequences: false)
            let gap = key.lineHeight * key.size
            let extra = Double(lines.count - 1) * gap
            pen = (x: key.centered ? -width / 2 : 0, y: key.centered ? height * 0.3 - extra / 2 : 0)
            let sets = lines.map { TextShaper.shape(String($0), font: key.font, letterSpacing: key.letterSpacing) }
            // Lines are justified within the widest (one line has no room to move in).
            let widest = sets.map(\.advance).max() ?? 0
            for (i, set) in sets.enumerated() {
                let room = (widest - set.advance) * key.size
                let x = pen.x + (key.justify == .center ? room / 2 : key.justify == .right ? room : 0)
                let y = pen.y + Double(i) * gap
                runs += set.runs.compactMap { run in
                    guard let face = run.face else { return nil }
                    return (
                        face.cairo,
                        run.glyphs.map {
                            cairo_glyph_t(index: UInt($0.id), x: x + $0.x * key.size, y: y + $0.y * key.size)
                        }
                    )
                }
            }
        }
        /// The size and transform of the stamp (the same on the measuring context).
        func setUp(_ cr: OpaquePointer) {
            Fonts.setTextOptions(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
            cairo_scale(cr, key.scale, key.scale)
            cairo_set_font_size(cr, key.size)
        }
        // The stamp's extent around the reference point, in device pixels.
        guard let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(scratch) }
        let measure = cairo_create(scratch)
        defer { cairo_destroy(measure) }
        setUp(measure!)
        // The glyphs' inked box from the fonts (cairo_glyph_extents), widened by
        // the halo. (cairo_path_extents on the scratch surface loses glyphs past its edge.)
        var (x1, y1, x2, y2) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for run in runs where !run.glyphs.isEmpty {
            cairo_set_font_face(measure, run.face)
            cairo_set_font_size(measure, key.size)
            var ink = cairo_text_extents_t()
            cairo_glyph_extents(measure, run.glyphs, Int32(run.glyphs.count), &ink)
            guard ink.width > 0 || ink.height > 0 else { continue }
            // (Cairo gives the box relative to the first glyph's position.)
            let (ox, oy) = (run.glyphs[0].x + ink.x_bearing, run.glyphs[0].y + ink.y_bearing)
            (x1, y1) = (min(x1, ox), min(y1, oy))
            (x2, y2) = (max(x2, ox + ink.width), max(y2, oy + ink.height))
        }
        if x1 > x2 { (x1, y1, x2, y2) = (pen.x, pen.y, pen.x, pen.y) }  // no ink (spaces): the pen point
        let margin = 2 * key.haloWidth + 2 * key.haloBlur
        (x1, y1, x2, y2) = (x1 - margin, y1 - margin, x2 + margin, y2 + margin)
        // Extents are in user space: take the device box of their corners.
        let corners = [(x1, y1), (x2, y1), (x1, y2), (x2, y2)].map { corner -> (Double, Double) in
            var (x, y) = corner
            cairo_user_to_device(measure, &x, &y)
            return (x, y)
        }
        let left = Int(corners.map(\.0).min()!.rounded(.down)) - 1
        let top = Int(corners.map(\.1).min()!.rounded(.down)) - 1
        let right = Int(corners.map(\.0).max()!.rounded(.up)) + 1
        let bottom = Int(corners.map(\.1).max()!.rounded(.up)) + 1
        guard right > left, bottom > top, (right - left) * (bottom - top) <= 4096 * 512,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_translate(cr, Double(-left), Double(-top))
        setUp(cr)
        for run in runs where !run.glyphs.isEmpty {
            cairo_set_font_face(cr, run.face)
            cairo_set_font_size(cr, key.size)
            cairo_glyph_path(cr, run.glyphs, Int32(run.glyphs.count))
        }
        cairo_set_line_width(cr, 2 * key.haloWidth)
        if key.part != .fill, key.haloWidth > 0 {
            cairo_set_source_rgba(cr, key.halo.r, key.halo.g, key.halo.b, key.halo.a)
            if key.haloBlur > 0, let mask = HaloBlur.mask(of: cr, surface: surface, blur: key.haloBlur * key.scale) {
                // The halo's coverage blurred, then painted through in the halo's colour.
                cairo_save(cr)
                cairo_identity_matrix(cr)
                cairo_mask_surface(cr, mask, 0, 0)
                cairo_restore(cr)
                cairo_surface_destroy(mask)
            } else {
                cairo_stroke_preserve(cr)
            }
        }
        if key.part != .halo {
            cairo_set_source_rgba(cr, key.color.r, key.color.g, key.color.b, key.color.a)
            cairo_fill(cr)
        }
        cairo_surface_flush(surface)
        return LabelStamp(surface: surface, originX: -left, originY: -top)
    }
}

/// Stamps kept between frames (in a ``RenderCache``), bounded by their pixels' bytes.
typealias LabelStampCache = LRUCache<LabelStamp.Key, LabelStamp>
