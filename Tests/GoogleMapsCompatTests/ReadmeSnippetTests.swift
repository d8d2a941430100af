import Foundation
import GoogleMapsCompat
import Testing

/// The README's "Coming from the Maps SDK for iOS" snippet, verbatim: it must compile and do
/// what the guide says.
@MainActor
@Suite struct ReadmeSnippetTests {
    init() { GMSCompatibility.clock = compatTestClock }

    @Test func snippetCompilesAndBehaves() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: -33.8683, longitude: 151.2086, zoom: 16)
        options.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let mapView = GMSMapView(options: options)
        mapView.camera = GMSCameraPosition(latitude: -33, longitude: 151, zoom: 6, bearing: 270, viewingAngle: 45)
        mapView.animate(with: GMSCameraUpdate.zoomIn())
        let vancouver = CLLocationCoordinate2D(latitude: 49.26, longitude: -123.11)
        let calgary = CLLocationCoordinate2D(latitude: 51.05, longitude: -114.05)
        mapView.camera = mapView.camera(
            for: GMSCoordinateBounds(coordinate: vancouver, coordinate: calgary), insets: UIEdgeInsets())!
        mapView.setMinZoom(10, maxZoom: 15)
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        mapView.animate(toViewingAngle: 45)
        CATransaction.commit()

        // The fit (about zoom 5.6 in this narrow view) was raised to the new minimum, 10; the
        // tilt animation runs for 2 s towards the curve's 30° at zoom 10.
        #expect(mapView.camera.zoom == 10 && mapView.meridian.isAnimating)
        for _ in 0..<130 where mapView.meridian.isAnimating {
            compatTestClock.advance(by: 1.0 / 60)
            mapView.meridian.tick()
        }
        #expect(mapView.camera.viewingAngle == 30 && !mapView.meridian.isAnimating)
    }
}
