import Foundation
import GoogleMapsCompat
import Meridian
import MeridianTestSupport
import Testing

@MainActor
@Suite(.serialized) struct MeridianExtensionTests {
    init() { GMSCompatibility.clock = compatTestClock }

    @Test(
        "Meridian's extensions in the SDK's spelling: viewport bounds, viewing-angle limits, path fits, rotate and place updates"
    )
    func extensions() throws {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: -33.86, longitude: 151.20, zoom: 9, bearing: 0, viewingAngle: 0))
        let sydney = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: -33.95, longitude: 151.10),
            coordinate: CLLocationCoordinate2D(latitude: -33.80, longitude: 151.30))
        mapView.cameraViewportBounds = sydney
        #expect(mapView.camera.zoom > 11)
        for c in mapView.meridian.projection.frameGroundCorners {
            #expect(
                c.latitude >= -33.95 - 1e-7 && c.latitude <= -33.80 + 1e-7 && c.longitude >= 151.10 - 1e-7
                    && c.longitude <= 151.30 + 1e-7, "\(c)")
        }
        mapView.cameraViewportBounds = nil
        mapView.setMinViewingAngle(10, maxViewingAngle: 20)
        mapView.moveCamera(
            GMSCameraUpdate.setCamera(
                GMSCameraPosition(latitude: -33.86, longitude: 151.20, zoom: 17, bearing: 0, viewingAngle: 60)))
        #expect(mapView.camera.viewingAngle == 20)
        mapView.setMinViewingAngle(30, maxViewingAngle: 20)  // refused, reported; the range stays
        #expect(mapView.meridian.minTilt == 10)
        let path = GMSMutablePath()
        path.addLatitude(-33.87, longitude: 151.19)
        path.addLatitude(-33.85, longitude: 151.21)
        mapView.moveCamera(GMSCameraUpdate.fit(path, withPadding: 20))
        for c in [Coordinate(latitude: -33.87, longitude: 151.19), Coordinate(latitude: -33.85, longitude: 151.21)] {
            #expect(mapView.meridian.projection.contains(c))
        }
        let before = mapView.camera.bearing
        mapView.moveCamera(GMSCameraUpdate.rotate(by: 30, around: CGPoint(x: 100, y: 300)))
        #expect(abs(mapView.camera.bearing - before - 30) < 1e-9)
        let opera = CLLocationCoordinate2D(latitude: -33.8587, longitude: 151.2140)
        mapView.moveCamera(GMSCameraUpdate.setTarget(opera, at: CGPoint(x: 100, y: 700)))
        let p = mapView.projection.point(for: opera)
        #expect(abs(p.x - 100) < 1e-6 && abs(p.y - 700) < 1e-6)
    }
}
