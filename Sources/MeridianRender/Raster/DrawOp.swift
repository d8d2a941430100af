import MeridianGeometry

/// One drawing operation of a frame, in points: recorded while the frame is composed
/// (``Canvas``) and replayed on a ``RasterTarget`` (``replay(_:on:deadline:)``).
enum DrawOp {
    case fillAll(RGBA)
    case fill(Polylines, RGBA, evenOdd: Bool)
    case stroke(Polylines, RGBA, width: Double, closed: Bool, ends: LineEnds)
    case disc(ScreenPoint, radius: Double, RGBA)
    case image(RasterImage, from: [ScreenPoint], to: [ScreenPoint], opacity: Double)
    case rectangle(x: Double, y: Double, width: Double, height: Double, RGBA)
    /// A label stamp at whole device pixels (its top left).
    case stamp(LabelStamp, x: Int, y: Int)
    /// An upright stamp turned by `angle` radians about its reference point, placed at device
    /// position (`x`, `y`).
    case turnedStamp(LabelStamp, x: Double, y: Double, angle: Double)
    /// Building prisms, each wall and roof in order (``PrismBatch``).
    case prisms(PrismBatch)
}

/// How a stroke's lines end: by the stroke rule (``StrokeRule``), or always butt (the dashes of
/// a dashed line, ``Dashes``, as Cairo ends dashes).
enum LineEnds: Sendable { case byWidth, butt }

/// The joins and caps every raster target strokes with: round joins and caps from
/// ``roundFrom`` points wide, bevels and butt ends below (they look the same on thin lines
/// and stroke much faster).
struct StrokeRule: Equatable {
    /// The width, points, from which joins and caps are round.
    static let roundFrom = 2.5

    /// Whether joins are round (else bevelled).
    let roundJoins: Bool
    /// Whether caps are round (else butt).
    let roundCaps: Bool

    /// The rule for a stroke `width` points wide ending as `ends` says.
    init(width: Double, ends: LineEnds) {
        roundJoins = width >= Self.roundFrom
        roundCaps = roundJoins && ends == .byWidth
    }
}
