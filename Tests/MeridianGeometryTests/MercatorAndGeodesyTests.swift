import Foundation  // tests only: sin/cos from libm as an independent oracle
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct WebMercatorTests {
    @Test func edgesAndEquator() {
        expectClose(WebMercator.y(latitude: 0), 0.5, within: 1e-15, "equator")
        // The clamp latitudes are the world's edges exactly (the formula alone rounds ~1e-15 outside).
        #expect(WebMercator.y(latitude: WebMercator.maxLatitude) == 0 && WebMercator.y(latitude: 90) == 0)
        #expect(WebMercator.y(latitude: -WebMercator.maxLatitude) == 1 && WebMercator.y(latitude: -90) == 1)
        #expect(WebMercator.y(latitude: .nan).isNaN)
        // Beyond the projectable latitude a coordinate projects onto the edge.
        #expect(WebMercator.y(latitude: 89) == WebMercator.y(latitude: WebMercator.maxLatitude))
        // The edge latitude is atan(sinh π): computed here with libm as an oracle.
        expectClose(WebMercator.maxLatitude, atan(sinh(Double.pi)) * 180 / .pi, within: 1e-12, "max latitude")
    }

    @Test("y matches the textbook form ln(tan(π/4 + φ/2)) computed with libm")
    func yMatchesTextbook() async {
        await propertyCheck(count: 300, input: Gen.double(in: -85...85)) { lat in
            let textbook = 0.5 - log(tan(Double.pi / 4 + lat * .pi / 360)) / (2 * .pi)
            expectClose(WebMercator.y(latitude: lat), textbook, within: 1e-13, "y(\(lat))")
        }
    }

    @Test("y stays in [0, 1] for every latitude, near the edges included")
    func yInUnitRange() async {
        await propertyCheck(count: 500, input: Gen.double(in: 84.9...90)) { lat in
            for latitude in [lat, -lat] {
                let y = WebMercator.y(latitude: latitude)
                #expect(y >= 0 && y <= 1, "y(\(latitude)) = \(y)")
            }
        }
    }

    @Test func projectUnprojectRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.double(in: -85.05...85.05), Gen.double(in: -180...180)) { lat, lng in
            let c = WebMercator.unproject(WebMercator.project(Coordinate(latitude: lat, longitude: lng)))
            expectClose(c, Coordinate(latitude: lat, longitude: lng), within: 1e-11, "round trip")
        }
    }

    @Test func worldSizeAndScale() {
        #expect(WebMercator.worldSize(zoom: 0) == 256)
        #expect(WebMercator.worldSize(zoom: 2) == 1024)
        // One point at zoom 0 on the equator is the equator's length over 256.
        expectClose(WebMercator.metersPerPoint(latitude: 0, zoom: 0), 2 * .pi * 6_378_137 / 256, within: 1e-9, "m/pt")
        expectClose(
            WebMercator.metersPerPoint(latitude: 60, zoom: 1), .pi * 6_378_137 / 256 / 2, within: 1e-9, "m/pt at 60°")
    }
}

@Suite struct GeodesyTests {
    let r = Geodesy.earthRadius

