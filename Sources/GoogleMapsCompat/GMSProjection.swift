import Foundation
import Meridian

/// The four ground corners of the padded view; near = bottom of the screen.
public struct GMSVisibleRegion: Hashable, Sendable {
    public var nearLeft: CLLocationCoordinate2D
    public var nearRight: CLLocationCoordinate2D
    public var farLeft: CLLocationCoordinate2D
    public var farRight: CLLocationCoordinate2D

    public init(
        nearLeft: CLLocationCoordinate2D, nearRight: CLLocationCoordinate2D, farLeft: CLLocationCoordinate2D,
        farRight: CLLocationCoordinate2D
    ) {
        (self.nearLeft, self.nearRight, self.farLeft, self.farRight) = (nearLeft, nearRight, farLeft, farRight)
    }
}

/// A snapshot of one frame's mapping between the Earth and the view; it never changes.
open class GMSProjection: NSObject, @unchecked Sendable {
    public let viewport: Viewport

    init(viewport: Viewport) { self.viewport = viewport }

    /// The view point of a coordinate (the world copy nearest the target); NaN components for
    /// a coordinate behind the eye or an invalid one (reported).
    open func point(for coordinate: CLLocationCoordinate2D) -> CGPoint {
        do {
            if let p = try viewport.point(for: coordinate.meridian) { return CGPoint(x: p.x, y: p.y) }
        } catch { GMSCompatibility.report("point(for:): \(error)") }
        return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// The ground coordinate under a view point; `kCLLocationCoordinate2DInvalid` above the
    /// horizon or for a non-finite point.
    open func coordinate(for point: CGPoint) -> CLLocationCoordinate2D {
        (try? viewport.coordinate(for: point.meridian))??.cl ?? kCLLocationCoordinate2DInvalid
    }

    /// Points spanned by `meters` at `coordinate` (Mercator scale, before perspective).
    open func points(forMeters meters: CLLocationDistance, at coordinate: CLLocationCoordinate2D) -> CGFloat {
        CGFloat((try? viewport.points(forMeters: meters, at: coordinate.meridian)) ?? 0)
    }

    /// Whether the coordinate is seen in the padded view.
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool { viewport.contains(coordinate.meridian) }

    open func visibleRegion() -> GMSVisibleRegion {
        let r = viewport.visibleRegion
        return GMSVisibleRegion(
            nearLeft: r.nearLeft.cl, nearRight: r.nearRight.cl, farLeft: r.farLeft.cl, farRight: r.farRight.cl)
    }
}

/// The map types of the SDK. Meridian draws `.normal` from its basemap; the others arrive with
/// the renderer.
public enum GMSMapViewType: Int, Sendable {
    case normal = 1, satellite, terrain, hybrid, none
}

/// Which user gestures a map accepts. They never restrict code.
@MainActor
open class GMSUISettings: NSObject {
    weak var map: GMSMapView?

    open var scrollGestures = true { didSet { apply() } }
    open var zoomGestures = true { didSet { apply() } }
    open var tiltGestures = true { didSet { apply() } }
    open var rotateGestures = true { didSet { apply() } }
    open var compassButton = false
    open var myLocationButton = false
    open var consumesGesturesInView = true
    open var allowScrollGesturesDuringRotateOrZoom = true { didSet { apply() } }

    open func setAllGesturesEnabled(_ enabled: Bool) {
        (scrollGestures, zoomGestures, tiltGestures, rotateGestures) = (enabled, enabled, enabled, enabled)
    }

    func apply() {
        map?.meridian.gestureSettings = GestureSettings(
            scroll: scrollGestures, zoom: zoomGestures, tilt: tiltGestures, rotate: rotateGestures)
    }
}

/// The map's camera events and taps; every method is optional.
@MainActor
public protocol GMSMapViewDelegate: AnyObject {
    func mapView(_ mapView: GMSMapView, willMove gesture: Bool)
    func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition)
    func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition)
    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D)
    /// Return true to skip the default behaviour (which pans the camera to the marker).
    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool
    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay)
}

extension GMSMapViewDelegate {
    public func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {}
    public func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) {}
    public func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) {}
    public func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) {}
    public func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool { false }
    public func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) {}
}
