import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct EyePositionTests {
    @Test("property: eye → camera → eye round-trips, and the camera looking from a camera's eye at its target is that camera")
    func roundTrip() async {
        // From zoom 4: at lower zooms a tall view's eye can stand more than half a world away,
        // where "the short way round" to the target is the other way.
        await propertyCheck(count: 400, input: Gen.double(in: 4...22), Gen.double(in: -80...80), Gens.longitude, Gens.bearing,
                            Gen.double(in: 0.01...1), Gen.double(in: 100...2000)) { z, lat, lng, b, tf, height in
            let camera = try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let view = try Viewport(camera: camera, size: ScreenSize(width: height * 1.3, height: height), padding: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
            let eye = view.eye
            guard abs(eye.coordinate.latitude) < WebMercator.maxLatitude else { return }   // an eye beyond the Mercator world
            let back = try CameraPosition(lookingAt: camera.target, from: eye, viewHeight: height, bearing: 123)
            expectClose(back.zoom, camera.zoom, within: 1e-9, "zoom")
            // Angles to 1e-6°: at zoom 22 the eye–target offset is ~1e-8 of the world, and the
            // coordinates carry ~1e-16 of it.
            expectClose(back.tilt, camera.tilt, within: 1e-6, "tilt")
            expectClose(Angle.shortestDelta(from: camera.bearing, to: back.bearing), 0, within: 1e-6, "bearing")
            #expect(back.target == camera.target)
            let again = try Viewport(camera: back, size: view.size).eye
            expectClose(again.coordinate, eye.coordinate, within: 1e-9, "eye coordinate")
            #expect(abs(again.altitude / eye.altitude - 1) < 1e-9)
        }
    }

    @Test("looking straight down: altitude is 1.5 × the view height in ground metres at the target, and the bearing is kept")
    func straightDown() throws {
        let camera = try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 15)
        let eye = try Viewport(camera: camera, size: ScreenSize(width: 800, height: 600)).eye
        expectClose(eye.coordinate, camera.target, within: 1e-12, "below the eye")
        expectClose(eye.altitude, 900 * WebMercator.metersPerPoint(latitude: 60.17, zoom: 15), within: 1e-6, "altitude")
        let back = try CameraPosition(lookingAt: camera.target, from: eye, viewHeight: 600, bearing: 77)
        #expect(back.bearing == 77 && back.tilt == 0)
        // An eye 500 m east of the target at 500 m altitude looks west, 45° from the vertical
        // (within 0.1°: Geodesy's sphere is the mean radius, altitude uses the equatorial one).
        let east = Geodesy.offset(camera.target, distance: 500, heading: 90)
        let oblique = try CameraPosition(lookingAt: camera.target, from: EyePosition(coordinate: east, altitude: 500), viewHeight: 600)
        expectClose(oblique.bearing, 270, within: 0.1, "looks west")
        expectClose(oblique.tilt, 45, within: 0.1, "45°")
    }

    @Test("a tilt beyond the curve is lowered; bad eyes, altitudes and heights are named")
    func limits() throws {
        let target = Coordinate(latitude: 0, longitude: 0)
        let far = EyePosition(coordinate: Geodesy.offset(target, distance: 10_000, heading: 180), altitude: 100)
        let camera = try CameraPosition(lookingAt: target, from: far, viewHeight: 600)
        #expect(camera.tilt == TiltCurve.maxTilt(zoom: camera.zoom))
        for (eye, height, name) in [(EyePosition(coordinate: target, altitude: 0), 600.0, "altitude"), (EyePosition(coordinate: target, altitude: .nan), 600, "altitude"),
                                    (EyePosition(coordinate: Coordinate(latitude: .infinity, longitude: 0), altitude: 10), 600, "eye"),
                                    (EyePosition(coordinate: target, altitude: 10), -1, "viewHeight")] {
            do { _ = try CameraPosition(lookingAt: target, from: eye, viewHeight: height); Issue.record("\(name) accepted") } catch { #expect(error.parameter.hasPrefix(name)) }
        }
    }
}
