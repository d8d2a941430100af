import Foundation
import GoogleMapsCompat
import Meridian
import MeridianTestSupport
import Testing

/// The one clock every compatibility test's maps run on. Maps read `GMSCompatibility.clock`
/// when they are created, and suites run in parallel: with one shared clock (and tests that
/// run whole on the main actor) each test steps exactly the maps it made.
@MainActor let compatTestClock = ManualClock()

/// Records a map view's delegate calls.
@MainActor
final class Recorder: GMSMapViewDelegate {
    var calls: [String] = []
    func mapView(_ mapView: GMSMapView, willMove gesture: Bool) {
        calls.append(gesture ? "willMove(gesture)" : "willMove")
    }
    func mapView(_ mapView: GMSMapView, didChange position: GMSCameraPosition) { calls.append("didChange") }
    func mapView(_ mapView: GMSMapView, idleAt position: GMSCameraPosition) { calls.append("idleAt") }
}

/// These tests use the API exactly as the SDK's camera guide does, on Meridian's manual clock.
@MainActor
@Suite(.serialized) struct GuideSampleTests {
    let clock = compatTestClock

    init() { GMSCompatibility.clock = compatTestClock }

    /// Runs 60 fps frames until the map is idle; returns the zooms seen.
    @discardableResult
    func run(_ mapView: GMSMapView, limit: Int = 1000) -> [Float] {
        var zooms: [Float] = []
        var n = 0
        while mapView.meridian.isAnimating && n < limit {
            clock.advance(by: 1.0 / 60)
            mapView.meridian.tick()
            zooms.append(mapView.camera.zoom)
            n += 1
        }
        return zooms
    }

