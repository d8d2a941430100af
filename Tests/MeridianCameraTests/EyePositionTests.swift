import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct EyePositionTests {
    @Test(
        "property: eye → camera → eye round-trips, and the camera looking from a camera's eye at its target is that camera"
    )
    func roundTrip() async {
        // From zoom 4: at lower zooms a tall view's eye can stand more than half a world away,
        // where "the short way round" to the target is the other way.
        await propertyCheck(
            count: 400, input: Gen.double(in: 4...22), Gen.double(in: -80...80), Gens.longitude, Gens.bearing,
            Gen.double(in: 0.01...1), Gen.double(in: 100...2000)
        ) { z, lat, lng, b, tf, height in
            let camera = try CameraPosition(
                target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b,
                tilt: tf * TiltCurve.maxTilt(zoom: z))
            let view = try Viewport(
                camera: camera, size: ScreenSize(width: height * 1.3, height: height),
                padding: EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
            let eye = view.eye
            guard abs(eye.coordinate.latitude) < WebMercator.maxLatitude else { return }  // an eye beyond the Mercator world
            let back = try CameraPosition(lookingAt: camera.target, from: eye, viewHeight: height, bearing: 123)
            expectClose(back.zoom, camera.zoom, within: 1e-9, "zoom")
            // Angles to 1e-6°: at zoom 22 the eye–target offset is ~1e-8 of the world, and the
            // coordinates carry ~1e-16 of it. The bearing is the direction of that offset, so
            // where the view is nearly straight down the offset is far shorter (zoom 19, a
            // 100-point view tilted 0.6°: 6e-9 of the world) and the bearing holds what ~1e-14 of
            // the world over the offset leaves (seen: 1.4e-6° there).
            let offset = 1.5 * height * Double.sin(Angle.radians(camera.tilt)) / WebMercator.worldSize(zoom: z)
            expectClose(back.tilt, camera.tilt, within: 1e-6, "tilt")
            expectClose(
                Angle.shortestDelta(from: camera.bearing, to: back.bearing), 0,
                within: max(1e-6, Angle.degrees(1e-14 / offset)), "bearing")
            #expect(back.target == camera.target)
            let again = try Viewport(camera: back, size: view.size).eye
            expectClose(again.coordinate, eye.coordinate, within: 1e-9, "eye coordinate")
            #expect(abs(again.altitude / eye.altitude - 1) < 1e-9)
        }
    }

    @Test(
        "property: eye → look → eye round-trips at every zoom 0–22 and bearing, from a straight-down eye (tilt 0, or 1e-12°: the bearing kept) to the maximum tilt"
    )
    func roundTripAllTilts() async {
        await propertyCheck(
            count: 500, input: Gen.double(in: 0...22), Gen.double(in: -80...80), Gens.longitude, Gens.bearing,
            Gen.int(in: 0...3), Gen.double(in: 0.05...1), Gen.double(in: 100...2000)
        ) { z, lat, lng, b, kind, tf, height in
            let tilt = [0, 1e-12, tf * tf * tf * TiltCurve.maxTilt(zoom: z), tf * TiltCurve.maxTilt(zoom: z)][kind]
            let camera = try CameraPosition(
                target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: tilt)
            let view = try Viewport(camera: camera, size: ScreenSize(width: height * 1.3, height: height))
            let eye = view.eye
            // An eye beyond the Mercator world, or more than half a world from its target (at low
            // zooms a tall view's eye stands worlds high), has no short way back: not this property.
            // (The eye stands 1.5 view heights from the target; its ground offset in worlds:)
            let offset = 1.5 * height * Double.sin(Angle.radians(tilt)) / WebMercator.worldSize(zoom: z)
            guard abs(eye.coordinate.latitude) < WebMercator.maxLatitude, offset < 0.4 else { return }
            let back = try CameraPosition(lookingAt: camera.target, from: eye, viewHeight: height, bearing: b)
            expectClose(back.zoom, camera.zoom, within: 1e-9, "zoom")
            if tilt <= 1e-12 {
                // Straight down: exactly, with the bearing asked (it used to come back as 180°).
                #expect(back.tilt == 0 && back.bearing == camera.bearing, "\(back) from \(camera)")
            } else {
                expectClose(back.tilt, camera.tilt, within: 1e-6, "tilt")
                // The bearing is read from the eye's ground offset, known to the resolution of the
                // coordinates' Doubles (a few 1e-16 of the world, 256·2^z points): its angle is
                // as precise as that resolution over the offset (1.5·height·sin tilt points).
                let resolution = 8e-16 * WebMercator.worldSize(zoom: z)
                let precision = max(1e-6, Angle.degrees(resolution / (1.5 * height * Double.sin(Angle.radians(tilt)))))
                expectClose(
                    Angle.shortestDelta(from: camera.bearing, to: back.bearing), 0, within: precision, "bearing")
            }
            let again = try Viewport(camera: back, size: view.size).eye
            expectClose(again.coordinate, eye.coordinate, within: 1e-9, "eye coordinate")
            #expect(abs(again.altitude / eye.altitude - 1) < 1e-9)
        }
    }

    @Test(
        "a near-vertical eye looks straight down with the bearing asked: an offset of 1e-14° under a 1,000 m eye is no direction"
    )
    func nearVertical() throws {
        let target = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let eye = EyePosition(coordinate: Coordinate(latitude: 60.16990000000001, longitude: 24.9384), altitude: 1000)
        let camera = try CameraPosition(lookingAt: target, from: eye, viewHeight: 100, bearing: 30)
        #expect(camera.bearing == 30 && camera.tilt == 0, "\(camera)")
        // A flat camera at zoom 1 through eye and look: the same camera.
        let flat = try CameraPosition(target: Coordinate(latitude: 10, longitude: 20), zoom: 1, bearing: 30)
        let round = try CameraPosition(
            lookingAt: flat.target, from: try Viewport(camera: flat, size: ScreenSize(width: 100, height: 100)).eye,
            viewHeight: 100, bearing: 30)
        #expect(round.bearing == 30 && round.tilt == 0, "\(round)")
        // Past the threshold (a ground offset of 1e-9 of the eye's height) a lean is a lean.
        let leaning = EyePosition(coordinate: Geodesy.offset(target, distance: 1e-3, heading: 180), altitude: 1000)
        let looking = try CameraPosition(lookingAt: target, from: leaning, viewHeight: 100, bearing: 30)
        expectClose(looking.bearing, 0, within: 1e-3, "looks north")
        #expect(looking.tilt > 0)
    }

    @Test(
        "looking straight down: altitude is 1.5 × the view height in ground metres at the target, and the bearing is kept"
    )
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
        let oblique = try CameraPosition(
            lookingAt: camera.target, from: EyePosition(coordinate: east, altitude: 500), viewHeight: 600)
        expectClose(oblique.bearing, 270, within: 0.1, "looks west")
        expectClose(oblique.tilt, 45, within: 0.1, "45°")
    }

    @Test("a tilt beyond the curve is lowered; bad eyes, altitudes and heights are named")
    func limits() throws {
        let target = Coordinate(latitude: 0, longitude: 0)
        let far = EyePosition(coordinate: Geodesy.offset(target, distance: 10_000, heading: 180), altitude: 100)
        let camera = try CameraPosition(lookingAt: target, from: far, viewHeight: 600)
        #expect(camera.tilt == TiltCurve.maxTilt(zoom: camera.zoom))
        for (eye, height, name) in [
            (EyePosition(coordinate: target, altitude: 0), 600.0, "altitude"),
            (EyePosition(coordinate: target, altitude: .nan), 600, "altitude"),
            (EyePosition(coordinate: Coordinate(latitude: .infinity, longitude: 0), altitude: 10), 600, "eye"),
            (EyePosition(coordinate: target, altitude: 10), -1, "viewHeight"),
        ] {
            do {
                _ = try CameraPosition(lookingAt: target, from: eye, viewHeight: height)
                Issue.record("\(name) accepted")
            } catch { #expect(error.parameter.hasPrefix(name)) }
        }
    }
}
