import Foundation
import Meridian

/// A change to apply to a map's current camera; build one with the factory methods.
open class GMSCameraUpdate: NSObject, @unchecked Sendable {
    let update: CameraUpdate

    init(_ update: CameraUpdate) { self.update = update }

    open class func zoomIn() -> GMSCameraUpdate { GMSCameraUpdate(.zoomIn) }
    open class func zoomOut() -> GMSCameraUpdate { GMSCameraUpdate(.zoomOut) }
    open class func zoom(to zoom: Float) -> GMSCameraUpdate { GMSCameraUpdate(.zoomTo(Double(zoom))) }
    open class func zoom(by delta: Float) -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(Double(delta))) }
    /// Zooms keeping the ground under `point` (view coordinates) where it is.
    open class func zoom(by zoom: Float, at point: CGPoint) -> GMSCameraUpdate {
        GMSCameraUpdate(.zoomBy(Double(zoom), focus: point.meridian))
    }
    open class func setTarget(_ target: CLLocationCoordinate2D) -> GMSCameraUpdate {
        GMSCameraUpdate(.target(target.meridian))
    }
    open class func setTarget(_ target: CLLocationCoordinate2D, zoom: Float) -> GMSCameraUpdate {
        GMSCameraUpdate(.target(target.meridian, zoom: Double(zoom)))
    }
    open class func setCamera(_ camera: GMSCameraPosition) -> GMSCameraUpdate {
        GMSCameraUpdate(.camera(camera.position))
    }
    /// Moves the camera `dX` points right and `dY` points down on screen (so the map moves the other way).
    open class func scrollBy(x dX: CGFloat, y dY: CGFloat) -> GMSCameraUpdate {
        GMSCameraUpdate(.scroll(by: ScreenVector(dx: Double(dX), dy: Double(dY))))
    }
    /// Fits the bounds with 64 points of padding; bearing and tilt become 0.
    open class func fit(_ bounds: GMSCoordinateBounds) -> GMSCameraUpdate { GMSCameraUpdate(.fit(bounds.bounds)) }
    open class func fit(_ bounds: GMSCoordinateBounds, withPadding padding: CGFloat) -> GMSCameraUpdate {
        GMSCameraUpdate(.fit(bounds.bounds, padding: Double(padding)))
    }
    open class func fit(_ bounds: GMSCoordinateBounds, with edgeInsets: UIEdgeInsets) -> GMSCameraUpdate {
        GMSCameraUpdate(.fit(bounds.bounds, insets: edgeInsets.meridian))
    }
}
