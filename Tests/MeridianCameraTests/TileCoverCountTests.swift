import MeridianCamera
import MeridianGeometry
import PropertyBased
import Testing

/// Counting a cover without making it (issue 23: `tiles cover --counts-only` built the whole
/// cover in memory to count it).
@Suite struct TileCoverCountTests {
    @Test(
        "property: each count is the size of the cover it counts, for bounds, paths, polygons and circles, across the antimeridian too"
    )
    func countsAreSizes() async throws {
        await propertyCheck(
            count: 200, input: Gen.double(in: -70...70), Gen.double(in: -180..<180), Gen.int(in: 0...13),
            Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) { lat, lng, z, a, b, c in
            let step = 360 / Double(1 << z) * 6
            let points = [
                Coordinate(latitude: lat, longitude: lng),
                Coordinate(
                    latitude: min(max(lat + (a - 0.5) * step, -80), 80),
                    longitude: Angle.wrapLongitude(lng + (b + 0.1) * step)),
                Coordinate(
                    latitude: min(max(lat - (c + 0.1) * step, -80), 80),
                    longitude: Angle.wrapLongitude(lng + (a - 0.5) * step)),
            ]
            let bounds = CoordinateBounds(path: points)
            let counts = [
                try TileCover.count(in: bounds, zoom: z), try TileCover.count(alongPath: points, zoom: z),
                try TileCover.count(inPolygon: [points], zoom: z),
            ]
            let covers = [
                try TileCover.tiles(in: bounds, zoom: z), try TileCover.tiles(alongPath: points, zoom: z),
                try TileCover.tiles(inPolygon: [points], zoom: z),
            ]
            #expect(counts == covers.map(\.count))
            let meters = 1_000 + a * 2e6 / Double(1 << (z / 2))
            let circle = try TileCover.count(around: points[0], meters: meters, zoom: z)
            #expect(circle == (try TileCover.tiles(around: points[0], meters: meters, zoom: z)).count)
        }
    }

    @Test("wrapping: bounds past a whole turn, and a path going round the world, count each column once")
    func wrapping() throws {
        let world = CoordinateBounds(
            southWest: Coordinate(latitude: -85, longitude: -180), northEast: Coordinate(latitude: 85, longitude: 180))
        let worldCount = try TileCover.count(in: world, zoom: 3)
        #expect(worldCount == (try TileCover.tiles(in: world, zoom: 3)).count)
        // A path round the equator in steps of 100°: all 8 columns of its row(s) at zoom 3.
        let round = (0...4).map { Coordinate(latitude: 1, longitude: Angle.wrapLongitude(Double($0) * 100)) }
        let roundCount = try TileCover.count(alongPath: round, zoom: 3)
        #expect(roundCount == (try TileCover.tiles(alongPath: round, zoom: 3)).count && roundCount == 8)
    }

    @Test("bounds are counted without the list: the world at zoom 20 is 2^40 tiles, at once")
    func hugeCounts() throws {
        let world = CoordinateBounds(
            southWest: Coordinate(latitude: -85.06, longitude: -180),
            northEast: Coordinate(latitude: 85.06, longitude: 180))
        #expect(try TileCover.count(in: world, zoom: 20, limit: .max) == 1 << 40)
        #expect(try TileCover.count(in: world, zoom: 30, limit: .max) == 1 << 60)
        // The limit holds for counts as for covers.
        do {
            _ = try TileCover.count(in: world, zoom: 20, limit: 1_000)
            Issue.record("a count past the limit was not refused")
        } catch { #expect(error.parameter == "limit") }
        do {
            _ = try TileCover.count(
                alongPath: [Coordinate(latitude: -80, longitude: -170), Coordinate(latitude: 80, longitude: 170)],
                zoom: 30, limit: 1000)
            Issue.record("a world-long segment at zoom 30 was not refused")
        } catch { #expect(error.parameter == "limit") }
        #expect(try TileCover.count(in: .empty, zoom: 4) == 0)
    }
}
