import CCairo
import MeridianGeometry

/// Cairo drawing into rows of a frame's pixels (``FramePixels``): the whole image, or one band of
/// it (rows from `top`, drawn in the same point coordinates through a translation by whole device
/// rows).
///
/// FAST antialiasing: fewer coverage samples than GOOD, edges still smoothed (BENCHMARKS.md has the
/// cost of each).
final class CairoTarget: RasterTarget {
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// The device row of the image this target's row 0 is (0, or a band's first row).
    let deviceTop: Int
    /// Device pixels per point.
    let scale: Double

    /// A target on `height` rows of `stride` bytes at `rows`, the image's row `top` first, at
    /// `scale` pixels per point; nil when Cairo refuses the rows.
    init?(rows: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, top: Int, scale: Double) {
        guard
            let s = cairo_image_surface_create_for_data(
                rows, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)),
            cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let context = cairo_create(s)
        else { return nil }
        surface = s
        cr = context
        deviceTop = top
        self.scale = scale
        cairo_translate(cr, 0, Double(-top))
        cairo_scale(cr, scale, scale)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func finish() { cairo_surface_flush(surface) }

    /// Lays `layer` (a surface of the whole image's device pixels) on this target's rows at `opacity`.
    func composite(_ layer: OpaquePointer, opacity: Double) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, layer, 0, Double(-deviceTop))
        cairo_paint_with_alpha(cr, min(max(opacity, 0), 1))
        cairo_restore(cr)
    }

    /// Cairo's own group: an intermediate surface the size of this target's rows.
    func group(_ ops: [DrawOp], opacity: Double) {
        cairo_push_group(cr)
        for op in ops { apply(op) }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, min(max(opacity, 0), 1))
    }

    private func set(_ c: RGBA) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    func fillAll(_ c: RGBA) {
        set(c)
        cairo_paint(cr)
    }

    /// Adds closed rings or open lines to the current path (parts too short to draw left out).
    private func path(_ parts: Polylines, closed: Bool) {
        parts.forEachPart { subpath($0, closed: closed) }
    }

    /// One part added to the path (none with too few points to draw).
    private func subpath(_ part: UnsafeBufferPointer<ScreenPoint>, closed: Bool) {
        guard part.count >= (closed ? 3 : 2) else { return }
        cairo_move_to(cr, part[0].x, part[0].y)
        for p in part.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        if closed { cairo_close_path(cr) }
    }

    func aliasedFill(_ parts: Polylines, _ c: RGBA) {
        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        fill(parts, c, evenOdd: false)
        cairo_restore(cr)
    }

    func patternFills(_ fills: [(Polylines, FillPattern)]) { for (parts, p) in fills { patternFill(parts, p) } }

    func patternFill(_ parts: Polylines, _ p: FillPattern) {
        guard let pattern = cairo_pattern_create_for_surface(p.tile.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        if p.singleTap { cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR) }
        // Points to the image's pixels: the inverse of the pattern's map from its lattice corner.
        guard p.map.isInvertible else { return }
        var m = cairo_matrix_t(xx: p.map.a, yx: p.map.b, xy: p.map.c, yy: p.map.d, x0: p.origin.x, y0: p.origin.y)
        guard cairo_matrix_invert(&m) == CAIRO_STATUS_SUCCESS else { return }
        cairo_pattern_set_matrix(pattern, &m)
        cairo_save(cr)
        path(parts, closed: true)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_source(cr, pattern)
        if p.opacity >= 1 && p.shade <= 0 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, p.opacity)
            // A lit face: the image darkened by black over it, where the image is.
            if p.shade > 0 {
                cairo_set_source_rgba(cr, 0, 0, 0, min(p.shade, 1) * p.opacity)
                cairo_mask(cr, pattern)
            }
        }
        cairo_restore(cr)
    }

    func fill(_ parts: Polylines, _ c: RGBA, evenOdd: Bool) {
        path(parts, closed: true)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        set(c)
        cairo_fill(cr)
    }

    func stroke(_ parts: Polylines, _ c: RGBA, width: Double, closed: Bool, style: StrokeStyle) {
        set(c)
        cairo_set_line_width(cr, width)
        switch style.drawnJoin(width: width) {
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .miter:
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_set_miter_limit(cr, style.miterLimit)
        }
        switch style.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        guard style.separateParts else {
            path(parts, closed: closed)
            return cairo_stroke(cr)
        }
        parts.forEachPart { part in
            subpath(part, closed: closed)
            cairo_stroke(cr)
        }
    }

    /// A filled disc (Cairo's arc: exact, antialiased).
    func disc(_ center: ScreenPoint, radius: Double, _ c: RGBA) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, max(0, radius), 0, 2 * Double.pi)
        set(c)
        cairo_fill(cr)
    }

    func rectangle(x: Double, y: Double, width: Double, height: Double, _ c: RGBA) {
        cairo_rectangle(cr, x, y, width, height)
        set(c)
        cairo_fill(cr)
    }

    /// Edges padded so neighbouring triangles and tiles meet without seams; no antialiasing on
    /// the triangle's edges, which would show the background along shared edges.
    func image(_ image: RasterImage, from src: [ScreenPoint], to dst: [ScreenPoint], opacity: Double, nearest: Bool) {
        // The pattern matrix maps canvas (user) space to image space: solve the affine map
        // that sends dst[i] to src[i].
        let (a, b, c) = (dst[0], dst[1], dst[2])
        let det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard abs(det) > 1e-9 else { return }
        func row(_ s0: Double, _ s1: Double, _ s2: Double) -> (Double, Double, Double) {
            let gx = ((s1 - s0) * (c.y - a.y) - (s2 - s0) * (b.y - a.y)) / det
            let gy = ((s2 - s0) * (b.x - a.x) - (s1 - s0) * (c.x - a.x)) / det
            return (gx, gy, s0 - gx * a.x - gy * a.y)
        }
        let u = row(src[0].x, src[1].x, src[2].x)
        let v = row(src[0].y, src[1].y, src[2].y)
        var m = cairo_matrix_t(xx: u.0, yx: v.0, xy: u.1, yy: v.1, x0: u.2, y0: v.2)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        path(Polylines([dst]), closed: true)
        cairo_set_source(cr, pattern)
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, max(0, opacity))
        }
        cairo_restore(cr)
        cairo_pattern_destroy(pattern)
    }

    /// Drawn straight into the pixels of what Cairo draws on now: this target's rows, or the group
    /// pushed on them (whose device offset places it on the image).
    func groundTile(_ tile: GroundTile) { withRows { tile.draw(into: $0, scale: scale) } }

    func hairlines(_ lines: Hairlines) { withRows { lines.draw(into: $0, scale: scale) } }

    func heatmap(_ field: HeatmapField) { withRows { field.draw(into: $0, scale: scale) } }

    func gradientLine(_ line: GradientLine) { withRows { line.draw(into: $0, scale: scale) } }

    /// Hands the pixels of the surface drawn on (a group's, within one) to `body`.
    private func withRows(_ body: (PixelRows) -> Void) {
        guard let target = cairo_get_group_target(cr) else { return }
        cairo_surface_flush(target)
        defer { cairo_surface_mark_dirty(target) }
        guard let data = cairo_image_surface_get_data(target) else { return }
        var (dx, dy) = (0.0, 0.0)
        cairo_surface_get_device_offset(target, &dx, &dy)
        body(
            PixelRows(
                pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                width: Int(cairo_image_surface_get_width(target)), height: Int(cairo_image_surface_get_height(target)),
                stride: Int(cairo_image_surface_get_stride(target)) / 4, left: -Int(dx), top: deviceTop - Int(dy)))
    }

    func stamp(_ stamp: LabelStamp, x: Int, y: Int) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, stamp.surface, Double(x), Double(y - deviceTop))
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Sampled within the stamp's turned box (``mappedStamp(_:x:y:matrix:)`` with a turn).
    func turnedStamp(_ stamp: LabelStamp, x: Double, y: Double, angle: Double) {
        mappedStamp(stamp, x: x, y: y, matrix: .turn(angle))
    }

    /// Sampled within the stamp's mapped box.
    func mappedStamp(_ stamp: LabelStamp, x: Double, y: Double, matrix m: StampMatrix) {
        guard m.isInvertible else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        var t = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: x, y0: y - Double(deviceTop))
        cairo_transform(cr, &t)
        cairo_set_source_surface(cr, stamp.surface, Double(-stamp.originX), Double(-stamp.originY))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(
            cr, Double(-stamp.originX), Double(-stamp.originY),
            Double(cairo_image_surface_get_width(stamp.surface)), Double(cairo_image_surface_get_height(stamp.surface)))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    func prisms(_ batch: PrismBatch) {
        for item in batch.items {
            let rings = batch.polylines(item)
            fill(rings, item.color, evenOdd: false)
            if item.kind == .roof {
                stroke(
                    rings, Extrusion.outline(item.color), width: PrismBatch.outlineWidth, closed: true,
                    style: .byWidth(PrismBatch.outlineWidth))
            }
        }
    }
}
