/// A latitude/longitude rectangle on the Earth, aware of the antimeridian; or the empty bounds.
///
/// The rectangle runs from its south-west corner east to its north-east corner. When the west
/// longitude is greater than the east one the bounds cross the antimeridian (e.g. west 170,
/// east -170 is a 20° span across 180°). Built from two corners or from points, the bounds take
/// the smaller of the two possible longitudinal spans. Empty bounds are a normal value: they
/// contain and intersect nothing, and including something in them gives that thing's bounds.
///
/// ```swift
/// let b = CoordinateBounds(Coordinate(latitude: 49.26, longitude: -123.11),
///                          Coordinate(latitude: 51.05, longitude: -114.05))
/// b.contains(Coordinate(latitude: 50, longitude: -120))   // true
/// ```
public struct CoordinateBounds: Hashable, Sendable {
    /// South, north in [-90, 90]; west and east in [-180, 180), kept exactly as given so that
    /// an edge coordinate stays inside; `full` marks the whole circle of longitude.
    @usableFromInline struct Box: Hashable, Sendable {
        var south: Double, north: Double, west: Double, east: Double, full: Bool
        /// Degrees of longitude eastwards from west to east, in [0, 360].
        var span: Double { full ? 360 : Angle.wrap360(east - west) }
    }

    @usableFromInline let box: Box?

    init(box: Box?) { self.box = box }

    /// The empty (invalid) bounds.
    public static let empty = CoordinateBounds(box: nil)

    /// The bounds of a single coordinate; empty if it is not finite.
    public init(_ coordinate: Coordinate) {
        guard coordinate.isFinite else {
            self.box = nil
            return
        }
        let c = coordinate.wrapped
        box = Box(south: c.latitude, north: c.latitude, west: c.longitude, east: c.longitude, full: false)
    }

    /// The bounds with these two corners, in either order, taking the smaller longitudinal span
    /// (ties go east from the first). Empty if either corner is not finite.
    public init(_ a: Coordinate, _ b: Coordinate) {
        self = CoordinateBounds(a).including(b)
    }

    /// The bounds running east from `southWest` to `northEast`; they cross the antimeridian
    /// when the west longitude exceeds the east one. A north-east longitude 360° east of the
    /// south-west one (to 1e-9°) gives the whole circle; any other pair is read as its longitudes
    /// wrapped, so the span is the difference modulo 360° (west −185°, east 185° is the 10°
    /// from 175° E across the antimeridian to 175° W). Empty if a corner is not finite or south
    /// lies north of north.
    public init(southWest: Coordinate, northEast: Coordinate) {
        guard southWest.isFinite, northEast.isFinite, southWest.latitude <= northEast.latitude else {
            self.box = nil
            return
        }
        // Within 1e-9° of 360: a west longitude plus 360 computed in floating point may miss it
        // by an ulp, and a sliver of 0° is not what such bounds mean.
        let full = abs(northEast.longitude - southWest.longitude - 360) <= 1e-9
        box = Box(
            south: southWest.latitude.clamped(to: -90...90), north: northEast.latitude.clamped(to: -90...90),
            west: full ? -180 : Angle.wrapLongitude(southWest.longitude),
            east: full ? -180 : Angle.wrapLongitude(northEast.longitude), full: full)
    }

    /// The smallest bounds containing every finite coordinate of `path` (empty for none).
    public init<C: Sequence>(path: C) where C.Element == Coordinate {
        self = path.reduce(CoordinateBounds.empty) { $0.including($1) }
    }

    /// True for the empty bounds (what the SDK calls not valid).
    public var isEmpty: Bool { box == nil }

    /// Southern edge in degrees, or nil when empty.
    public var south: Double? { box?.south }
    /// Northern edge in degrees, or nil when empty.
    public var north: Double? { box?.north }
    /// Western edge in degrees, [-180, 180), or nil when empty.
    public var west: Double? { box?.west }
    /// Eastern edge in degrees, [-180, 180) (180 itself reads as -180), or nil when empty.
    /// For the whole circle of longitude it is 180.
    public var east: Double? { box.map { $0.full ? 180 : $0.east } }
    /// Degrees of longitude covered, eastwards from `west`, in [0, 360]; nil when empty.
    public var longitudeSpan: Double? { box?.span }

