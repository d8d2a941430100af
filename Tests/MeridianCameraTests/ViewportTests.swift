import Foundation  // tests only: libm cos for the tolerance
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

/// Round-trip tolerance: 1e-6 pt, or 4 × the resolution of the coordinate's Doubles in points
/// where that is coarser (at zoom 24, one ulp of longitude near 180° spans 3.4e-7 pt and one ulp
/// of latitude near 85° about 2e-6 pt: no Double coordinate can do better there).
func roundTripTolerance(_ viewport: Viewport, at c: Coordinate) -> Double {
    let pointsPerDegree = viewport.worldSize / 360
    let latitudeResolution = c.latitude.ulp / cos(min(abs(c.latitude), WebMercator.maxLatitude) * .pi / 180)
    let longitudeResolution = max(abs(c.longitude), abs(viewport.camera.target.longitude)).ulp
    return max(1e-6, 4 * max(latitudeResolution, longitudeResolution) * pointsPerDegree)
}

@Suite struct ViewportProjectionTests {
    @Test("the target is drawn at the centre of the padded rectangle", arguments: Sample.all)
    func targetAtPaddedCenter(_ v: Viewport) throws {
        let padded = v.with(camera: v.camera)
        expectClose(try padded.point(for: v.camera.target), v.center, within: 1e-9, "target")
        let p = try Viewport(
            camera: v.camera, size: v.size, padding: EdgeInsets(top: 100, left: 40, bottom: 20, right: 300))
        expectClose(
            try p.point(for: v.camera.target), ScreenPoint(x: 40 + (1024 - 340) / 2, y: 100 + (768 - 120) / 2),
            within: 1e-9, "padded target")
    }

    @Test("the closed form agrees with a generic 3-D pinhole camera")
    func matchesPinholeOracle() async {
        await propertyCheck(
            count: 400, input: Gens.bearing, Gens.tiltFraction, Gen.double(in: -1500...1500),
            Gen.double(in: -1500...1500)
        ) { b, tf, dx, dy in
            let v = Sample.viewport(zoom: 17, bearing: b, tilt: 65 * tf)
            let world = v.targetWorld
            let expected = PinholeOracle.project(
                offset: (dx, dy), bearing: b, tilt: v.camera.tilt, size: v.size, center: v.center)
            let got = v.point(forWorld: MercatorPoint(x: world.x + dx / v.worldSize, y: world.y + dy / v.worldSize))
            #expect((expected == nil) == (got == nil))
            if let expected {
                expectClose(got, expected, within: 1e-6 * max(1, abs(expected.x), abs(expected.y)), "pinhole")
            }
        }
    }

