import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct PlaceAndRotateTests {
    @Test(
        "property: place puts the coordinate at the screen point; rotate keeps the ground under its pivot and turns the bearing"
    )
    func placeAndRotate() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: 3...19), Gens.bearing, Gens.tiltFraction, Gen.double(in: 50...950),
            Gen.double(in: 300...740), Gen.double(in: -170...170), Gen.double(in: -0.4...0.4),
            Gen.double(in: -0.4...0.4)
        ) { z, b, tf, x, y, turn, dLat, dLng in
            let view = Sample.viewport(zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let spot = ScreenPoint(x: x, y: y)
            // A coordinate near the target, scaled to the zoom so it stays on screen-ish ground.
            let scale = 360 / WebMercator.worldSize(zoom: z) * 300
            let place = Coordinate(
                latitude: Sample.helsinki.latitude + dLat * scale / 2,
                longitude: Sample.helsinki.longitude + dLng * scale)
            let placed = try CameraUpdate.place(place, at: spot).applied(to: view)
            if let p = try view.with(camera: placed).point(for: place), placed != view.camera {
                expectClose(p, spot, within: 1e-6, "placed point")
                #expect(
                    placed.zoom == view.camera.zoom && placed.bearing == view.camera.bearing
                        && placed.tilt == view.camera.tilt)
            }
            guard let ground = try view.coordinate(for: spot) else { return }
            let rotated = try CameraUpdate.rotate(by: turn, about: spot).applied(to: view)
            expectClose(
                Angle.shortestDelta(from: view.camera.bearing, to: rotated.bearing), turn, within: 1e-9,
                "bearing turned")
            guard abs(rotated.target.latitude) < 85, let q = try view.with(camera: rotated).point(for: ground) else {
                return
            }
            expectClose(q, spot, within: 1e-6, "pivot ground")
        }
    }

    @Test(
        "rotate without a pivot turns about the target; place keeps the camera for a point above the horizon; bad numbers are named"
    )
    func edges() throws {
        let view = Sample.viewport(bearing: 10, tilt: 60)
        let turned = try CameraUpdate.rotate(by: 30).applied(to: view)
        #expect(turned.target == view.camera.target && abs(turned.bearing - 40) < 1e-12)
        #expect(
            try CameraUpdate.place(Sample.calgary, at: ScreenPoint(x: 500, y: -5000)).applied(to: view) == view.camera)
        do {
            _ = try CameraUpdate.rotate(by: .nan).applied(to: view)
            Issue.record("NaN accepted")
        } catch { #expect(error.parameter == "degrees") }
        do {
            _ = try CameraUpdate.place(Sample.calgary, at: ScreenPoint(x: .infinity, y: 1)).applied(to: view)
            Issue.record("inf accepted")
        } catch { #expect(error.parameter.hasPrefix("point")) }
    }
}
