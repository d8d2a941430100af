/// Insets from the edges of a rectangle, in points (UIKit order: top, left, bottom, right).
///
/// Used for a map's padding and for fitting bounds. Values are taken as given; entry points
/// that receive insets from outside reject non-finite ones.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Inset from the top edge, in points.
    public var top: Double
    /// Inset from the left edge, in points.
    public var left: Double
    /// Inset from the bottom edge, in points.
    public var bottom: Double
    /// Inset from the right edge, in points.
    public var right: Double

    /// Creates insets from each edge, in points (0 where left out), kept as given.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge, in points.
    public init(all inset: Double) { self.init(top: inset, left: inset, bottom: inset, right: inset) }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// Edge-wise sum (map padding plus requested fit padding, SPEC §3).
    /// The insets `fraction` of the way from these to `other`, each side linearly (0 gives
    /// these, 1 `other`; fractions outside [0, 1] extrapolate): how padding animates, as in
    /// MapLibre's `easeTo({padding})`.
    public func interpolated(to other: EdgeInsets, fraction: Double) -> EdgeInsets {
        func mix(_ a: Double, _ b: Double) -> Double { fraction == 1 ? b : a + (b - a) * fraction }
        return EdgeInsets(
            top: mix(top, other.top), left: mix(left, other.left), bottom: mix(bottom, other.bottom),
            right: mix(right, other.right))
    }

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// Throws `InvalidArgument` (``InvalidArgument/Problem/notFinite``, naming e.g. `insets.top`)
    /// for the first non-finite edge; returns the insets unchanged otherwise. Negative insets pass.
    public func validated(_ parameter: String = "insets") throws(InvalidArgument) -> EdgeInsets {
        _ = try InvalidArgument.finite(top, parameter + ".top")
        _ = try InvalidArgument.finite(left, parameter + ".left")
        _ = try InvalidArgument.finite(bottom, parameter + ".bottom")
        _ = try InvalidArgument.finite(right, parameter + ".right")
        return self
    }
}