    /// The south-west corner, or nil when empty.
    public var southWest: Coordinate? { box.map { Coordinate(latitude: $0.south, longitude: $0.west) } }
    /// The north-east corner, or nil when empty.
    public var northEast: Coordinate? {
        guard let b = box, let e = east else { return nil }
        return Coordinate(latitude: b.north, longitude: e)
    }

    /// Whether the bounds run across the 180° meridian (west longitude greater than east).
    public var crossesAntimeridian: Bool { box.map { !$0.full && $0.west > $0.east } ?? false }

    /// The middle latitude and the middle of the longitudinal span, or nil when empty.
    public var center: Coordinate? {
        box.map {
            Coordinate(latitude: ($0.south + $0.north) / 2, longitude: Angle.wrapLongitude($0.west + $0.span / 2))
        }
    }

    /// Whether `coordinate` lies inside, edges included. Longitude is compared after wrapping;
    /// non-finite coordinates are never contained.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard let b = box, coordinate.isFinite else { return false }
        guard coordinate.latitude >= b.south && coordinate.latitude <= b.north else { return false }
        return Angle.wrap360(Angle.wrapLongitude(coordinate.longitude) - b.west) <= b.span
    }

    /// Whether the two bounds share at least one point (touching edges count).
    public func intersects(_ other: CoordinateBounds) -> Bool {
        guard let a = box, let b = other.box else { return false }
        guard a.south <= b.north && b.south <= a.north else { return false }
        return Angle.wrap360(b.west - a.west) <= a.span || Angle.wrap360(a.west - b.west) <= b.span
    }

    /// These bounds grown to contain `coordinate`, eastwards or westwards, whichever gives
    /// the smaller span. A non-finite coordinate leaves the bounds as they are.
    public func including(_ coordinate: Coordinate) -> CoordinateBounds {
        including(CoordinateBounds(coordinate))
    }

    /// The smallest bounds containing both, choosing the smaller longitudinal span.
    public func including(_ other: CoordinateBounds) -> CoordinateBounds {
        guard let a = box else { return other }
        guard let b = other.box else { return self }
        // Either start at a's west and reach over b, or start at b's west and reach over a.
        // The edges are taken from the inputs as they are, never recomputed, so every edge
        // coordinate stays exactly inside.
        let reachB = Angle.wrap360(b.west - a.west) + b.span
        let reachA = Angle.wrap360(a.west - b.west) + a.span
        let spanFromA = Swift.max(a.span, reachB)
        let spanFromB = Swift.max(b.span, reachA)
        let (west, east, span) =
            spanFromA <= spanFromB
            ? (a.west, a.span >= reachB ? a.east : b.east, spanFromA)
            : (b.west, b.span >= reachA ? b.east : a.east, spanFromB)
        let full = span >= 360 || a.full || b.full
        return CoordinateBounds(
            box: Box(
                south: Swift.min(a.south, b.south), north: Swift.max(a.north, b.north),
                west: full ? -180 : west, east: full ? -180 : east, full: full))
    }

    /// These bounds grown to contain every finite coordinate of `path`.
    public func including<C: Sequence>(path: C) -> CoordinateBounds where C.Element == Coordinate {
        path.reduce(self) { $0.including($1) }
    }
}

extension CoordinateBounds: CustomStringConvertible {
    /// A debugging form: `CoordinateBounds(south:west:north:east:)` in degrees, or
    /// `CoordinateBounds.empty`.
    public var description: String {
        guard let b = box, let e = east else { return "CoordinateBounds.empty" }
        return "CoordinateBounds(south: \(b.south), west: \(b.west), north: \(b.north), east: \(e))"
    }
}
