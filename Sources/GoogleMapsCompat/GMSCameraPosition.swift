import Foundation
import Meridian

/// An immutable camera: target, zoom (a `Float`, as in the SDK), bearing and viewing angle.
/// Building one clamps and wraps as the SDK documents (latitude to [-85, 85], longitude to
/// [-180, 180), bearing to [0, 360), zoom to [0, 24], viewing angle to the zoom's maximum).
/// A non-finite number is reported (``GMSCompatibility/report``) and replaced by 0 (zoom: the
/// minimum zoom level).
open class GMSCameraPosition: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    var position: CameraPosition

    init(position: CameraPosition) { self.position = position }

    static func make(
        _ target: CLLocationCoordinate2D, _ zoom: Float, _ bearing: Double, _ viewingAngle: Double
    ) -> CameraPosition {
        func finite(_ v: Double, _ name: String, _ fallback: Double) -> Double {
            if v.isFinite { return v }
            GMSCompatibility.report("GMSCameraPosition: \(name) \(v) is not finite; using \(fallback)")
            return fallback
        }
        let c = Coordinate(
            latitude: finite(target.latitude, "latitude", 0), longitude: finite(target.longitude, "longitude", 0))
        // Every number is finite now, so the core initialiser cannot throw.
        return
            (try? CameraPosition(
                target: c, zoom: finite(Double(zoom), "zoom", Double(kGMSMinZoomLevel)),
                bearing: finite(bearing, "bearing", 0), tilt: finite(viewingAngle, "viewingAngle", 0)))!
    }

    public init(target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection, viewingAngle: Double) {
        position = Self.make(target, zoom, bearing, viewingAngle)
    }

    public convenience init(target: CLLocationCoordinate2D, zoom: Float) {
        self.init(target: target, zoom: zoom, bearing: 0, viewingAngle: 0)
    }

    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float) {
        self.init(
            target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom, bearing: 0,
            viewingAngle: 0)
    }

    public convenience init(
        latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
        bearing: CLLocationDirection, viewingAngle: Double
    ) {
        self.init(
            target: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom, bearing: bearing,
            viewingAngle: viewingAngle)
    }

    open class func camera(withTarget target: CLLocationCoordinate2D, zoom: Float) -> GMSCameraPosition {
        GMSCameraPosition(target: target, zoom: zoom)
    }

    open class func camera(
        withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float
    ) -> GMSCameraPosition {
        GMSCameraPosition(latitude: latitude, longitude: longitude, zoom: zoom)
    }

    open class func camera(
        withTarget target: CLLocationCoordinate2D, zoom: Float, bearing: CLLocationDirection,
        viewingAngle: Double
    ) -> GMSCameraPosition {
        GMSCameraPosition(target: target, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
    }

    open class func camera(
        withLatitude latitude: CLLocationDegrees, longitude: CLLocationDegrees, zoom: Float,
        bearing: CLLocationDirection, viewingAngle: Double
    ) -> GMSCameraPosition {
        GMSCameraPosition(
            latitude: latitude, longitude: longitude, zoom: zoom, bearing: bearing, viewingAngle: viewingAngle)
    }

    /// The zoom at which `meters` at `coordinate` span `points` (not clamped). Bad input is
    /// reported and gives the minimum zoom level.
    open class func zoom(
        at coordinate: CLLocationCoordinate2D, forMeters meters: CLLocationDistance, perPoints points: CGFloat
    ) -> Float {
        do {
            return Float(try CameraPosition.zoom(at: coordinate.meridian, forMeters: meters, perPoints: Double(points)))
        } catch {
            GMSCompatibility.report("zoom(at:forMeters:perPoints:): \(error)")
            return kGMSMinZoomLevel
        }
    }

    public var target: CLLocationCoordinate2D { position.target.cl }
    public var zoom: Float { Float(position.zoom) }
    public var bearing: CLLocationDirection { position.bearing }
    public var viewingAngle: Double { position.tilt }

    public func copy(with zone: NSZone? = nil) -> Any { GMSCameraPosition(position: position) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { GMSMutableCameraPosition(position: position) }

    open override func isEqual(_ object: Any?) -> Bool { (object as? GMSCameraPosition)?.position == position }
    open override var hash: Int { position.hashValue }
    open override var description: String { "GMSCameraPosition \(position)" }
}

/// A camera whose values can be set; each set clamps and wraps again.
open class GMSMutableCameraPosition: GMSCameraPosition, @unchecked Sendable {
    public override var target: CLLocationCoordinate2D {
        get { position.target.cl }
        set { position = Self.make(newValue, zoom, bearing, viewingAngle) }
    }
    public override var zoom: Float {
        get { Float(position.zoom) }
        set { position = Self.make(target, newValue, bearing, viewingAngle) }
    }
    public override var bearing: CLLocationDirection {
        get { position.bearing }
        set { position = Self.make(target, zoom, newValue, viewingAngle) }
    }
    public override var viewingAngle: Double {
        get { position.tilt }
        set { position = Self.make(target, zoom, bearing, newValue) }
    }
}
