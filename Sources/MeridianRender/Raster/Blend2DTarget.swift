import CBlend2D
import CCairo
import MeridianGeometry

/// Blend2D drawing into a frame's pixels (``FramePixels``, Cairo's premultiplied 32-bit format):
/// the target of the renderer's default ``MapRenderer/Rasterizer/blend2d``.
///
/// It draws fills, strokes, discs, rectangles, prisms and turned stamps itself, and hands raster
/// images and upright stamps to a ``CairoTarget`` on the same pixels (Blend2D's work waited for
/// before Cairo draws, Cairo's flushed before Blend2D goes on). Geometry is given in points; the
/// context's transform scales it to pixels (stroke widths too, as in Cairo). With `threads` above
/// 1, Blend2D renders asynchronously on its own worker threads (its bands, not ours); ``finish()``
/// waits for them. Same input, same pixels, whatever the thread count.
final class Blend2DTarget: RasterTarget {
    private var image = BLImageCore(detail: (0, 0))
    private var context = BLContextCore(detail: (0, 0))
    private var path = BLPathCore(detail: (0, 0))
    private var origin = BLPoint(x: 0, y: 0)
    /// Cairo on the same pixels, for what Blend2D does not draw here.
    private let cairo: CairoTarget
    /// The image's size in device pixels, and pixels per point.
    private let width: Int, height: Int, scale: Double

    /// A context on `height` rows of `stride` bytes at `pixels`; nil when Blend2D (or Cairo)
    /// refuses them.
    init?(pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double, threads: Int) {
        guard let cairo = CairoTarget(rows: pixels, width: width, height: height, stride: stride, top: 0, scale: scale)
        else { return nil }
        self.cairo = cairo
        (self.width, self.height, self.scale) = (width, height, scale)
        blImageInit(&image)
        blContextInit(&context)  // a valid (empty) context, so deinit may always destroy it
        blPathInit(&path)
        guard
            blImageCreateFromData(
                &image, Int32(width), Int32(height), UInt32(MERIDIAN_BL_FORMAT_PRGB32), pixels, stride,
                UInt32(MERIDIAN_BL_DATA_ACCESS_RW), nil, nil) == 0
        else { return nil }
        var info = BLContextCreateInfo()
        info.threadCount = UInt32(threads > 1 ? threads : 0)
        blContextDestroy(&context)
        guard blContextInitAs(&context, &image, &info) == 0 else { return nil }
        var factors = (scale, scale)
        _ = withUnsafePointer(to: &factors) {
            blContextApplyTransformOp(&context, UInt32(MERIDIAN_BL_TRANSFORM_OP_SCALE), $0)
        }
    }

    deinit {
        blContextEnd(&context)
        blContextDestroy(&context)
        blPathDestroy(&path)
        blImageDestroy(&image)
    }

    /// Blend2D's non-premultiplied 0xAARRGGBB of a colour (components clamped to [0, 1]).
    static func rgba32(_ c: RGBA) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { v.isNaN ? 0 : UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(c.a) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
    }

    func finish() { blContextFlush(&context, MERIDIAN_BL_CONTEXT_FLUSH_SYNC) }

    /// Draws with Cairo on the same pixels, between Blend2D's work before and after.
    private func withCairo(_ draw: (CairoTarget) -> Void) {
        finish()
        cairo_surface_mark_dirty(cairo.surface)
        draw(cairo)
        cairo.finish()
    }

