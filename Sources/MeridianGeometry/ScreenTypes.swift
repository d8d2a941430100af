import RealModule

/// A position on screen, in points: origin at the view's top-left, x right, y down.
/// Pixels are points × the display scale.
public struct ScreenPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal position in points from the view's left edge, growing right.
    public var x: Double
    /// Vertical position in points from the view's top edge, growing down.
    public var y: Double

    /// Creates a screen point from x and y in points, kept as given (see ``validated(_:)``).
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The view's top-left corner, (0, 0).
    public static let zero = ScreenPoint(x: 0, y: 0)

    /// The point `p` moved by the vector `v`.
    @inlinable public static func + (p: ScreenPoint, v: ScreenVector) -> ScreenPoint {
        ScreenPoint(x: p.x + v.dx, y: p.y + v.dy)
    }
    /// The vector from `b` to `a`, in points.
    @inlinable public static func - (a: ScreenPoint, b: ScreenPoint) -> ScreenVector {
        ScreenVector(dx: a.x - b.x, dy: a.y - b.y)
    }

    /// Both coordinates finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Throws `InvalidArgument` (``InvalidArgument/Problem/notFinite``, naming `parameter.x` or
    /// `parameter.y`) unless both coordinates are finite; returns the point unchanged otherwise.
    public func validated(_ parameter: String = "point") throws(InvalidArgument) -> ScreenPoint {
        _ = try InvalidArgument.finite(x, parameter + ".x")
        _ = try InvalidArgument.finite(y, parameter + ".y")
        return self
    }

    /// The point as `(x, y)` in points.
    public var description: String { "(\(x), \(y))" }
}

/// A displacement on screen, in points (dx right, dy down).
public struct ScreenVector: Hashable, Sendable, Codable {
    /// Horizontal displacement in points, positive to the right.
    public var dx: Double
    /// Vertical displacement in points, positive downwards.
    public var dy: Double

    /// Creates a vector from its components in points, kept as given.
    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// Euclidean length in points.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

/// The size of a view, in points.
public struct ScreenSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Width in points; a usable view has a finite, positive width.
    public var width: Double
    /// Height in points; a usable view has a finite, positive height.
    public var height: Double

    /// Creates a size from width and height in points, kept as given (see ``validated(_:)``).
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Throws unless both sides are finite and positive (a view needs an area to look through):
    /// `InvalidArgument` with ``InvalidArgument/Problem/notFinite`` or, for zero or negative,
    /// ``InvalidArgument/Problem/inconsistent(_:)``, naming `parameter.width` or `parameter.height`.
    /// Returns the size unchanged otherwise.
    public func validated(_ parameter: String = "size") throws(InvalidArgument) -> ScreenSize {
        for (name, v) in [("width", width), ("height", height)] {
            _ = try InvalidArgument.finite(v, parameter + "." + name)
            guard v > 0 else {
                throw InvalidArgument(
                    parameter: parameter + "." + name, value: v, problem: .inconsistent("must be positive"))
            }
        }
        return self
    }

    /// The size as `WIDTHxHEIGHT` in points, e.g. `800.0x600.0`.
    public var description: String { "\(width)x\(height)" }

    /// The axis-aligned box holding a view of this size turned by `degrees` (clockwise; any
    /// finite angle): w·|cos θ| + h·|sin θ| wide, w·|sin θ| + h·|cos θ| high. For a flat camera
    /// with a bearing, the extent of ground it shows, north up, is this box at the camera's
    /// scale (OpenLayers' `getForViewAndSize`). A non-finite angle gives a non-finite size.
    public func rotated(by degrees: Double) -> ScreenSize {
        let c = abs(Double.cos(Angle.radians(degrees)))
        let s = abs(Double.sin(Angle.radians(degrees)))
        return ScreenSize(width: width * c + height * s, height: width * s + height * c)
    }
}
