import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct CoordinateBoundsTests {
    let vancouver = Coordinate(latitude: 49.26, longitude: -123.11)
    let calgary = Coordinate(latitude: 51.05, longitude: -114.05)

    @Test func twoCornersInEitherOrder() {
        let a = CoordinateBounds(vancouver, calgary), b = CoordinateBounds(calgary, vancouver)
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
        let crossing = CoordinateBounds(southWest: Coordinate(latitude: 0, longitude: 100), northEast: Coordinate(latitude: 10, longitude: -100))
        #expect(crossing.crossesAntimeridian)
        expectClose(crossing.longitudeSpan ?? .nan, 160, within: 1e-12, "span")
        let whole = CoordinateBounds(southWest: Coordinate(latitude: -80, longitude: -180), northEast: Coordinate(latitude: 80, longitude: 180))
        #expect(whole.longitudeSpan == 360 && whole.contains(Coordinate(latitude: 0, longitude: 33)))
        #expect(CoordinateBounds(southWest: Coordinate(latitude: 10, longitude: 0), northEast: Coordinate(latitude: 0, longitude: 1)).isEmpty)
    }

    @Test("property: 360° apart (to 1e-9°) is the whole circle; any other pair is its wrapped longitudes, the span modulo 360°")
    func wholeCircleRule() async {
        // The case: west −185, east 185 is 10° from 175° E across the antimeridian.
        let wide = CoordinateBounds(southWest: Coordinate(latitude: -10, longitude: -185), northEast: Coordinate(latitude: 10, longitude: 185))
        #expect(wide.west == 175 && wide.east == -175 && wide.crossesAntimeridian)
        expectClose(wide.longitudeSpan ?? .nan, 10, within: 1e-12, "span")
        #expect(!wide.contains(Coordinate(latitude: 0, longitude: 0)) && wide.contains(Coordinate(latitude: 0, longitude: 180)))
        await propertyCheck(count: 300, input: Gen.double(in: -540...540), Gen.double(in: 0...720)) { west, width in
            let b = CoordinateBounds(southWest: Coordinate(latitude: -1, longitude: west), northEast: Coordinate(latitude: 1, longitude: west + width))
            let whole = CoordinateBounds(southWest: Coordinate(latitude: -1, longitude: west), northEast: Coordinate(latitude: 1, longitude: west + 360))
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
        for c in [vancouver, calgary, Coordinate(latitude: 49.26, longitude: -114.05), Coordinate(latitude: 51.05, longitude: -123.11)] {
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
            #expect(CoordinateBounds(vancouver).including(Coordinate(latitude: 0, longitude: v)) == CoordinateBounds(vancouver))
        }
    }

    @Test func includingExtendsTheShorterWay() {
        let b = CoordinateBounds(Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 1, longitude: 175))
        let east = b.including(Coordinate(latitude: 0.5, longitude: -175))   // 10° further east across 180
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
        #expect(a.intersects(CoordinateBounds(Coordinate(latitude: 5, longitude: 179), Coordinate(latitude: 20, longitude: 178))))
        #expect(a.intersects(CoordinateBounds(Coordinate(latitude: 10, longitude: -170), Coordinate(latitude: 12, longitude: -160))))  // touching corner
        #expect(!a.intersects(CoordinateBounds(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 10, longitude: 10))))
        #expect(!a.intersects(CoordinateBounds(Coordinate(latitude: 11, longitude: 175), Coordinate(latitude: 12, longitude: 176))))
    }

    @Test func centerAcrossTheAntimeridian() {
        let b = CoordinateBounds(Coordinate(latitude: -10, longitude: 170), Coordinate(latitude: 20, longitude: -160))
        #expect(b.center == Coordinate(latitude: 5, longitude: -175))
    }

    @Test("property: bounds of a path contain every point of it")
    func pathBoundsContainPath() async {
        let coordinate = zip(Gen.double(in: -90...90), Gen.double(in: -180..<180)).map { Coordinate(latitude: $0, longitude: $1) }
        await propertyCheck(count: 300, input: coordinate.array(of: 1...8)) { path in
            let b = CoordinateBounds(path: path)
            for c in path { #expect(b.contains(c), "\(b) misses \(c)") }
            #expect((b.longitudeSpan ?? 0) <= 360)
        }
    }
}