    @Test func distanceAlongTheEquatorAndAMeridian() {
        expectClose(
            Geodesy.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1)),
            r * .pi / 180, within: 1e-6, "1° of equator")
        expectClose(
            Geodesy.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 90, longitude: 0)),
            r * .pi / 2, within: 1e-6, "equator to pole")
        // Across the antimeridian the short way: 2°.
        expectClose(
            Geodesy.distance(Coordinate(latitude: 0, longitude: 179), Coordinate(latitude: 0, longitude: -179)),
            2 * r * .pi / 180, within: 1e-6, "across 180")
    }

    @Test("distance agrees with the spherical law of cosines (independent formula)")
    func distanceOracle() async {
        let lat = Gen.double(in: -89...89)
        let lng = Gen.double(in: -180...180)
        await propertyCheck(count: 300, input: lat, lng, lat, lng) { a1, o1, a2, o2 in
            let p1 = a1 * .pi / 180
            let p2 = a2 * .pi / 180
            let dl = (o2 - o1) * .pi / 180
            let cosine = min(1, max(-1, sin(p1) * sin(p2) + cos(p1) * cos(p2) * cos(dl)))
            let expected = acos(cosine) * r
            // The law of cosines loses precision for short arcs: allow 1 m (≈ 1e-7 of an arc).
            expectClose(
                Geodesy.distance(Coordinate(latitude: a1, longitude: o1), Coordinate(latitude: a2, longitude: o2)),
                expected, within: 1, "distance")
        }
    }

    @Test func headings() {
        let o = Coordinate(latitude: 0, longitude: 0)
        expectClose(Geodesy.heading(from: o, to: Coordinate(latitude: 1, longitude: 0)), 0, within: 1e-12, "north")
        expectClose(Geodesy.heading(from: o, to: Coordinate(latitude: 0, longitude: 1)), 90, within: 1e-12, "east")
        expectClose(Geodesy.heading(from: o, to: Coordinate(latitude: -1, longitude: 0)), -180, within: 1e-12, "south")
        expectClose(Geodesy.heading(from: o, to: Coordinate(latitude: 0, longitude: -1)), -90, within: 1e-12, "west")
    }

    @Test("offset by the distance and heading to b reaches b")
    func offsetRoundTrip() async {
        let lat = Gen.double(in: -80...80)
        let lng = Gen.double(in: -180..<180)
        await propertyCheck(count: 300, input: lat, lng, lat, lng) { a1, o1, a2, o2 in
            let a = Coordinate(latitude: a1, longitude: o1)
            let b = Coordinate(latitude: a2, longitude: o2)
            guard Geodesy.distance(a, b) < 0.99 * .pi * r else { return }  // near-antipodal: heading ill-defined
            let reached = Geodesy.offset(a, distance: Geodesy.distance(a, b), heading: Geodesy.heading(from: a, to: b))
            expectClose(reached, b, within: 1e-7, "offset")
        }
    }

    @Test("interpolate: end points exact, the midpoint equidistant, fractions proportional")
    func interpolate() async {
        let lat = Gen.double(in: -80...80)
        let lng = Gen.double(in: -180..<180)
        await propertyCheck(count: 200, input: lat, lng, lat, lng, Gen.double(in: 0...1)) { a1, o1, a2, o2, f in
            let a = Coordinate(latitude: a1, longitude: o1)
            let b = Coordinate(latitude: a2, longitude: o2)
            let d = Geodesy.distance(a, b)
            guard d < 0.99 * .pi * r else { return }
            expectClose(Geodesy.interpolate(from: a, to: b, fraction: 0), a, within: 1e-9, "f=0")
            expectClose(Geodesy.interpolate(from: a, to: b, fraction: 1), b, within: 1e-9, "f=1")
            let p = Geodesy.interpolate(from: a, to: b, fraction: f)
            expectClose(Geodesy.distance(a, p), f * d, within: 1e-3, "distance a→p")
            expectClose(Geodesy.distance(p, b), (1 - f) * d, within: 1e-3, "distance p→b")
        }
    }

    @Test func pathLength() {
        let path = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
            Coordinate(latitude: 1, longitude: 1),
        ]
        expectClose(Geodesy.length(of: path), 2 * r * .pi / 180, within: 1e-6, "two 1° legs")
        #expect(Geodesy.length(of: [Coordinate]()) == 0)
    }

    @Test("signed area: an octant is one eighth of the sphere, positive counter-clockwise")
    func octantArea() {
        let octant = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 90),
            Coordinate(latitude: 90, longitude: 0),
        ]
        let eighth = 4 * Double.pi * r * r / 8
        expectClose(Geodesy.signedArea(of: octant), eighth, within: 1e-6 * eighth, "CCW octant")
        expectClose(Geodesy.signedArea(of: octant.reversed()), -eighth, within: 1e-6 * eighth, "CW octant")
        expectClose(Geodesy.area(of: octant.reversed()), eighth, within: 1e-6 * eighth, "unsigned")
        #expect(Geodesy.signedArea(of: Array(octant.prefix(2))) == 0)
    }

    @Test("area of a small box matches R²·Δλ·(sin φ₂ − sin φ₁) to the bulge of its top edge")
    func smallBoxArea() {
        let box = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 0.01),
            Coordinate(latitude: 0.01, longitude: 0.01), Coordinate(latitude: 0.01, longitude: 0),
        ]
        let expected = r * r * (0.01 * .pi / 180) * sin(0.01 * .pi / 180)
        // A great-circle top edge differs from the parallel by ~1e-10 relative at this size.
        expectClose(Geodesy.signedArea(of: box), expected, within: 1e-6 * expected, "box")
    }

    @Test func containsLocation() {
        let square = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 10),
            Coordinate(latitude: 10, longitude: 10), Coordinate(latitude: 10, longitude: 0),
        ]
        #expect(Geodesy.contains(Coordinate(latitude: 5, longitude: 5), in: square))
        #expect(!Geodesy.contains(Coordinate(latitude: 5, longitude: 15), in: square))
        #expect(!Geodesy.contains(Coordinate(latitude: 11, longitude: 5), in: square))
        // Across the antimeridian.
        let pacific = [
            Coordinate(latitude: -5, longitude: 175), Coordinate(latitude: -5, longitude: -175),
            Coordinate(latitude: 5, longitude: -175), Coordinate(latitude: 5, longitude: 175),
        ]
        #expect(Geodesy.contains(Coordinate(latitude: 0, longitude: 180), in: pacific))
        #expect(Geodesy.contains(Coordinate(latitude: 0, longitude: -178), in: pacific))
        #expect(!Geodesy.contains(Coordinate(latitude: 0, longitude: 170), in: pacific))
        // A great-circle edge from (60, 0) to (60, 90) bulges north of the parallel; a rhumb line does not.
        let wedge = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 60, longitude: 0),
            Coordinate(latitude: 60, longitude: 90), Coordinate(latitude: 0, longitude: 90),
        ]
        let p = Coordinate(latitude: 63, longitude: 45)
        #expect(Geodesy.contains(p, in: wedge, edges: .geodesic))
        #expect(!Geodesy.contains(p, in: wedge, edges: .rhumb))
        #expect(!Geodesy.contains(Coordinate(latitude: .nan, longitude: 0), in: square))
    }
}

