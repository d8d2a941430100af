import MeridianTiles
import MeridianGeometry

/// What rasterises a frame's recorded operations (``DrawOp``) into pixels: the one interface of
/// ``CairoTarget`` and ``Blend2DTarget``.
///
/// Coordinates are in points (the target scales them to device pixels) except stamps', which are
/// device pixels. A target draws each operation in the order given; ``finish()`` returns once
/// everything drawn is in the pixels.
protocol RasterTarget: AnyObject {
    func fillAll(_ c: RGBA)
    /// Fills closed rings by the non-zero rule (holes wound against their outer ring, as in
    /// vector tiles), or the even-odd rule (holes however wound, as overlays give them).
    func fill(_ parts: Polylines, _ c: RGBA, evenOdd: Bool)
    /// Fills closed rings by the non-zero rule with hard edges: each pixel in or out, by its centre.
    func aliasedFill(_ parts: Polylines, _ c: RGBA)
    /// Fills closed rings by the non-zero rule with a repeated image (``FillPattern``).
    func patternFill(_ parts: Polylines, _ pattern: FillPattern)
    /// ``patternFill(_:_:)`` of each pair, in order.
    func patternFills(_ fills: [(Polylines, FillPattern)])
    /// Strokes lines (or closed rings) with the joins and caps of `style`.
    func stroke(_ parts: Polylines, _ c: RGBA, width: Double, closed: Bool, style: StrokeStyle)
    /// A filled disc of `radius` points (a negative radius draws nothing).
    func disc(_ center: ScreenPoint, radius: Double, _ c: RGBA)
    func rectangle(x: Double, y: Double, width: Double, height: Double, _ c: RGBA)
    /// Paints the triangle `src` of an image onto the triangle `dst` by the affine map between
    /// them, bilinearly filtered, at `opacity` in [0, 1].
    func image(_ image: RasterImage, from src: [ScreenPoint], to dst: [ScreenPoint], opacity: Double, nearest: Bool)
    /// Lays a raster tile on the ground pixel by pixel (``GroundTile``), source over.
    func groundTile(_ tile: GroundTile)
    /// Draws one-pixel lines pixel by pixel (``Hairlines``), source over.
    func hairlines(_ lines: Hairlines)
    /// A heatmap layer's field, summed and coloured at the target's device scale, source over.
    func heatmap(_ field: HeatmapField)
    /// A `line-gradient` layer's lines, coloured pixel by pixel (``GradientLine``).
    func gradientLine(_ line: GradientLine)
    /// Draws a run of `.image` operations in order (a raster tile's cells): one hand-over to the
    /// image drawer for the run where a target needs one (``Blend2DTarget``).
    func images(_ run: ArraySlice<DrawOp>)
    /// Composites a stamp with its top left at device pixel (`x`, `y`).
    func stamp(_ stamp: LabelStamp, x: Int, y: Int)
    /// Composites a stamp turned by `angle` radians about its reference point, which lands on
    /// device position (`x`, `y`); sampled bilinearly.
    func turnedStamp(_ stamp: LabelStamp, x: Double, y: Double, angle: Double)
    /// Composites a stamp mapped by `matrix` about its reference point, which lands on device
    /// position (`x`, `y`); sampled bilinearly.
    func mappedStamp(_ stamp: LabelStamp, x: Double, y: Double, matrix: StampMatrix)
    /// Building prisms: one fill per wall, a fill and an outline per roof, in order.
    func prisms(_ batch: PrismBatch)
    /// Draws `ops` in order onto a transparent layer of the image's size, then composites that
    /// layer at `opacity` (0…1).
    func group(_ ops: [DrawOp], opacity: Double)
    /// Waits until everything drawn so far is in the pixels.
    func finish()
}

extension RasterTarget {
    /// Each `.image` operation of the run, in order.
    func images(_ run: ArraySlice<DrawOp>) {
        for op in run { apply(op) }
    }

    /// Draws one recorded operation.
    func apply(_ op: DrawOp) {
        switch op {
        case let .fillAll(c): fillAll(c)
        case let .fill(parts, c, evenOdd): fill(parts, c, evenOdd: evenOdd)
        case let .aliasedFill(parts, c): aliasedFill(parts, c)
        case let .patternFill(parts, pattern): patternFill(parts, pattern)
        case let .patternFills(fills): patternFills(fills)
        case let .stroke(parts, c, width, closed, style): stroke(parts, c, width: width, closed: closed, style: style)
        case let .disc(center, radius, c): disc(center, radius: radius, c)
        case let .image(image, src, dst, opacity, nearest):
            self.image(image, from: src, to: dst, opacity: opacity, nearest: nearest)
        case let .groundTile(tile): groundTile(tile)
        case let .hairlines(lines): hairlines(lines)
        case let .heatmap(field): heatmap(field)
        case let .gradientLine(line): gradientLine(line)
        case let .rectangle(x, y, width, height, c): rectangle(x: x, y: y, width: width, height: height, c)
        case let .stamp(stamp, x, y): self.stamp(stamp, x: x, y: y)
        case let .turnedStamp(stamp, x, y, angle): turnedStamp(stamp, x: x, y: y, angle: angle)
        case let .mappedStamp(stamp, x, y, matrix): mappedStamp(stamp, x: x, y: y, matrix: matrix)
        case let .prisms(batch): prisms(batch)
        case let .group(ops, opacity): group(ops, opacity: opacity)
        }
    }
}

/// How many operations a replay draws between two looks at its deadline.
let replayCheckInterval = 32

/// Replays recorded operations on a target in order, then waits for the target to finish.
///
/// Stops once `deadline` has passed (looked at every ``replayCheckInterval`` operations) and
/// returns false then; true when every operation was drawn.
func replay(_ ops: [DrawOp], on target: some RasterTarget, deadline: Deadline) -> Bool {
    defer { target.finish() }
    var i = 0
    var checked = 0
    while i < ops.count {
        if i - checked >= replayCheckInterval || i == 0 {
            if deadline.hasPassed { return false }
            checked = i
        }
        // Image triangles one after another (a raster tile's cells) go as one run.
        if case .image = ops[i] {
            var end = i + 1
            while end < ops.count, end - i < replayCheckInterval, case .image = ops[end] { end += 1 }
            target.images(ops[i..<end])
            i = end
            continue
        }
        target.apply(ops[i])
        i += 1
    }
    return true
}
