import Foundation
import GoogleMapsCompat
import Meridian
import MeridianTestSupport
import Testing

@MainActor
final class TapRecorder: GMSMapViewDelegate {
    var markers: [GMSMarker] = []
    var overlays: [GMSOverlay] = []
    var coordinates: [CLLocationCoordinate2D] = []
    var handles = true
    func mapView(_ mapView: GMSMapView, didTap marker: GMSMarker) -> Bool {
        markers.append(marker)
        return handles
    }
    func mapView(_ mapView: GMSMapView, didTap overlay: GMSOverlay) { overlays.append(overlay) }
    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { coordinates.append(coordinate) }
}

@MainActor
@Suite(.serialized) struct OverlayCompatTests {
    let clock = compatTestClock
    init() { GMSCompatibility.clock = compatTestClock }

    @Test("overlays join a map through `map`, stay put under camera changes, and taps reach the delegate")
    func overlays() throws {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: -33.86, longitude: 151.20, zoom: 14, bearing: 30, viewingAngle: 40))
        let recorder = TapRecorder()
        mapView.delegate = recorder
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: -33.8587, longitude: 151.2140))
        marker.title = "Opera House"
        marker.map = mapView
        let path = GMSMutablePath()
        path.addLatitude(-33.87, longitude: 151.19)
        path.addLatitude(-33.85, longitude: 151.21)
        let line = GMSPolyline(path: path)
        line.strokeWidth = 5
        line.map = mapView
        mapView.moveCamera(GMSCameraUpdate.zoomIn())
        mapView.moveCamera(GMSCameraUpdate.scrollBy(x: 40, y: -30))
        #expect(marker.position == CLLocationCoordinate2D(latitude: -33.8587, longitude: 151.2140))
        let p = mapView.projection.point(for: marker.position)
        mapView.meridian.tap(at: ScreenPoint(x: Double(p.x), y: Double(p.y) - 10))
        #expect(recorder.markers.first === marker)
        let mid = mapView.projection.point(for: CLLocationCoordinate2D(latitude: -33.86, longitude: 151.20))
        mapView.meridian.tap(at: mid.meridianPoint)
        #expect(recorder.overlays.first === line)
        line.map = nil
        mapView.meridian.tap(at: mid.meridianPoint)
        #expect(recorder.coordinates.count == 1)
        // Unhandled marker taps pan the camera to the marker.
        recorder.handles = false
        mapView.meridian.tap(
            at: ScreenPoint(
                x: Double(mapView.projection.point(for: marker.position).x),
                y: Double(mapView.projection.point(for: marker.position).y) - 10))
        for _ in 0..<600 where mapView.meridian.isAnimating {
            clock.advance(by: 1.0 / 60)
            mapView.meridian.tick()
        }
        #expect(mapView.camera.target == marker.position)
    }

    @Test("geometry functions and encoded paths as the SDK documents them")
    func geometry() throws {
        let a = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        let b = CLLocationCoordinate2D(latitude: 0, longitude: 1)
        expectClose(GMSGeometryDistance(a, b), kGMSEarthRadius * .pi / 180, within: 1e-6, "1° of equator")
        expectClose(
            GMSGeometryHeading(a, CLLocationCoordinate2D(latitude: 0, longitude: -1)), 270, within: 1e-9,
            "west is 270 in [0, 360)")
        let c = GMSGeometryOffset(a, 1000, 90)
        expectClose(GMSGeometryDistance(a, c), 1000, within: 1e-6, "offset")
        expectClose(GMSGeometryInterpolate(a, b, 0.5).longitude, 0.5, within: 1e-12, "interpolate")
        let square = GMSMutablePath()
        for (lat, lng) in [(0.0, 0.0), (0, 1), (1, 1), (1, 0)] { square.addLatitude(lat, longitude: lng) }
        #expect(GMSGeometrySignedArea(square) > 0 && GMSGeometryArea(square) == GMSGeometrySignedArea(square))
        #expect(GMSGeometryContainsLocation(CLLocationCoordinate2D(latitude: 0.5, longitude: 0.5), square, true))
        #expect(GMSGeometryIsLocationOnPath(CLLocationCoordinate2D(latitude: 0, longitude: 0.5), square, true))
        #expect(!GMSGeometryIsLocationOnPath(CLLocationCoordinate2D(latitude: 0.001, longitude: 0.5), square, true))
        // Along the equator, up a meridian, then back along latitude 1° (cos 1° shorter; the
        // great circle there is shorter than the parallel by well under a metre).
        expectClose(
            GMSGeometryLength(square), (2 + cos(Double.pi / 180)) * kGMSEarthRadius * .pi / 180, within: 1,
            "three sides")
        let decoded = try #require(GMSPath(fromEncodedPath: "_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
        #expect(decoded.count() == 3 && decoded.coordinate(at: 5) == kCLLocationCoordinate2DInvalid)
        #expect(GMSPath(fromEncodedPath: "_p~iF~ps|") == nil)
        #expect(decoded.encodedPath() == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let bounds = GMSCoordinateBounds(path: decoded)
        #expect(bounds.isValid && bounds.contains(CLLocationCoordinate2D(latitude: 40.7, longitude: -120.95)))
        #expect(!GMSCoordinateBounds().isValid && GMSCoordinateBounds().northEast == kCLLocationCoordinate2DInvalid)
        #expect(GMSCoordinateBounds().includingCoordinate(a).isValid)
        #expect(
            CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(45, 180))
                && !CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    }
}

extension CGPoint {
    var meridianPoint: ScreenPoint { ScreenPoint(x: Double(x), y: Double(y)) }
}