    /// The group drawn by Blend2D into a transparent image of the same size, which Cairo then
    /// composites at `opacity` (nothing drawn when that image cannot be made).
    func group(_ ops: [DrawOp], opacity: Double) {
        guard let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(layer) }
        guard cairo_surface_status(layer) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(layer),
            let inner = Blend2DTarget(
                pixels: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(layer)),
                scale: scale, threads: 1)
        else { return }
        for op in ops { inner.apply(op) }
        inner.finish()
        cairo_surface_mark_dirty(layer)
        withCairo { $0.composite(layer, opacity: opacity) }
    }

    func image(_ image: RasterImage, from src: [ScreenPoint], to dst: [ScreenPoint], opacity: Double, nearest: Bool) {
        withCairo { $0.image(image, from: src, to: dst, opacity: opacity, nearest: nearest) }
    }

    /// The run drawn by Cairo after one hand-over (Blend2D's work flushed once, not per triangle:
    /// a tilted raster tile is hundreds of them).
    func images(_ run: ArraySlice<DrawOp>) {
        withCairo { cairo in
            for case let .image(image, src, dst, opacity, nearest) in run {
                cairo.image(image, from: src, to: dst, opacity: opacity, nearest: nearest)
            }
        }
    }

    /// Drawn straight into the pixels once Blend2D's work is in them.
    func groundTile(_ tile: GroundTile) { withCairo { $0.groundTile(tile) } }

    func hairlines(_ lines: Hairlines) { withCairo { $0.hairlines(lines) } }

    func heatmap(_ field: HeatmapField) { withCairo { $0.heatmap(field) } }
    func gradientLine(_ line: GradientLine) { withCairo { $0.gradientLine(line) } }

    func stamp(_ stamp: LabelStamp, x: Int, y: Int) { withCairo { $0.stamp(stamp, x: x, y: y) } }

    /// Blend2D antialiases every fill: hard edges are Cairo's.
    func aliasedFill(_ parts: Polylines, _ c: RGBA) { withCairo { $0.aliasedFill(parts, c) } }

    /// Patterns are Cairo's (a repeated surface).
    func patternFill(_ parts: Polylines, _ pattern: FillPattern) { withCairo { $0.patternFill(parts, pattern) } }

    /// All of them in one turn of Cairo's.
    func patternFills(_ fills: [(Polylines, FillPattern)]) { withCairo { $0.patternFills(fills) } }

    func fillAll(_ c: RGBA) { blContextFillAllRgba32(&context, Self.rgba32(c)) }

    func rectangle(x: Double, y: Double, width: Double, height: Double, _ c: RGBA) {
        var rect = BLRect(x: x, y: y, w: width, h: height)
        blContextFillRectDRgba32(&context, &rect, Self.rgba32(c))
    }

    func disc(_ center: ScreenPoint, radius: Double, _ c: RGBA) {
        var circle = BLCircle(cx: center.x, cy: center.y, r: max(0, radius))
        blContextFillGeometryRgba32(&context, UInt32(MERIDIAN_BL_GEOMETRY_TYPE_CIRCLE), &circle, Self.rgba32(c))
    }

    /// Makes ``path`` the parts (closed ones closed; parts too short to draw left out).
    private func build(_ parts: Polylines, closed: Bool) {
        parts.points.withUnsafeBufferPointer { points in
            parts.ends.withUnsafeBufferPointer { ends in build(points, from: 0, ends: ends, closed: closed) }
        }
    }

    /// ``build(_:closed:)`` of the parts from point `start`, ending at `ends` (indices into `points`).
    private func build(
        _ points: UnsafeBufferPointer<ScreenPoint>, from start: Int, ends: UnsafeBufferPointer<Int>, closed: Bool
    ) {
        blPathClear(&path)
        points.baseAddress.map { base in
            base.withMemoryRebound(to: BLPoint.self, capacity: points.count) { blPoints in
                meridian_bl_add_parts(
                    &path, blPoints, start, ends.baseAddress, ends.count, closed ? 3 : 2, closed ? 1 : 0)
            }
        }
    }

    /// The stamp's premultiplied pixels blitted by Blend2D; device position (`x`, `y`) is
    /// fractional for glyphs along a curve.
    func turnedStamp(_ stamp: LabelStamp, x: Double, y: Double, angle: Double) {
        var turn = angle
        blit(stamp, x: x, y: y) { blContextApplyTransformOp(&$0, UInt32(MERIDIAN_BL_TRANSFORM_OP_ROTATE), &turn) }
    }

    /// The stamp mapped by `matrix` about its reference point (text laid on the ground).
    func mappedStamp(_ stamp: LabelStamp, x: Double, y: Double, matrix m: StampMatrix) {
        guard m.isInvertible else { return }
        var matrix = (m.a, m.b, m.c, m.d, 0.0, 0.0)  // BLMatrix2D: m00, m01, m10, m11, m20, m21
        blit(stamp, x: x, y: y) { blContextApplyTransformOp(&$0, UInt32(MERIDIAN_BL_TRANSFORM_OP_TRANSFORM), &matrix) }
    }

    /// Blits the stamp's pixels with its reference point at device position (`x`, `y`), through
    /// the transform `shape` applies there (bilinear sampling).
    private func blit(_ stamp: LabelStamp, x: Double, y: Double, shape: (inout BLContextCore) -> Void) {
        cairo_surface_flush(stamp.surface)
        guard let pixels = cairo_image_surface_get_data(stamp.surface) else { return }
        let width = Int(cairo_image_surface_get_width(stamp.surface))
        let height = Int(cairo_image_surface_get_height(stamp.surface))
        var image = BLImageCore(detail: (0, 0))
        blImageInit(&image)
        defer { blImageDestroy(&image) }
        guard
            blImageCreateFromData(
                &image, Int32(width), Int32(height), UInt32(MERIDIAN_BL_FORMAT_PRGB32), pixels,
                Int(cairo_image_surface_get_stride(stamp.surface)),
                UInt32(MERIDIAN_BL_DATA_ACCESS_READ), nil, nil) == 0
        else { return }
        blContextSave(&context, nil)
        defer { blContextRestore(&context, nil) }
        blContextSetHint(
            &context, UInt32(MERIDIAN_BL_CONTEXT_HINT_PATTERN_QUALITY), UInt32(MERIDIAN_BL_PATTERN_QUALITY_BILINEAR))
        blContextApplyTransformOp(&context, UInt32(MERIDIAN_BL_TRANSFORM_OP_RESET), nil)
        var offset = (x, y)
        _ = withUnsafePointer(to: &offset) {
            blContextApplyTransformOp(&context, UInt32(MERIDIAN_BL_TRANSFORM_OP_TRANSLATE), $0)
        }
        shape(&context)
        var corner = BLPoint(x: Double(-stamp.originX), y: Double(-stamp.originY))
        blContextBlitImageD(&context, &corner, &image, nil)
    }

    func prisms(_ batch: PrismBatch) {
        blContextSetFillRule(&context, UInt32(MERIDIAN_BL_FILL_RULE_NON_ZERO))
        batch.points.withUnsafeBufferPointer { points in
            batch.ends.withUnsafeBufferPointer { ends in
                for item in batch.items {
                    build(
                        points, from: batch.start(of: item), ends: UnsafeBufferPointer(rebasing: ends[item.parts]),
                        closed: true)
                    blContextFillPathDRgba32(&context, &origin, &path, Self.rgba32(item.color))
                    guard item.kind == .roof else { continue }
                    blContextSetStrokeWidth(&context, PrismBatch.outlineWidth)
                    blContextSetStrokeJoin(&context, UInt32(MERIDIAN_BL_STROKE_JOIN_BEVEL))
                    blContextSetStrokeCaps(&context, UInt32(MERIDIAN_BL_STROKE_CAP_BUTT))
                    blContextStrokePathDRgba32(&context, &origin, &path, Self.rgba32(Extrusion.outline(item.color)))
                }
            }
        }
    }

    func fill(_ parts: Polylines, _ c: RGBA, evenOdd: Bool) {
        build(parts, closed: true)
        blContextSetFillRule(
            &context, UInt32(evenOdd ? MERIDIAN_BL_FILL_RULE_EVEN_ODD : MERIDIAN_BL_FILL_RULE_NON_ZERO))
        blContextFillPathDRgba32(&context, &origin, &path, Self.rgba32(c))
    }

    /// Dashed lines come as their dashes (``Dashes``): Blend2D 0.12 ignores dash arrays.
    func stroke(_ parts: Polylines, _ c: RGBA, width: Double, closed: Bool, style: StrokeStyle) {
        blContextSetStrokeWidth(&context, width)
        let join =
            switch style.drawnJoin(width: width) {
            case .bevel: MERIDIAN_BL_STROKE_JOIN_BEVEL
            case .round: MERIDIAN_BL_STROKE_JOIN_ROUND
            case .miter: MERIDIAN_BL_STROKE_JOIN_MITER_BEVEL
            }
        blContextSetStrokeJoin(&context, UInt32(join))
        if join == MERIDIAN_BL_STROKE_JOIN_MITER_BEVEL { blContextSetStrokeMiterLimit(&context, style.miterLimit) }
        let cap =
            switch style.cap {
            case .butt: MERIDIAN_BL_STROKE_CAP_BUTT
            case .round: MERIDIAN_BL_STROKE_CAP_ROUND
            case .square: MERIDIAN_BL_STROKE_CAP_SQUARE
            }
        blContextSetStrokeCaps(&context, UInt32(cap))
        guard style.separateParts else {
            build(parts, closed: closed)
            blContextStrokePathDRgba32(&context, &origin, &path, Self.rgba32(c))
            return
        }
        parts.points.withUnsafeBufferPointer { points in
            parts.ends.withUnsafeBufferPointer { ends in
                var start = 0
                for i in ends.indices {
                    build(points, from: start, ends: UnsafeBufferPointer(rebasing: ends[i...i]), closed: closed)
                    blContextStrokePathDRgba32(&context, &origin, &path, Self.rgba32(c))
                    start = ends[i]
                }
            }
        }
    }
}