    @Test("property: screen → coordinate → screen within 1e-6 pt below the horizon, every zoom, bearing and tilt")
    func roundTrip() async throws {
        await propertyCheck(
            count: 600, input: Gens.zoom, Gens.latitude, Gens.longitude, Gens.bearing, Gens.tiltFraction, Gens.unit,
            Gens.unit
        ) {
            z, lat, lng, b, tf, u, w in
            let v = Sample.viewport(
                Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let p = ScreenPoint(x: u * v.size.width, y: w * v.size.height)
            // Ground off the world's top or bottom edge has the edge's coordinate, and at low zoom
            // another copy of the world maps to the copy nearest the target: neither comes back.
            guard let c = try v.coordinate(for: p), let world = v.worldPoint(for: p), (0...1).contains(world.y),
                abs(world.x - v.targetWorld.x) < 0.5
            else { return }
            expectClose(try v.point(for: c), p, within: roundTripTolerance(v, at: c), "round trip at z\(z)")
        }
    }

    @Test("bearing 90 puts east up; bearing 0 puts east right, at the Mercator scale")
    func bearingOrientation() throws {
        let east = Coordinate(latitude: Sample.helsinki.latitude, longitude: Sample.helsinki.longitude + 0.001)
        let up = try #require(try Sample.viewport(bearing: 90).point(for: east))
        expectClose(up.x, 512, within: 1e-6, "x")
        #expect(up.y < 384)
        let right = try #require(try Sample.flat.point(for: east))
        expectClose(right.x - 512, 0.001 / 360 * Sample.flat.worldSize, within: 1e-6, "dx")
    }

    @Test("a coordinate across the antimeridian is drawn at the copy nearest the target")
    func nearestWorldCopy() throws {
        let v = Sample.viewport(Coordinate(latitude: 0, longitude: 179.9), zoom: 8)
        let p = try #require(try v.point(for: Coordinate(latitude: 0, longitude: -179.9)))
        expectClose(p.x - 512, 0.2 / 360 * v.worldSize, within: 1e-6, "east across 180")
    }

    @Test("a point above the horizon has no coordinate; ground behind the eye has no point")
    func horizon() throws {
        let v = Sample.viewport(zoom: 18, tilt: 65, padding: EdgeInsets(top: 700))
        #expect(v.horizonY > 0 && v.horizonY < 768)
        #expect(try v.coordinate(for: ScreenPoint(x: 500, y: v.horizonY - 1)) == nil)
        #expect(try v.coordinate(for: ScreenPoint(x: 500, y: v.horizonY + 1)) != nil)
        // 1,000 km behind the camera (south of it, bearing 0) is behind the eye.
        #expect(try v.point(for: Coordinate(latitude: 51, longitude: 24.94)) == nil)
    }

    @Test("non-finite input to the viewport throws", arguments: nonFiniteValues)
    func nonFinite(_ bad: Double) throws {
        let v = Sample.rotated
        #expect(throws: InvalidArgument.self) { try v.point(for: Coordinate(latitude: bad, longitude: 0)) }
        #expect(throws: InvalidArgument.self) { try v.coordinate(for: ScreenPoint(x: 0, y: bad)) }
        #expect(throws: InvalidArgument.self) { try v.points(forMeters: bad, at: Sample.helsinki) }
        #expect(throws: InvalidArgument.self) {
            try Viewport(camera: v.camera, size: ScreenSize(width: bad, height: 10))
        }
        #expect(throws: InvalidArgument.self) {
            try Viewport(camera: v.camera, size: v.size, padding: EdgeInsets(left: bad))
        }
        #expect(throws: InvalidArgument.self) { try Viewport(camera: v.camera, size: ScreenSize(width: 0, height: 10)) }
        #expect(v.worldPoint(for: ScreenPoint(x: bad, y: 0)) == nil)
        #expect(!v.contains(Coordinate(latitude: bad, longitude: 0)))
    }

    @Test func batchProjectionMatchesTheSinglePointAPI() throws {
        let v = Sample.rotated
        let coords = (0..<64).map { i in
            Coordinate(latitude: 60.16 + Double(i) * 0.0005, longitude: 24.93 + Double(i % 8) * 0.003)
        }
        var out = [ScreenPoint](repeating: .zero, count: coords.count)
        coords.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { v.project(coordinates: input, into: $0) }
        }
        for (c, p) in zip(coords, out) {
            if let single = try v.point(for: c) {
                expectClose(p, single, within: 1e-7, "batch")
            } else {
                #expect(p.x.isNaN)
            }
        }
    }

    @Test func pointsForMeters() throws {
        let v = Sample.flat
        let pts = try v.points(forMeters: 100, at: Sample.helsinki)
        expectClose(
            pts * WebMercator.metersPerPoint(latitude: Sample.helsinki.latitude, zoom: 15), 100, within: 1e-9, "metres")
    }
}

