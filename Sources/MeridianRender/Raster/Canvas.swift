import MeridianTiles
import MeridianGeometry

/// A frame's drawing surface, in points: what layers, overlays and labels draw on while a frame is
/// composed.
///
/// It holds no pixels: it records each operation (``DrawOp``) for a ``RasterTarget`` to replay into
/// ``FramePixels``, and measures text (``TextMeasurer``) so labels can be placed before anything is
/// rasterised. One per frame, never shared.
final class Canvas {
    /// The image's size in points.
    let size: ScreenSize
    /// Pixels per point (0.5, 1, 2 or 3).
    let scale: Double
    /// The operations recorded so far, in drawing order.
    private(set) var ops: [DrawOp] = []
    /// Measures text at this canvas's scale, remembering each measure for the frame.
    let measurer: TextMeasurer
    /// Label stamps kept between frames (a ``RenderCache``'s); nil makes each one anew.
    var stamps: LabelStampCache?
    /// Icon stamps kept between frames (a ``RenderCache``'s); nil makes each one anew.
    var icons: IconStampCache?
    /// Circle stamps made this frame (``CircleStamp``), at most ``maxCircleStamps``.
    var circles: [CircleStamp.Key: LabelStamp] = [:]
    static let maxCircleStamps = 4096

    /// A canvas of `size` points at `scale` pixels per point.
    /// - Throws: ``RenderError/invalidSize(_:)`` as ``FramePixels/deviceSize(of:scale:)``.
    init(size: ScreenSize, scale: Double) throws(RenderError) {
        _ = try FramePixels.deviceSize(of: size, scale: scale)
        self.size = size
        self.scale = scale
        measurer = try TextMeasurer(scale: scale)
    }

    /// Appends an operation.
    func record(_ op: DrawOp) { ops.append(op) }

    /// Rasterises what was recorded into new pixels (``FramePixels/rasterise(_:with:bands:deadline:)``);
    /// nil when `deadline` passed first.
    /// - Throws: ``RenderError/cairo(_:)`` when the pixels cannot be made.
    func rasterised(
        with rasterizer: MapRenderer.Rasterizer, bands: Int, deadline: Deadline = .never
    ) throws(RenderError) -> FramePixels? {
        let pixels = try FramePixels(size: size, scale: scale)
        return pixels.rasterise(ops, with: rasterizer, bands: bands, deadline: deadline) ? pixels : nil
    }

    func fillAll(_ c: RGBA) { record(.fillAll(c)) }

    /// Fills closed rings by the non-zero rule (holes wound against their outer ring, as in
    /// vector tiles), or by the even-odd rule (holes however they are wound, as overlays give them).
    func fill(_ parts: [[ScreenPoint]], _ c: RGBA, evenOdd: Bool = false) {
        fill(Polylines(parts), c, evenOdd: evenOdd)
    }

    /// ``fill(_:_:evenOdd:)-(Polylines,_,_)`` of parts in one buffer.
    func fill(_ parts: Polylines, _ c: RGBA, evenOdd: Bool = false) { record(.fill(parts, c, evenOdd: evenOdd)) }

    /// A non-zero fill with hard edges (``RasterTarget/aliasedFill(_:_:)``).
    func aliasedFill(_ parts: Polylines, _ c: RGBA) { record(.aliasedFill(parts, c)) }

    /// Pattern fills in order as one operation (nothing for none).
    func patternFills(_ fills: [(Polylines, FillPattern)]) {
        guard !fills.isEmpty else { return }
        record(.patternFills(fills))
    }

    /// A non-zero fill of a repeated image (``RasterTarget/patternFill(_:_:)``).
    func patternFill(_ parts: Polylines, _ pattern: FillPattern) { record(.patternFill(parts, pattern)) }

    /// Strokes lines (or closed rings) `width` points wide, joined and ended as `style` says
    /// (``StrokeStyle/byWidth(_:)`` when nil).
    func stroke(
        _ parts: [[ScreenPoint]], _ c: RGBA, width: Double, closed: Bool = false, style: StrokeStyle? = nil
    ) {
        stroke(Polylines(parts), c, width: width, closed: closed, style: style)
    }

    /// ``stroke(_:_:width:closed:style:)-([[ScreenPoint]],_,_,_,_)`` of parts in one buffer.
    func stroke(_ parts: Polylines, _ c: RGBA, width: Double, closed: Bool = false, style: StrokeStyle? = nil) {
        record(.stroke(parts, c, width: width, closed: closed, style: style ?? .byWidth(width)))
    }

    /// A filled disc of `radius` points.
    func disc(_ center: ScreenPoint, radius: Double, _ c: RGBA) { record(.disc(center, radius: radius, c)) }

    /// Paints the triangle `src` of an image onto the triangle `dst` of the canvas
    /// (``RasterTarget/image(_:from:to:opacity:nearest:)``).
    func image(
        _ image: RasterImage, from src: [ScreenPoint], to dst: [ScreenPoint], opacity: Double, nearest: Bool = false
    ) {
        record(.image(image, from: src, to: dst, opacity: opacity, nearest: nearest))
    }

    /// A raster tile laid on the tilted ground pixel by pixel (``GroundTile``).
    func groundTile(_ tile: GroundTile) { record(.groundTile(tile)) }

    /// One-pixel lines as MapLibre draws fill outlines (``Hairlines``), clipped to `clip` (points).
    func hairlines(_ parts: Polylines, _ c: RGBA, closed: Bool, clip: [ScreenPoint]?) {
        record(.hairlines(Hairlines(parts: parts, color: c, closed: closed, clip: clip)))
    }

    /// A heatmap layer's density field, coloured (``HeatmapField``).
    func heatmap(_ field: HeatmapField) { record(.heatmap(field)) }
    /// A `line-gradient` layer's lines, coloured pixel by pixel (``GradientLine``).
    func gradientLine(_ line: GradientLine) { record(.gradientLine(line)) }

    func rectangle(x: Double, y: Double, width: Double, height: Double, _ c: RGBA) {
        record(.rectangle(x: x, y: y, width: width, height: height, c))
    }

    /// Records what `body` draws as one group laid on the image at `opacity` (``DrawOp/group(_:opacity:)``):
    /// as drawn when `opacity` is 1 or more (or not a number), nothing at 0 or less.
    func group(opacity: Double, _ body: () -> Void) {
        let start = ops.count
        body()
        guard opacity < 1 else { return }
        let inner = Array(ops[start...])
        ops.removeSubrange(start...)
        if opacity > 0, !inner.isEmpty { record(.group(inner, opacity: opacity)) }
    }

    /// Where each symbol layer's labels go among the operations (by the layer's index in the
    /// style): MapLibre draws a symbol layer in its place, so a later layer covers its labels.
    private(set) var labelSlots: [Int: Int] = [:]

    /// Marks the point in the drawing order where layer `order`'s labels will be drawn.
    func markLabelSlot(layer order: Int) { labelSlots[order] = ops.count }

    /// Records what `body` draws at `index` of the operations (clamped to them) instead of at
    /// their end. Marks at or after `index` are not moved: insert from the last mark back.
    func inserting(at index: Int, _ body: () -> Void) {
        let start = ops.count
        body()
        let at = min(max(index, 0), start)
        guard at < start else { return }
        let inner = Array(ops[start...])
        ops.removeSubrange(start...)
        ops.insert(contentsOf: inner, at: at)
    }

    /// Building prisms (nothing for an empty batch).
    func prisms(_ batch: PrismBatch) {
        guard !batch.isEmpty else { return }
        record(.prisms(batch))
    }
}
