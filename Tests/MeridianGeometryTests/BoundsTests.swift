import Foundation  // tests only: libm cos
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct CoordinateBoundsTests {
    let vancouver = Coordinate(latitude: 49.26, longitude: -123.11)
    let calgary = Coordinate(latitude: 51.05, longitude: -114.05)

    @Test func twoCornersInEitherOrder() {
        let a = CoordinateBounds(vancouver, calgary)
        let b = CoordinateBounds(calgary, vancouver)
        #expect(a == b)
        #expect(a.south == 49.26 && a.north == 51.05 && a.west == -123.11 && a.east == -114.05)
        #expect(!a.crossesAntimeridian)
    }

    @Test("two corners take the smaller longitudinal span, across the antimeridian when shorter")
    func smallerSpan() {
        let b = CoordinateBounds(Coordinate(latitude: -10, longitude: 170), Coordinate(latitude: 10, longitude: -170))
        #expect(b.west == 170 && b.east == -170)
        expectClose(b.longitudeSpan ?? .nan, 20, within: 1e-12, "span")
        #expect(b.crossesAntimeridian)
        #expect(b.contains(Coordinate(latitude: 0, longitude: 180)))
        #expect(b.contains(Coordinate(latitude: 0, longitude: -175)))
        #expect(!b.contains(Coordinate(latitude: 0, longitude: 0)))
    }

    @Test("south-west longitude greater than north-east longitude crosses the antimeridian")
    func explicitCorners() {
        let crossing = CoordinateBounds(
            southWest: Coordinate(latitude: 0, longitude: 100), northEast: Coordinate(latitude: 10, longitude: -100))
        #expect(crossing.crossesAntimeridian)
        expectClose(crossing.longitudeSpan ?? .nan, 160, within: 1e-12, "span")
        let whole = CoordinateBounds(
            southWest: Coordinate(latitude: -80, longitude: -180), northEast: Coordinate(latitude: 80, longitude: 180))
        #expect(whole.longitudeSpan == 360 && whole.contains(Coordinate(latitude: 0, longitude: 33)))
        #expect(
            CoordinateBounds(
                southWest: Coordinate(latitude: 10, longitude: 0), northEast: Coordinate(latitude: 0, longitude: 1)
            ).isEmpty)
    }

    @Test(
        "property: 360° apart (to 1e-9°) is the whole circle; any other pair is its wrapped longitudes, the span modulo 360°"
    )
    func wholeCircleRule() async {
        // The issue's case: west −185, east 185 is 10° from 175° E across the antimeridian.
        let wide = CoordinateBounds(
            southWest: Coordinate(latitude: -10, longitude: -185), northEast: Coordinate(latitude: 10, longitude: 185))
        #expect(wide.west == 175 && wide.east == -175 && wide.crossesAntimeridian)
        expectClose(wide.longitudeSpan ?? .nan, 10, within: 1e-12, "span")
        #expect(
            !wide.contains(Coordinate(latitude: 0, longitude: 0))
                && wide.contains(Coordinate(latitude: 0, longitude: 180)))
        await propertyCheck(count: 300, input: Gen.double(in: -540...540), Gen.double(in: 0...720)) { west, width in
            let b = CoordinateBounds(
                southWest: Coordinate(latitude: -1, longitude: west),
                northEast: Coordinate(latitude: 1, longitude: west + width))
            let whole = CoordinateBounds(
                southWest: Coordinate(latitude: -1, longitude: west),
                northEast: Coordinate(latitude: 1, longitude: west + 360))
            #expect(whole.longitudeSpan == 360)
            // Not 360 (to 1e-9°): the span is the difference modulo 360 (a whole number of turns is 0).
            guard abs(west + width - west - 360) > 1e-9 else { return }
            let expected = (west + width - west).truncatingRemainder(dividingBy: 360)
            expectClose(b.longitudeSpan ?? .nan, expected, within: 1e-9, "span of \(west)…\(west + width)")
        }
    }

    @Test("contains has inclusive edges")
    func inclusiveEdges() {
        let b = CoordinateBounds(vancouver, calgary)
        for c in [
            vancouver, calgary, Coordinate(latitude: 49.26, longitude: -114.05),
            Coordinate(latitude: 51.05, longitude: -123.11),
        ] {
            #expect(b.contains(c))
        }
        #expect(!b.contains(Coordinate(latitude: 49.259_999, longitude: -120)))
        #expect(!b.contains(Coordinate(latitude: 50, longitude: -114.049_999)))
    }

    @Test func emptyBounds() {
        let e = CoordinateBounds.empty
        #expect(e.isEmpty && e.center == nil && e.southWest == nil && e.northEast == nil)
        #expect(!e.contains(vancouver) && !e.intersects(CoordinateBounds(vancouver)))
        #expect(e.including(vancouver) == CoordinateBounds(vancouver))
        #expect(CoordinateBounds(vancouver).including(e) == CoordinateBounds(vancouver))
        #expect(CoordinateBounds(path: []).isEmpty)
        for v in nonFiniteValues {
            #expect(CoordinateBounds(Coordinate(latitude: v, longitude: 0)).isEmpty)
            #expect(
                CoordinateBounds(vancouver).including(Coordinate(latitude: 0, longitude: v))
                    == CoordinateBounds(vancouver))
        }
    }

    @Test func includingExtendsTheShorterWay() {
        let b = CoordinateBounds(Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 1, longitude: 175))
        let east = b.including(Coordinate(latitude: 0.5, longitude: -175))  // 10° further east across 180
        #expect(east.west == 170 && east.east == -175 && east.crossesAntimeridian)
        let west = b.including(Coordinate(latitude: 0.5, longitude: 100))
        #expect(west.west == 100 && west.east == 175)
    }

    @Test func includingBoundsAndPath() {
        let path = [vancouver, calgary, Coordinate(latitude: 53.55, longitude: -113.49)]
        let b = CoordinateBounds(path: path)
        #expect(b.south == 49.26 && b.north == 53.55 && b.west == -123.11 && b.east == -113.49)
        let union = CoordinateBounds(vancouver).including(CoordinateBounds(calgary))
        #expect(union == CoordinateBounds(vancouver, calgary))
        #expect(CoordinateBounds.empty.including(path: path) == b)
    }

    @Test func intersects() {
        let a = CoordinateBounds(Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 10, longitude: -170))
        #expect(
            a.intersects(
                CoordinateBounds(Coordinate(latitude: 5, longitude: 179), Coordinate(latitude: 20, longitude: 178))))
        #expect(
            a.intersects(
                CoordinateBounds(Coordinate(latitude: 10, longitude: -170), Coordinate(latitude: 12, longitude: -160))))  // touching corner
        #expect(
            !a.intersects(
                CoordinateBounds(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 10, longitude: 10))))
        #expect(
            !a.intersects(
                CoordinateBounds(Coordinate(latitude: 11, longitude: 175), Coordinate(latitude: 12, longitude: 176))))
    }

    @Test func centerAcrossTheAntimeridian() {
        let b = CoordinateBounds(Coordinate(latitude: -10, longitude: 170), Coordinate(latitude: 20, longitude: -160))
        #expect(b.center == Coordinate(latitude: 5, longitude: -175))
    }

    @Test("property: bounds of a path contain every point of it")
    func pathBoundsContainPath() async {
        let coordinate = zip(Gen.double(in: -90...90), Gen.double(in: -180..<180)).map {
            Coordinate(latitude: $0, longitude: $1)
        }
        await propertyCheck(count: 300, input: coordinate.array(of: 1...8)) { path in
            let b = CoordinateBounds(path: path)
            for c in path { #expect(b.contains(c), "\(b) misses \(c)") }
            #expect((b.longitudeSpan ?? 0) <= 360)
        }
    }
}