@Suite struct VisibleRegionTests {
    @Test("flat and north-up: the corners are the screen corners' coordinates")
    func flatCorners() throws {
        let v = Sample.flat
        let r = v.visibleRegion
        expectClose(r.farLeft, try #require(try v.coordinate(for: .zero)), within: 1e-12, "far left")
        expectClose(
            r.nearRight, try #require(try v.coordinate(for: ScreenPoint(x: 1024, y: 768))), within: 1e-12, "near right")
        expectClose(r.farLeft.latitude, r.farRight.latitude, within: 1e-12, "rectangle")
    }

    @Test("under tilt a trapezoid whose near side is the short one")
    func trapezoid() {
        for v in [Sample.pitched, Sample.rotated] {
            let r = v.visibleRegion
            let near = Geodesy.distance(r.nearLeft, r.nearRight)
            let far = Geodesy.distance(r.farLeft, r.farRight)
            #expect(far > 1.5 * near, "near \(near) m, far \(far) m")
            for c in r.corners { #expect(v.contains(c)) }
        }
    }

    @Test("with the horizon in the padded view the far side lies on the farthest visible ground")
    func farGround() throws {
        // With the eye 1.5 heights away the horizon stays above the padded area up to 65° of
        // tilt; a negative top inset (a padded area taller than the view) brings it in.
        let v = Sample.viewport(zoom: 18, tilt: 65, padding: EdgeInsets(top: -1000))
        #expect(v.horizonY > -1000)
        let r = v.visibleRegion
        let far = try #require(try v.point(for: r.farLeft))
        expectClose(far.y, v.farGroundY, within: 1e-5, "far row")
        #expect(far.y > v.horizonY)
    }

    @Test func containsIsTheVisibleArea() throws {
        let v = Sample.rotated
        #expect(v.contains(Sample.helsinki))
        let outside = try #require(try v.coordinate(for: ScreenPoint(x: 1030, y: 400)))
        #expect(!v.contains(outside))
    }
}

@Suite struct ConventionTests {
    @Test("SPEC §1: the eye sits 1.5 view heights from the target, a vertical field of view of 36.87°")
    func fieldOfView() {
        for v in Sample.all {
            #expect(v.eyeDistance == 1.5 * v.size.height)
            let fov = 2 * atan((v.size.height / 2) / v.eyeDistance) * 180 / .pi
            expectClose(fov, 36.87, within: 0.005, "field of view")
        }
    }

    @Test("SPEC §1: at zoom z the world is 256·2^z points; a flat view shows it at that scale")
    func worldScale() throws {
        let v = Sample.viewport(Coordinate(latitude: 0, longitude: 0), zoom: 3)
        #expect(v.worldSize == 2048)
        let p = try #require(try v.point(for: Coordinate(latitude: 0, longitude: 90)))
        expectClose(p.x - 512, 512, within: 1e-9, "a quarter of the world")
    }
}

@Suite struct ElevationTests {
    @Test("elevated points agree with the 3-D pinhole oracle; elevation 0 is the ground")
    func elevated() throws {
        for v in Sample.all {
            for (dx, dy, e) in [(100.0, -200.0, 50.0), (-300, 150, 120), (0, 0, 10), (40, 400, 0)] {
                let world = MercatorPoint(x: v.targetWorld.x + dx / v.worldSize, y: v.targetWorld.y + dy / v.worldSize)
                let got = try #require(v.point(forWorld: world, elevation: e))
                let expected = try #require(
                    PinholeOracle.project(
                        offset: (dx, dy), elevation: e, bearing: v.camera.bearing, tilt: v.camera.tilt, size: v.size,
                        center: v.center))
                expectClose(got, expected, within: 1e-6, "elevated")
                if e == 0 { expectClose(got, try #require(v.point(forWorld: world)), within: 1e-9, "ground") }
            }
        }
    }
}

@Suite struct TilesByDepthTests {
    @Test(
        "under tilt the far tiles are coarser: no tile overlaps another, and together they cover the plain cover; flat it is the plain cover",
        arguments: [(16.0, 30.0, 60.0), (14.5, 200, 60), (12.5, 200, 45), (18, 0, 65), (16, 10, 0)])
    func coarserFar(zoom: Double, bearing: Double, tilt: Double) throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: zoom, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 1024, height: 768))
        let z = Int(zoom)
        let plain = try view.tiles(zoom: z)
        let mixed = try view.tilesByDepth(zoom: z, minimumZoom: z - 4)
        if tilt == 0 {
            #expect(mixed == plain)
            return
        }
        // At 60° and more the far edge lies over 3 target distances away: coarser tiles there.
        if view.camera.tilt >= 55 {
            #expect(mixed.count < plain.count && mixed.contains { $0.z < z } && mixed.contains { $0.z == z })
        }
        func isAncestor(_ a: TileID, of b: TileID) -> Bool {
            a.z < b.z && b.x >> (b.z - a.z) == a.x && b.y >> (b.z - a.z) == a.y
        }
        for a in mixed { #expect(!mixed.contains { isAncestor(a, of: $0) }, "\(a) overlaps a finer tile") }
        for t in plain { #expect(mixed.contains { $0 == t || isAncestor($0, of: t) }, "\(t) is not covered") }
        // The nearest tile keeps the camera's zoom.
        #expect(mixed.first?.z == z)
    }
}

/// The field of view: a documented constant, and the eye distance for any value.
@Suite struct FieldOfViewTests {
    @Test(
        "the fixed field of view is 2·atan(1/3) = 36.87°, the eye 1.5 heights away; any other value gives (h/2)/tan(fov/2)"
    )
    func fieldOfView() throws {
        expectClose(Viewport.fieldOfView, 36.86989764584402, within: 1e-12, "degrees")
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 60, longitude: 25), zoom: 12),
            size: ScreenSize(width: 800, height: 600))
        expectClose(
            Viewport.eyeDistance(height: 600, fieldOfView: Viewport.fieldOfView), view.eyeDistance, within: 1e-9,
            "eye distance")
        // 90°: half the height away; 60°: h/2 × √3.
        expectClose(Viewport.eyeDistance(height: 600, fieldOfView: 90), 300, within: 1e-9, "90°")
        expectClose(Viewport.eyeDistance(height: 600, fieldOfView: 60), 300 * 3.0.squareRoot(), within: 1e-9, "60°")
        #expect(
            Viewport.eyeDistance(height: 600, fieldOfView: 0).isNaN
                && Viewport.eyeDistance(height: 600, fieldOfView: 180).isNaN)
        #expect(Viewport.eyeDistance(height: 600, fieldOfView: .nan).isNaN)
    }
}
