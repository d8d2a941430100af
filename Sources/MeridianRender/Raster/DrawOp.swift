import MeridianGeometry

/// One drawing operation of a frame, in points: recorded while the frame is composed
/// (``Canvas``) and replayed on a ``RasterTarget`` (``replay(_:on:deadline:)``).
enum DrawOp {
    case fillAll(RGBA)
    case fill(Polylines, RGBA, evenOdd: Bool)
    /// A fill with hard edges (`fill-antialias: false`; non-zero rule).
    case aliasedFill(Polylines, RGBA)
    /// A fill of a repeated image (`fill-pattern`; non-zero rule).
    case patternFill(Polylines, FillPattern)
    /// Pattern fills in order, as one operation (a `line-pattern` layer's quads, ``LinePattern``).
    case patternFills([(Polylines, FillPattern)])
    case stroke(Polylines, RGBA, width: Double, closed: Bool, style: StrokeStyle)
    case disc(ScreenPoint, radius: Double, RGBA)
    /// An image triangle; `nearest`: nearest-neighbour sampling (`raster-resampling`), else bilinear.
    case image(RasterImage, from: [ScreenPoint], to: [ScreenPoint], opacity: Double, nearest: Bool)
    /// A raster tile on the ground under tilt, sampled per pixel (``GroundTile``).
    case groundTile(GroundTile)
    /// Lines one device pixel wide, as MapLibre draws fill outlines (``Hairlines``).
    case hairlines(Hairlines)
    /// A heatmap layer's density field, coloured (``HeatmapField``).
    case heatmap(HeatmapField)
    /// A `line-gradient` layer's lines, coloured pixel by pixel (``GradientLine``).
    case gradientLine(GradientLine)
    case rectangle(x: Double, y: Double, width: Double, height: Double, RGBA)
    /// A label stamp at whole device pixels (its top left).
    case stamp(LabelStamp, x: Int, y: Int)
    /// An upright stamp turned by `angle` radians about its reference point, placed at device
    /// position (`x`, `y`).
    case turnedStamp(LabelStamp, x: Double, y: Double, angle: Double)
    /// A stamp mapped by `matrix` about its reference point, placed at device position (`x`, `y`):
    /// text laid on the ground (`text-pitch-alignment: map`).
    case mappedStamp(LabelStamp, x: Double, y: Double, matrix: StampMatrix)
    /// Building prisms, each wall and roof in order (``PrismBatch``).
    case prisms(PrismBatch)
    /// Operations drawn together onto a transparent layer, which is then laid on the image at
    /// `opacity` (0 < opacity < 1): overlapping parts inside do not show through each other
    /// (`fill-layer-opacity`, `line-layer-opacity`).
    indirect case group([DrawOp], opacity: Double)
}