@Suite struct EncodedPolylineTests {
    @Test("the format's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453)")
    func documentedExample() {
        let path = [
            Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
            Coordinate(latitude: 43.252, longitude: -126.453),
        ]
        #expect(EncodedPolyline.encode(path) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let decoded = EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(decoded?.count == 3)
        for (d, p) in zip(decoded ?? [], path) { expectClose(d, p, within: 1e-9, "decoded") }
    }

    @Test func roundTripToTheFormatsPrecision() async {
        let coordinate = zip(Gen.double(in: -90...90), Gen.double(in: -180...180)).map {
            Coordinate(latitude: $0, longitude: $1)
        }
        await propertyCheck(count: 300, input: coordinate.array(of: 0...20)) { path in
            let decoded = EncodedPolyline.decode(EncodedPolyline.encode(path))
            #expect(decoded?.count == path.count)
            // The format stores 1e-5 degrees: rounding is at most half of that.
            for (d, p) in zip(decoded ?? [], path) { expectClose(d, p, within: 0.5e-5 + 1e-12, "round trip") }
        }
    }

    @Test(
        "invalid encodings give nil",
        arguments: ["_p~iF~ps|", "_p~iF", " ", "abc\u{7f}", "_p~iF~ps|U_", "~~~~~~~~~~~~~~~~~~~~~~?"])
    func invalid(_ s: String) {
        #expect(EncodedPolyline.decode(s) == nil)
    }

    @Test func emptyIsTheEmptyPath() {
        #expect(EncodedPolyline.decode("") == [])
        #expect(EncodedPolyline.encode([]) == "")
    }
}

@Suite struct EncodedPolylineFuzzTests {
    @Test("fuzz: any ASCII string decodes to nil or to a path that re-encodes to the same path")
    func arbitraryStrings() async {
        let character = Gen.int(in: 0...127).map { Character(Unicode.Scalar(UInt8($0))) }
        await propertyCheck(count: 2000, input: character.array(of: 0...40)) { chars in
            let text = String(chars)
            guard let path = EncodedPolyline.decode(text) else { return }
            #expect(path.allSatisfy { abs($0.latitude) <= 90 && $0.isFinite })
            #expect(EncodedPolyline.decode(EncodedPolyline.encode(path)) == path)
        }
    }
}
