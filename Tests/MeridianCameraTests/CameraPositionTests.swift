import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct CameraPositionTests {
    @Test("SPEC §1: a latitude of 100 becomes 85, -100 becomes -85")
    func latitudeClamp() throws {
        #expect(try CameraPosition(target: Coordinate(latitude: 100, longitude: 0), zoom: 5).target.latitude == 85)
        #expect(try CameraPosition(target: Coordinate(latitude: -100, longitude: 0), zoom: 5).target.latitude == -85)
    }

    @Test("SPEC §1: longitudes 480, 840 and 1200 become 120; 180 becomes -180", arguments: [480.0, 840, 1200])
    func longitudeWrap(_ lng: Double) throws {
        #expect(try CameraPosition(target: Coordinate(latitude: 0, longitude: lng), zoom: 5).target.longitude == 120)
        #expect(try CameraPosition(target: Coordinate(latitude: 0, longitude: 180), zoom: 5).target.longitude == -180)
    }

    @Test func bearingWrapsZoomClampsDefaultsAreZero() throws {
        let c = try CameraPosition(target: Sample.helsinki, zoom: 30)
        #expect(c.zoom == 24 && c.bearing == 0 && c.tilt == 0)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: -3).zoom == 0)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: 5, bearing: -90).bearing == 270)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: 5, bearing: 720).bearing == 0)
    }

    @Test(
        "SPEC §1: max tilt 30° at zoom ≤ 10, 65° at ≥ 16, linear between",
        arguments: [
            (0.0, 30.0), (6, 30), (10, 30), (13, 47.5), (16, 65), (21, 65), (24, 65),
        ])
    func tiltCurve(zoom: Double, maxTilt: Double) throws {
        expectClose(TiltCurve.maxTilt(zoom: zoom), maxTilt, within: 1e-12, "curve at \(zoom)")
        expectClose(
            try CameraPosition(target: Sample.helsinki, zoom: zoom, tilt: 89).tilt, maxTilt, within: 1e-12,
            "clamped tilt")
        #expect(try CameraPosition(target: Sample.helsinki, zoom: zoom, tilt: -5).tilt == 0)
    }

    @Test("the SDK guide's example: zoom 6, bearing 270, viewing angle 45 clamps the tilt to 30")
    func guideExample() throws {
        let c = try CameraPosition(target: Coordinate(latitude: -33, longitude: 151), zoom: 6, bearing: 270, tilt: 45)
        #expect(c.tilt == 30 && c.bearing == 270 && c.zoom == 6)
    }

    @Test("non-finite input throws an error naming the parameter", arguments: nonFiniteValues)
    func nonFinite(_ v: Double) {
        let cases: [(String, () throws -> CameraPosition)] = [
            ("latitude", { try CameraPosition(target: Coordinate(latitude: v, longitude: 0), zoom: 1) }),
            ("longitude", { try CameraPosition(target: Coordinate(latitude: 0, longitude: v), zoom: 1) }),
            ("zoom", { try CameraPosition(target: Sample.helsinki, zoom: v) }),
            ("bearing", { try CameraPosition(target: Sample.helsinki, zoom: 1, bearing: v) }),
            ("tilt", { try CameraPosition(target: Sample.helsinki, zoom: 1, tilt: v) }),
        ]
        for (name, make) in cases {
            let error = #expect(throws: InvalidArgument.self) { try make() }
            #expect(error?.parameter == name && error?.problem == .notFinite)
        }
    }

    @Test func rendersEqually() throws {
        let a = try CameraPosition(target: Sample.helsinki, zoom: 15, bearing: 359.9999999, tilt: 10)
        // 1e-9° of latitude at zoom 15 is ~0.00017 pt: renders the same, though not ==.
        let b = try CameraPosition(
            target: Coordinate(latitude: 60.1716 + 1e-9, longitude: 24.9443), zoom: 15, bearing: 0, tilt: 10)
        #expect(a != b && a.rendersEqually(to: b))
        // 1e-6° of latitude at zoom 15 is ~0.17 pt: visibly different.
        let c = try CameraPosition(target: Coordinate(latitude: 60.1716 + 1e-6, longitude: 24.9443), zoom: 15, tilt: 10)
        #expect(!a.rendersEqually(to: c))
        #expect(!a.rendersEqually(to: try CameraPosition(target: Sample.helsinki, zoom: 15.00001, tilt: 10)))
    }

    @Test("zoom(at:forMeters:perPoints:) is the zoom at which points(forMeters:) gives those points, unclamped")
    func zoomForMeters() async throws {
        await propertyCheck(count: 200, input: Gens.latitude, Gen.double(in: 1...1e7), Gen.double(in: 1...2000)) {
            lat, meters, points in
            let c = Coordinate(latitude: lat, longitude: 10)
            let z = try CameraPosition.zoom(at: c, forMeters: meters, perPoints: points)
            // Relative: both sides are a ratio of the same Mercator scale.
            let got = try WebMercator.metersPerPoint(latitude: lat, zoom: z) * points
            expectClose(got, meters, within: 1e-9 * meters, "meters at zoom \(z)")
        }
        #expect(try CameraPosition.zoom(at: Sample.helsinki, forMeters: 0.001, perPoints: 1000) > 24)
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: InvalidArgument.self) {
                try CameraPosition.zoom(at: Sample.helsinki, forMeters: bad, perPoints: 1)
            }
            #expect(throws: InvalidArgument.self) {
                try CameraPosition.zoom(at: Sample.helsinki, forMeters: 1, perPoints: bad)
            }
        }
    }

    @Test func codableRoundTripValidates() throws {
        let c = try CameraPosition(target: Sample.helsinki, zoom: 15, bearing: 30, tilt: 45)
        let json = try JSONEncoder().encode(c)
        #expect(try JSONDecoder().decode(CameraPosition.self, from: json) == c)
        let clamped = try JSONDecoder().decode(
            CameraPosition.self, from: Data(#"{"latitude":100,"longitude":480,"zoom":6,"tilt":45}"#.utf8))
        #expect(clamped.target == Coordinate(latitude: 85, longitude: 120) && clamped.tilt == 30)
    }
}

@Suite struct ZoomRangeTests {
    @Test func clampsToTheAbsoluteRangeAndRejectsMinAboveMax() throws {
        let r = try ZoomRange(min: -4, max: 30)
        #expect(r == ZoomRange.absolute)
        #expect(throws: InvalidArgument.self) { try ZoomRange(min: 15, max: 10) }
        #expect(throws: InvalidArgument.self) { try ZoomRange(min: .nan, max: 10) }
        #expect(ZoomRange.mapDefault.min == 2 && ZoomRange.mapDefault.max == 21)
    }

    @Test(
        "decoding goes through the validating initialiser: out-of-order ends are a DecodingError, not a range that traps on clamp"
    )
    func decoding() throws {
        let decoded = try JSONDecoder().decode(ZoomRange.self, from: Data(#"{"min": -3, "max": 12}"#.utf8))
        #expect(decoded.min == 0 && decoded.max == 12 && decoded.clamp(20) == 12)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ZoomRange.self, from: Data(#"{"min": 15, "max": 10}"#.utf8))
        }
        let encoded = try JSONEncoder().encode(ZoomRange.mapDefault)
        #expect(try JSONDecoder().decode(ZoomRange.self, from: encoded) == .mapDefault)
    }

    @Test("SPEC §5: zoom 4 becomes 10 for the range 10–15")
    func currentZoomMovesIntoTheRange() throws {
        let constraints = CameraConstraints(zoomRange: try ZoomRange(min: 10, max: 15))
        #expect(constraints.constrain(try CameraPosition(target: Sample.helsinki, zoom: 4)).zoom == 10)
        #expect(constraints.constrain(try CameraPosition(target: Sample.helsinki, zoom: 18)).zoom == 15)
    }

    @Test(
        "MapLibre's limits: a style's 60° at zoom 2 and 85° at zoom 20 are kept; past 85° is 85°; any change clamps to the curve again"
    )
    func mapLibreLimits() throws {
        let low = try CameraPosition(target: Sample.helsinki, zoom: 2, tilt: 60, limits: .mapLibre)
        #expect(low.tilt == 60)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: 2, tilt: 60, limits: .sdk).tilt == 30)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: 20, tilt: 89, limits: .mapLibre).tilt == 85)
        #expect(try CameraPosition(target: Sample.helsinki, zoom: 20, tilt: -4, limits: .mapLibre).tilt == 0)
        #expect(try low.changing(bearing: 10).tilt == 30)
        #expect(throws: InvalidArgument.self) {
            try CameraPosition(target: Sample.helsinki, zoom: 2, tilt: .nan, limits: .mapLibre)
        }
    }
}