    @Test("options with a camera, and options with only a frame")
    func options() {
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition.camera(withLatitude: -33.8683, longitude: 151.2086, zoom: 16)
        options.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let mapView = GMSMapView(options: options)
        #expect(
            mapView.camera.target == CLLocationCoordinate2D(latitude: -33.8683, longitude: 151.2086)
                && mapView.camera.zoom == 16)
        let plain = GMSMapViewOptions()
        plain.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let defaultMap = GMSMapView(options: plain)
        #expect(
            defaultMap.camera.target == CLLocationCoordinate2D(latitude: 0, longitude: 0)
                && defaultMap.camera.zoom == kGMSMinZoomLevel)
        #expect(defaultMap.camera.bearing == 0 && defaultMap.camera.viewingAngle == 0)
    }

    @Test("assigning a camera snaps, with the tilt clamped to the curve at zoom 6")
    func assignCamera() {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 3))
        let recorder = Recorder()
        mapView.delegate = recorder
        let camera = GMSCameraPosition(latitude: -33, longitude: 151, zoom: 6, bearing: 270, viewingAngle: 45)
        mapView.camera = camera
        #expect(!mapView.meridian.isAnimating)
        #expect(
            mapView.camera.target == CLLocationCoordinate2D(latitude: -33, longitude: 151)
                && mapView.camera.bearing == 270)
        #expect(mapView.camera.viewingAngle == 30)
        #expect(recorder.calls == ["willMove", "didChange", "idleAt"])
    }

    @Test("zoomIn animated: zoom + 1 at the end, intermediate frames in between; delegate order")
    func zoomIn() {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10))
        let recorder = Recorder()
        mapView.delegate = recorder
        mapView.animate(with: GMSCameraUpdate.zoomIn())
        let zooms = run(mapView)
        #expect(zooms.last == 11 && zooms.count > 5 && zooms.dropLast().allSatisfy { $0 > 10 && $0 < 11 })
        #expect(recorder.calls.first == "willMove" && recorder.calls.last == "idleAt")
        #expect(recorder.calls.filter { $0 == "didChange" }.count == zooms.count)
    }

    @Test("setTarget animated; the four single-property animations")
    func singleProperties() {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10))
        mapView.animate(with: GMSCameraUpdate.setTarget(CLLocationCoordinate2D(latitude: 49.26, longitude: -123.11)))
        run(mapView)
        #expect(
            mapView.camera.target == CLLocationCoordinate2D(latitude: 49.26, longitude: -123.11)
                && mapView.camera.zoom == 10)
        mapView.animate(toZoom: 16)
        run(mapView)
        mapView.animate(toViewingAngle: 45)
        run(mapView)
        #expect(mapView.camera.viewingAngle == 45)
        mapView.animate(toBearing: 0)
        run(mapView)
        #expect(mapView.camera.bearing == 0)
        mapView.animate(toZoom: 12)
        run(mapView)
        // Zooming out to 12 lowers the tilt to the curve there: 30 + 35 · 2/6 ≈ 41.7°.
        #expect(mapView.camera.zoom == 12 && mapView.camera.viewingAngle == TiltCurve.maxTilt(zoom: 12))
        mapView.animate(toLocation: CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208))
        run(mapView)
        #expect(mapView.camera.target == CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208))
        let target = CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208)
        #expect(GMSCameraPosition(target: target, zoom: 6).zoom == 6)
    }

    @Test("scrollBy(x: 200, y: 100) moves the camera 200 points right and 100 down, relative to the bearing")
    func scroll() {
        for bearing in [0.0, 90] {
            let mapView = GMSMapView(
                frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                camera: GMSCameraPosition(
                    latitude: 60.17, longitude: 24.94, zoom: 12, bearing: bearing, viewingAngle: 0))
            let expected = mapView.projection.coordinate(for: CGPoint(x: 195 + 200, y: 422 + 100))
            mapView.moveCamera(GMSCameraUpdate.scrollBy(x: 200, y: 100))
            expectClose(mapView.camera.target.latitude, expected.latitude, within: 1e-12, "latitude")
            expectClose(mapView.camera.target.longitude, expected.longitude, within: 1e-12, "longitude")
        }
    }

    @Test("camera(for: bounds, insets: UIEdgeInsets()) assigned to camera: both cities visible, tilt and bearing 0")
    func cameraForBounds() throws {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 0, longitude: 0, zoom: 3, bearing: 30, viewingAngle: 20))
        let vancouver = CLLocationCoordinate2D(latitude: 49.26, longitude: -123.11)
        let calgary = CLLocationCoordinate2D(latitude: 51.05, longitude: -114.05)
        let bounds = GMSCoordinateBounds(coordinate: vancouver, coordinate: calgary)
        let camera = mapView.camera(for: bounds, insets: UIEdgeInsets())!
        mapView.camera = camera
        #expect(mapView.projection.contains(vancouver) && mapView.projection.contains(calgary))
        #expect(mapView.camera.viewingAngle == 0 && mapView.camera.bearing == 0)
        #expect(mapView.camera(for: GMSCoordinateBounds(), insets: UIEdgeInsets()) == nil)
    }

    @Test("cameraTargetBounds keep the target inside against gestures and code; nil lifts them")
    func targetBounds() {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: -37.85, longitude: 145.0, zoom: 10))
        let bounds = GMSCoordinateBounds(
            coordinate: CLLocationCoordinate2D(latitude: -37.9, longitude: 144.9),
            coordinate: CLLocationCoordinate2D(latitude: -37.8, longitude: 145.1))
        mapView.cameraTargetBounds = bounds
        mapView.animate(toLocation: CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208))
        run(mapView)
        #expect(bounds.contains(mapView.camera.target))
        mapView.meridian.handle(.down(id: 1, at: ScreenPoint(x: 100, y: 100), time: clock.now))
        mapView.meridian.handle(.move(id: 1, to: ScreenPoint(x: 380, y: 800), time: clock.now + 0.5))
        mapView.meridian.handle(.up(id: 1, at: ScreenPoint(x: 380, y: 800), time: clock.now + 2))
        run(mapView)
        #expect(bounds.contains(mapView.camera.target))
        mapView.cameraTargetBounds = nil
        mapView.moveCamera(GMSCameraUpdate.setTarget(CLLocationCoordinate2D(latitude: -33.868, longitude: 151.208)))
        #expect(!bounds.contains(mapView.camera.target))
    }

    @Test(
        "setMinZoom(10, maxZoom: 15): the zoom at 4 becomes 10; setMinZoom(12, maxZoom: mapView.maxZoom); min > max keeps the old range"
    )
    func zoomRange() {
        let camera = GMSCameraPosition.camera(withLatitude: 41.887, longitude: -87.622, zoom: 4)
        let mapView = GMSMapView(frame: .zero, camera: camera)
        mapView.setMinZoom(10, maxZoom: 15)
        #expect(mapView.camera.zoom == 10 && mapView.minZoom == 10 && mapView.maxZoom == 15)
        mapView.setMinZoom(12, maxZoom: mapView.maxZoom)
        #expect(mapView.minZoom == 12 && mapView.maxZoom == 15 && mapView.camera.zoom == 12)
        var reports: [String] = []
        let previous = GMSCompatibility.report
        GMSCompatibility.report = { reports.append($0) }
        defer { GMSCompatibility.report = previous }
        mapView.setMinZoom(15, maxZoom: 10)
        #expect(mapView.minZoom == 12 && mapView.maxZoom == 15 && reports.count == 1)
    }

    @Test(
        "clamping and wrapping: latitude 100 → 85, longitudes 480/840/1200 → 120, bearing −90 → 270, fractional zoom kept"
    )
    func clamping() {
        #expect(GMSCameraPosition(latitude: 100, longitude: 0, zoom: 5).target.latitude == 85)
        for lng in [480.0, 840, 1200] {
            #expect(GMSCameraPosition(latitude: 0, longitude: lng, zoom: 5).target.longitude == 120)
        }
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 5, bearing: -90, viewingAngle: 0).bearing == 270)
        #expect(GMSCameraPosition(latitude: 0, longitude: 0, zoom: 12.25).zoom == 12.25)
        let mutable = GMSCameraPosition(latitude: 0, longitude: 0, zoom: 5).mutableCopy() as! GMSMutableCameraPosition
        mutable.zoom = 16
        mutable.viewingAngle = 80
        #expect(mutable.viewingAngle == 65)
    }

    @Test("a CATransaction with a 2 s duration lasts 2 s on the clock, and its completion runs once at the end")
    func transaction() {
        let mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844),
            camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 10))
        var completions = 0
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        CATransaction.setCompletionBlock { completions += 1 }
        mapView.animate(to: GMSCameraPosition(latitude: 60.2, longitude: 25.0, zoom: 12))
        CATransaction.commit()
        let start = clock.now
        let frames = run(mapView)
        // 2 s at 60 fps; summing 1/60 steps may land one frame either side of 120.
        #expect(abs(frames.count - 120) <= 1 && completions == 1)
        expectClose(clock.now - start, 2, within: 1.0 / 60 + 1e-9, "duration on the clock")
    }
}
