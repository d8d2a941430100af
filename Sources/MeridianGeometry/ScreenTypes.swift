/// A position on screen, in points: origin at the view's top-left, x right, y down.
/// Pixels are points × the display scale.
public struct ScreenPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScreenPoint(x: 0, y: 0)

    @inlinable public static func + (p: ScreenPoint, v: ScreenVector) -> ScreenPoint { ScreenPoint(x: p.x + v.dx, y: p.y + v.dy) }
    @inlinable public static func - (a: ScreenPoint, b: ScreenPoint) -> ScreenVector { ScreenVector(dx: a.x - b.x, dy: a.y - b.y) }

    /// Both coordinates finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Throws naming `parameter` unless both coordinates are finite.
    public func validated(_ parameter: String = "point") throws(InvalidArgument) -> ScreenPoint {
        _ = try InvalidArgument.finite(x, parameter + ".x")
        _ = try InvalidArgument.finite(y, parameter + ".y")
        return self
    }

    public var description: String { "(\(x), \(y))" }
}

/// A displacement on screen, in points (dx right, dy down).
public struct ScreenVector: Hashable, Sendable, Codable {
    public var dx: Double
    public var dy: Double

    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// Euclidean length in points.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

/// The size of a view, in points.
public struct ScreenSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Throws unless both sides are finite and positive (a view needs an area to look through).
    public func validated(_ parameter: String = "size") throws(InvalidArgument) -> ScreenSize {
        for (name, v) in [("width", width), ("height", height)] {
            _ = try InvalidArgument.finite(v, parameter + "." + name)
            guard v > 0 else {
                throw InvalidArgument(parameter: parameter + "." + name, value: v, problem: .inconsistent("must be positive"))
            }
        }
        return self
    }

    public var description: String { "\(width)x\(height)" }
}
