import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct AngleTests {
    @Test(
        "SPEC §1: 480, 840 and 1200 wrap to 120; 180 becomes -180",
        arguments: [
            (480.0, 120.0), (840, 120), (1200, 120), (180, -180), (-180, -180), (-181, 179), (540, -180), (-540, -180),
            (0, 0),
        ])
    func longitudeWraps(input: Double, expected: Double) {
        // Exact: the wrap uses remainders of whole degrees here.
        #expect(Angle.wrapLongitude(input) == expected)
    }

    @Test(
        "bearing wraps into [0, 360)",
        arguments: [(-90.0, 270.0), (360, 0), (720, 0), (450, 90), (-720, 0), (359.5, 359.5)])
    func bearingWraps(input: Double, expected: Double) {
        #expect(Angle.wrap360(input) == expected)
    }

    @Test func wrappedLongitudeStaysInRangeAndEquivalent() async {
        await propertyCheck(count: 500, input: Gen.double(in: -1e6...1e6)) { lng in
            let w = Angle.wrapLongitude(lng)
            #expect(w >= -180 && w < 180)
            // Same angle: the difference is a whole number of turns (to rounding of |lng| ≤ 1e6, 1e-9°).
            let turns = (lng - w) / 360
            expectClose(turns, turns.rounded(), within: 1e-9, "turns for \(lng)")
        }
    }

    @Test func nonFiniteAnglesStayNonFinite() {
        for v in nonFiniteValues {
            #expect(!Angle.wrapLongitude(v).isFinite)
            #expect(!Angle.wrap360(v).isFinite)
        }
    }
}

@Suite struct CoordinateTests {
    @Test func validity() {
        #expect(Coordinate(latitude: 90, longitude: 180).isValid)
        #expect(!Coordinate(latitude: 90.0001, longitude: 0).isValid)
        #expect(!Coordinate(latitude: 0, longitude: 180.5).isValid)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isValid)
    }

    @Test func wrappedClampsAndWraps() {
        #expect(Coordinate(latitude: 100, longitude: 480).wrapped == Coordinate(latitude: 90, longitude: 120))
    }

    @Test func validatedNamesTheBadComponent() {
        for v in nonFiniteValues {
            let lng = #expect(throws: InvalidArgument.self) { try Coordinate(latitude: 0, longitude: v).validated("c") }
            #expect(lng?.parameter == "c.longitude" && lng?.problem == .notFinite)
            let lat = #expect(throws: InvalidArgument.self) { try Coordinate(latitude: v, longitude: 0).validated() }
            #expect(lat?.parameter == "coordinate.latitude")
        }
    }
}
