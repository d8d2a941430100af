import Foundation
import Meridian

/// Where the compatibility layer reports input it had to refuse (its signatures, the SDK's,
/// cannot throw): a non-finite number, min zoom > max zoom. The state is left as it was and
/// the message goes here. Defaults to standard error; tests may replace it.
public enum GMSCompatibility {
    nonisolated(unsafe) public static var report: (String) -> Void = { message in
        FileHandle.standardError.write(Data(("GoogleMapsCompat: " + message + "\n").utf8))
    }

    /// The clock new map views run on: the system clock by default; tests set a
    /// `ManualClock` and step it, then call `mapView.meridian.tick()` per frame.
    @MainActor public static var clock: any MapClock = SystemClock()
}

/// The smallest zoom a map may have: `kGMSMinZoomLevel` = 2.
public let kGMSMinZoomLevel: Float = Float(ZoomRange.mapDefault.min)
/// The largest zoom a map may have: `kGMSMaxZoomLevel` = 21.
public let kGMSMaxZoomLevel: Float = Float(ZoomRange.mapDefault.max)
/// Mean Earth radius in metres, for the geometry functions.
public let kGMSEarthRadius: CLLocationDistance = Geodesy.earthRadius

extension CLLocationCoordinate2D {
    var meridian: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    init(_ c: Coordinate) { self.init(latitude: c.latitude, longitude: c.longitude) }
}

extension Coordinate {
    var cl: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: latitude, longitude: longitude) }
}

extension UIEdgeInsets {
    var meridian: EdgeInsets {
        EdgeInsets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }
}

extension CGPoint {
    var meridian: ScreenPoint { ScreenPoint(x: Double(x), y: Double(y)) }
}
