import Foundation
import Meridian

// Beyond the SDK: Meridian's camera capabilities in the SDK's spelling. None of these exist
// in the Maps SDK for iOS; each is named as the SDK would name it and documented as Meridian's.

extension GMSCameraUpdate {
    /// Meridian: fits every point of `path` (not its bounding box) with `padding` points of
    /// room, keeping the current bearing and viewing angle, exact under perspective.
    public class func fit(_ path: GMSPath, withPadding padding: CGFloat = 64) -> GMSCameraUpdate {
        GMSCameraUpdate(.fitPoints(path.coordinates.map(\.meridian), insets: EdgeInsets(all: Double(padding))))
    }

    /// Meridian: turns the bearing by `degrees` (clockwise), the ground under `point` staying
    /// under it (about the target when nil).
    public class func rotate(by degrees: CLLocationDirection, around point: CGPoint? = nil) -> GMSCameraUpdate {
        GMSCameraUpdate(.rotate(by: degrees, about: point?.meridian))
    }

    /// Meridian: moves the camera so that `target` is drawn at `point` (zoom, bearing and
    /// viewing angle kept).
    public class func setTarget(_ target: CLLocationCoordinate2D, at point: CGPoint) -> GMSCameraUpdate {
        GMSCameraUpdate(.place(target.meridian, at: point.meridian))
    }
}

@MainActor
extension GMSMapView {
    /// Meridian: bounds the whole visible ground may not leave (MapLibre's `maxBounds`), where
    /// ``cameraTargetBounds`` only holds the target; nil lifts them.
    public var cameraViewportBounds: GMSCoordinateBounds? {
        get { meridian.viewportBounds.map { GMSCoordinateBounds(bounds: $0) } }
        set { meridian.viewportBounds = newValue?.bounds }
    }

    /// Meridian: the viewing angles (tilt, degrees 0–65) the camera may take, as
    /// ``setMinZoom(_:maxZoom:)`` sets zooms; the tilt curve still limits low zooms. Bad values
    /// keep the old range (reported).
    public func setMinViewingAngle(_ minAngle: Double, maxViewingAngle maxAngle: Double) {
        report("setMinViewingAngle(_:maxViewingAngle:)") { () throws(InvalidArgument) in
            try meridian.setMinTilt(minAngle, maxTilt: maxAngle)
        }
    }

    /// Meridian: flies to `camera` along the zoom-out-and-in path with MapLibre's fly options
    /// (curve, speed or screen speed, a maximum duration above which it jumps).
    public func fly(to camera: GMSCameraPosition, options: FlyOptions = .standard) {
        meridian.fly(to: camera.position, options: options)
    }
}