/// ``CoordinateBounds/init(around:radius:)``: the bounds of a cap on the sphere.
@Suite struct CircleBoundsTests {
    @Test("property: every point of the circle lies inside, and the bounds touch it north, south, east and west")
    func holdsAndTouches() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: -80...80), Gen.double(in: -180..<180), Gen.double(in: 1...2_000_000)
        ) { lat, lng, r in
            let centre = Coordinate(latitude: lat, longitude: lng)
            let b = try CoordinateBounds(around: centre, radius: r)
            // Caps within a degree of a pole are the pole test's (Geodesy.offset's asin loses
            // digits there, so it cannot judge them to 1e-9°).
            guard b.north! < 89, b.south! > -89 else { return }
            let ring = (0..<7200).map { Geodesy.offset(centre, distance: r, heading: Double($0) / 20) }
            // Inside, to 1e-9° (the ring's points are computed, the bounds exact).
            let grown = CoordinateBounds(
                southWest: Coordinate(latitude: b.south! - 1e-9, longitude: b.west! - 1e-9),
                northEast: Coordinate(latitude: b.north! + 1e-9, longitude: b.east! + 1e-9))
            for p in ring { #expect(grown.contains(p), "\(p) outside \(b) (centre \(centre), r \(r))") }
            // Tight: the ring reaches north and south (within 1e-6°: samples 0.05° of heading apart).
            expectClose(ring.map(\.latitude).max()!, b.north!, within: 1e-6, "north")
            expectClose(ring.map(\.latitude).min()!, b.south!, within: 1e-6, "south")
            // East and west: the circle's widest point, at latitude asin(sin φ / cos(r/R)) (where
            // a meridian touches the circle), lies on the bounds' east edge at distance r.
            let delta = r / Geodesy.earthRadius
            let touch = Coordinate(latitude: asin(sin(lat * .pi / 180) / cos(delta)) * 180 / .pi, longitude: b.east!)
            expectClose(Geodesy.distance(centre, touch) / r, 1, within: 1e-9, "the east edge touches the circle")
            let east = ring.map { Angle.shortestDelta(from: lng, to: $0.longitude) }.max()!
            #expect(east <= b.longitudeSpan! / 2 + 1e-9, "\(east) past half the span \(b.longitudeSpan! / 2)")
        }
    }

    @Test("a cap over a pole holds every longitude; a radius of 0 is the point; bad input is named")
    func edges() throws {
        let polar = try CoordinateBounds(around: Coordinate(latitude: 89, longitude: 10), radius: 200_000)
        #expect(polar.longitudeSpan == 360 && polar.north == 90)
        expectClose(polar.south!, 89 - Angle.degrees(200_000 / Geodesy.earthRadius), within: 1e-12, "south")
        let point = try CoordinateBounds(around: Coordinate(latitude: 60, longitude: 25), radius: 0)
        #expect(
            point.longitudeSpan == 0 && abs(point.south! - 60) < 1e-12 && abs(point.north! - 60) < 1e-12, "\(point)")
        for (radius, name) in [(-1.0, "radius"), (.nan, "radius"), (3e7, "radius")] {
            #expect(throws: InvalidArgument.self) {
                try CoordinateBounds(around: Coordinate(latitude: 0, longitude: 0), radius: radius)
            }
            do { _ = try CoordinateBounds(around: Coordinate(latitude: 0, longitude: 0), radius: radius) } catch {
                #expect(error.parameter == name)
            }
        }
        do { _ = try CoordinateBounds(around: Coordinate(latitude: .nan, longitude: 0), radius: 5) } catch {
            #expect(error.parameter.hasPrefix("center"))
        }
    }

    @Test("a turned view's box: the same size at 0° and 180°, sides swapped at 90°, (w + h)/√2 square at 45°")
    func rotatedBox() {
        let size = ScreenSize(width: 800, height: 600)
        for (degrees, w, h) in [
            (0.0, 800.0, 600.0), (180, 800, 600), (90, 600, 800), (-90, 600, 800),
            (45, 1400 / 2.0.squareRoot(), 1400 / 2.0.squareRoot()),
        ] {
            let box = size.rotated(by: degrees)
            expectClose(box.width, w, within: 1e-9, "width at \(degrees)°")
            expectClose(box.height, h, within: 1e-9, "height at \(degrees)°")
        }
    }
}

