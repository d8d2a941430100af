import CCairo
import Foundation

/// The stamp of a sprite image fitted to its text (`icon-text-fit`): each piece of
/// ``IconTextFit/quads(_:box:)`` drawn as MapLibre's GPU draws its quads: the pixels whose
/// centres fall inside the piece, sampled from the image (its border transparent) by the
/// nearest pixel where MapLibre does (`icon-size` 1 and the image's pixel ratio the screen's),
/// else bilinearly, so stretched parts stay sharp-edged and fixed parts keep their pixels.
enum IconFitStamp {
    /// The stamp for `key` (whose `fit` is `box`, 64ths of a point about the anchor), its
    /// reference point the anchor plus the key's phase; nil when it would be empty, larger than
    /// ``IconStamp/maxSide`` or Cairo fails.
    static func make(_ key: IconStamp.Key, _ image: StyleImages.Image, box: [Int]) -> LabelStamp? {
        guard box.count == 4 else { return nil }
        let b = box.map { Double($0) / 64 }
        let quads = IconTextFit.quads(
            image.entry, box: IconTextFit.Box(left: b[0], top: b[1], right: b[2], bottom: b[3]))
        let (scale, px, py) = (
            key.scale, Double(key.phaseX) / SDFStamp.phaseSteps, Double(key.phaseY) / SDFStamp.phaseSteps
        )
        // Device pixels from the anchor's whole pixel: the pixels each piece covers (centres inside).
        func cover(_ q: IconTextFit.Quad) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
            let edges = [
                q.target.left * scale + px, q.target.top * scale + py, q.target.right * scale + px,
                q.target.bottom * scale + py,
            ]
            guard edges.allSatisfy({ $0.isFinite && abs($0) < Double(IconStamp.maxSide) }) else { return nil }
            let r = edges.map { Int(($0 - 0.5).rounded(.up)) }
            return r[2] > r[0] && r[3] > r[1] ? (r[0], r[1], r[2], r[3]) : nil
        }
        let pieces = quads.compactMap { q in cover(q).map { (q, $0) } }
        guard let first = pieces.first?.1 else { return nil }
        var (x0, y0, x1, y1) = first
        for (_, c) in pieces { (x0, y0, x1, y1) = (min(x0, c.x0), min(y0, c.y0), max(x1, c.x1), max(y1, c.y1)) }
        guard x1 - x0 <= IconStamp.maxSide, y1 - y0 <= IconStamp.maxSide else { return nil }
        let e = image.entry
        guard
            let part = cairo_surface_create_for_rectangle(
                image.sheet.image.surface, Double(e.x), Double(e.y), Double(e.width), Double(e.height)),
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0))
        else { return nil }
        defer { cairo_surface_destroy(part) }
        guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(out) else {
            cairo_surface_destroy(out)
            return nil
        }
        let nearest = key.size == 1 && e.pixelRatio == scale
        for (q, c) in pieces {
            guard let pattern = cairo_pattern_create_for_surface(part) else { continue }
            // Pattern space (image pixels) from the stamp's pixels, exactly as the piece maps.
            let left = q.target.left * scale + px - Double(x0)
            let top = q.target.top * scale + py - Double(y0)
            let kx = q.source.width / (q.target.width * scale)
            let ky = q.source.height / (q.target.height * scale)
            var m = cairo_matrix_t()
            cairo_matrix_init(&m, kx, 0, 0, ky, q.source.left - left * kx, q.source.top - top * ky)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_rectangle(cr, Double(c.x0 - x0), Double(c.y0 - y0), Double(c.x1 - c.x0), Double(c.y1 - c.y0))
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
        cairo_destroy(cr)
        cairo_surface_flush(out)
        if key.opacity < 1 { IconStamp.fade(out, by: key.opacity) }
        cairo_surface_mark_dirty(out)
        return LabelStamp(surface: out, originX: -x0, originY: -y0)
    }
}
