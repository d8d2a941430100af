// Linux stand-ins for the Apple types the SDK's API speaks in. Each is compiled only where
// the Apple framework is absent, so the same user code builds on both.
import Foundation

#if !canImport(CoreLocation)
public typealias CLLocationDegrees = Double
/// Degrees clockwise from true north.
public typealias CLLocationDirection = Double
/// Metres.
public typealias CLLocationDistance = Double

/// A latitude/longitude pair in degrees, as in Core Location.
public struct CLLocationCoordinate2D: Hashable, Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() { self.init(latitude: 0, longitude: 0) }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Latitude in [-90, 90] and longitude in [-180, 180], both finite.
public func CLLocationCoordinate2DIsValid(_ c: CLLocationCoordinate2D) -> Bool {
    c.latitude.isFinite && c.longitude.isFinite && abs(c.latitude) <= 90 && abs(c.longitude) <= 180
}

/// Core Location's invalid coordinate, (-180, -180).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)
#endif

#if !canImport(UIKit)
/// Insets in points, UIKit's field order.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = UIEdgeInsets()
}

/// A colour with red, green, blue and alpha in [0, 1].
public final class UIColor: Hashable, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)

    public static func == (a: UIColor, b: UIColor) -> Bool {
        (a.red, a.green, a.blue, a.alpha) == (b.red, b.green, b.blue, b.alpha)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }
}
#endif