/// ``CoordinateBounds/grown(toAtLeast:)``: a minimum extent for fits (math.gl's `minExtent`).
@Suite struct MinimumExtentTests {
    /// Metres north–south and east–west (along the centre's parallel).
    static func extent(_ b: CoordinateBounds) -> (height: Double, width: Double) {
        let perDegree = Geodesy.earthRadius * .pi / 180
        return ((b.north! - b.south!) * perDegree, b.longitudeSpan! * perDegree * cos(b.center!.latitude * .pi / 180))
    }

    @Test("property: the grown bounds hold the bounds, keep their centre, and are at least the extent each way")
    func grows() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: -80...80), Gen.double(in: -180..<180), Gen.double(in: 0...0.05),
            Gen.double(in: 0...0.05), Gen.double(in: 0...50_000)
        ) { lat, lng, dLat, dLng, meters in
            let b = CoordinateBounds(
                southWest: Coordinate(latitude: lat, longitude: lng),
                northEast: Coordinate(latitude: lat + dLat, longitude: lng + dLng))
            let g = try b.grown(toAtLeast: meters)
            #expect(
                g.contains(Coordinate(latitude: b.south!, longitude: b.west!))
                    && g.contains(Coordinate(latitude: b.north!, longitude: b.east!)), "\(g) does not hold \(b)")
            let (h, w) = Self.extent(g)
            #expect(h >= meters * (1 - 1e-9) && w >= meters * (1 - 1e-6), "\(h) × \(w) m for \(meters)")
            // Each side grows only as far as needed: bounds already as large stay as they are.
            let (h0, w0) = Self.extent(b)
            if h0 >= meters { #expect(g.south == b.south && g.north == b.north) }
            if w0 >= meters { #expect(g.west == b.west && g.east == b.east) }
        }
    }

    @Test(
        "a point grows to the extent; near a pole the width is the whole circle; empty stays empty; bad input is named")
    func edges() throws {
        let point = try CoordinateBounds(Coordinate(latitude: 60.17, longitude: 24.94)).grown(toAtLeast: 500)
        let (h, w) = Self.extent(point)
        expectClose(h, 500, within: 1e-6, "height")
        expectClose(w, 500, within: 1e-6, "width")
        let polar = try CoordinateBounds(Coordinate(latitude: 89.9999, longitude: 0)).grown(toAtLeast: 100_000)
        #expect(polar.longitudeSpan == 360 && polar.north == 90)
        #expect(try CoordinateBounds.empty.grown(toAtLeast: 10).isEmpty)
        for bad in [-1.0, .nan, .infinity] {
            do {
                _ = try point.grown(toAtLeast: bad)
                Issue.record("\(bad) accepted")
            } catch { #expect(error.parameter == "minExtent") }
        }
    }
}
