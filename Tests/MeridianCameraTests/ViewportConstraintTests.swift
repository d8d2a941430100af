import MeridianCamera
import MeridianGeometry
import PropertyBased
import Testing

@Suite struct ViewportConstraintTests {
    /// Whether `c` lies in `bounds`, allowing `slack` degrees (the corners come out of a
    /// projection, exact to about 1e-12°).
    static func inside(_ c: Coordinate, _ bounds: CoordinateBounds, slack: Double = 1e-7) -> Bool {
        guard let s = bounds.south, let n = bounds.north, let w = bounds.west, let span = bounds.longitudeSpan else {
            return false
        }
        let east = Angle.wrap360(c.longitude - w)
        let lonInside = east <= span + slack || east >= 360 - slack
        return c.latitude >= s - slack && c.latitude <= n + slack && lonInside
    }

    @Test(
        "property: after the constraint all four corners of the view are inside the bounds, and constraining again changes nothing"
    )
    func cornersInsideAndIdempotent() async throws {
        await propertyCheck(
            count: 400, input: Gen.double(in: -60...50), Gen.double(in: -180..<180), Gen.double(in: 0.5...20),
            Gen.double(in: 0.5...40),
            Gen.double(in: 0...20), Gens.bearing, Gens.tiltFraction, Gen.double(in: 0...1)
        ) { south, west, height, width, z, b, tf, u in
            let bounds = CoordinateBounds(
                southWest: Coordinate(latitude: south, longitude: west),
                northEast: Coordinate(latitude: south + height, longitude: Angle.wrapLongitude(west + width)))
            let constraints = CameraConstraints(zoomRange: .mapDefault, viewportBounds: bounds)
            // A start anywhere: inside, beside or far from the bounds.
            let start = try CameraPosition(
                target: Coordinate(latitude: -70 + 140 * u, longitude: Angle.wrapLongitude(west + 300 * u)),
                zoom: z, bearing: b, tilt: tf * TiltCurve.maxTilt(zoom: z))
            let size = ScreenSize(width: 400 + 600 * u, height: 300 + 200 * (1 - u))
            let once = constraints.constrain(
                start, size: size, padding: EdgeInsets(top: 20, left: 0, bottom: 60 * u, right: 10))
            let view = try Viewport(
                camera: once, size: size, padding: EdgeInsets(top: 20, left: 0, bottom: 60 * u, right: 10))
            #expect(once.zoom < 21, "these bounds fit the view below the maximum zoom")
            for corner in view.frameGroundCorners {
                #expect(Self.inside(corner, bounds), "corner \(corner) outside \(bounds) for \(once)")
            }
            let twice = constraints.constrain(
                once, size: size, padding: EdgeInsets(top: 20, left: 0, bottom: 60 * u, right: 10))
            #expect(abs(twice.zoom - once.zoom) < 1e-9 && Self.distance(twice.target, once.target) < 1e-9)
            #expect(twice.bearing == once.bearing && abs(twice.tilt - once.tilt) < 1e-9)
        }
    }

    @Test("a view already inside is left alone; a view too wide is zoomed in until it fits exactly")
    func leftAloneOrZoomed() throws {
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: 60.10, longitude: 24.80),
            northEast: Coordinate(latitude: 60.25, longitude: 25.10))
        let constraints = CameraConstraints(viewportBounds: bounds)
        let size = ScreenSize(width: 800, height: 600)
        let inside = try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.95), zoom: 14)
        #expect(constraints.constrain(inside, size: size) == inside)
        // At zoom 8 the view spans degrees; the result is the smallest zoom whose footprint fits.
        let wide = constraints.constrain(
            try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.95), zoom: 8), size: size)
        let xSpan =
            (WebMercator.x(longitude: 25.10) - WebMercator.x(longitude: 24.80)) * WebMercator.worldSize(zoom: wide.zoom)
        let ySpan =
            (WebMercator.y(latitude: 60.10) - WebMercator.y(latitude: 60.25)) * WebMercator.worldSize(zoom: wide.zoom)
        // One of the axes fits exactly, the other within.
        #expect(max(800 / xSpan, 600 / ySpan) > 1 - 1e-9 && max(800 / xSpan, 600 / ySpan) < 1 + 1e-9)
        // The target-only constraint alone would have kept zoom 8.
        #expect(
            CameraConstraints(targetBounds: bounds).constrain(
                try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.95), zoom: 8)
            ).zoom == 8)
    }

    @Test("bounds across the antimeridian keep the view on their side of the world")
    func antimeridian() throws {
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: -20, longitude: 175), northEast: Coordinate(latitude: -15, longitude: -178))
        let constraints = CameraConstraints(viewportBounds: bounds)
        let camera = constraints.constrain(
            try CameraPosition(target: Coordinate(latitude: 0, longitude: 90), zoom: 7, bearing: 15, tilt: 20),
            size: ScreenSize(width: 512, height: 512))
        let view = try Viewport(camera: camera, size: ScreenSize(width: 512, height: 512))
        for corner in view.frameGroundCorners { #expect(Self.inside(corner, bounds)) }
    }

    @Test("a larger frame is zoomed in as far as needed to stay inside")
    func largerFrame() throws {
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: 59.9, longitude: 24.5),
            northEast: Coordinate(latitude: 60.4, longitude: 25.4))
        let constraints = CameraConstraints(viewportBounds: bounds)
        let small = constraints.constrain(
            try CameraPosition(target: Coordinate(latitude: 60.39, longitude: 25.39), zoom: 12),
            size: ScreenSize(width: 300, height: 200))
        let large = constraints.constrain(small, size: ScreenSize(width: 1600, height: 1200))
        #expect(large.zoom >= small.zoom)
        for corner in try Viewport(camera: large, size: ScreenSize(width: 1600, height: 1200)).frameGroundCorners {
            #expect(Self.inside(corner, bounds))
        }
    }

    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        max(abs(a.latitude - b.latitude), abs(Angle.shortestDelta(from: a.longitude, to: b.longitude)))
    }

    @Test(
        "property: bounds of the whole circle keep latitude only: a target near ±180° stays where it is, the view crosses freely"
    )
    func wholeCircle() async {
        let world = CoordinateBounds(
            southWest: Coordinate(latitude: -85, longitude: -180), northEast: Coordinate(latitude: 85, longitude: 180))
        let size = ScreenSize(width: 800, height: 600)
        // The case: 179.9° at zoom 11 was moved to 179.828°.
        let at = try! CameraPosition(target: Coordinate(latitude: 0, longitude: 179.9), zoom: 11)
        #expect(CameraConstraints(viewportBounds: world).constrain(at, size: size).target == at.target)
        await propertyCheck(
            count: 200, input: Gen.double(in: -60...60), Gens.longitude, Gen.double(in: 3...18), Gens.bearing,
            Gens.tiltFraction
        ) { lat, lng, z, b, tf in
            let camera = try CameraPosition(
                target: Coordinate(latitude: lat, longitude: lng), zoom: z, bearing: b,
                tilt: tf * TiltCurve.maxTilt(zoom: z))
            let kept = CameraConstraints(viewportBounds: world).constrain(camera, size: size)
            #expect(
                abs(Angle.shortestDelta(from: camera.target.longitude, to: kept.target.longitude)) < 1e-9,
                "\(camera) → \(kept)")
            // Latitude is still held: the frame's ground stays within 85° N and S.
            let corners = try Viewport(camera: kept, size: size).frameGroundCorners
            #expect(corners.allSatisfy { abs($0.latitude) <= 85 + 1e-6 }, "\(corners)")
        }
    }
}
