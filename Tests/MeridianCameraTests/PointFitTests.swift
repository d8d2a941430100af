import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import PropertyBased
import Testing

@Suite struct PointFitTests {
    let size = Sample.size
    let full = (l: 0.0, t: 0.0, r: 1024.0, b: 768.0)

    @Test("property: a point fit at any bearing and tilt holds every point, while 1e-3 zoom more fits no nearby target")
    func pointsExact() async {
        await propertyCheck(
            count: 60, input: Gen.double(in: -60...60), Gens.longitude, Gen.double(in: 1e-3...0.4),
            Gens.bearing, Gen.double(in: 0...65), Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) { lat, lng, extent, bearing, tilt, u, v in
            // Five points on a slanted, uneven path (not a rectangle).
            let points = (0..<5).map { i -> Coordinate in
                let t = Double(i) / 4
                return Coordinate(
                    latitude: lat + extent * t * (0.3 + u), longitude: lng + extent * (t * t - 0.5 * v * t))
            }
            guard let camera = try CameraFit.camera(fittingPoints: points, size: size, bearing: bearing, tilt: tilt)
            else {
                Issue.record("nil fit")
                return
            }
            let view = try Viewport(camera: camera, size: size)
            #expect(spill(points, view, rect: full) <= 1e-6, "a point spills out")
            // An independent search: 1e-3 zoom more, no target within ±12 pt (1 pt steps) holds all points.
            let fits = anyTargetFits(points, view, zoom: camera.zoom + 1e-3, rect: full)
            #expect(!fits, "slack left at zoom \(camera.zoom)")
        }
    }

    @Test("a diagonal path fits closer than its bounding box; its four box corners give the bounds fit")
    func closerThanBounds() throws {
        let path = [
            Coordinate(latitude: 60.15, longitude: 24.90), Coordinate(latitude: 60.17, longitude: 24.95),
            Coordinate(latitude: 60.19, longitude: 25.00),
        ]
        let bounds = CoordinateBounds(path: path)
        // At bearing 322° the path runs across the screen: its box's other corners stick out.
        let byBounds = try #require(try CameraFit.camera(fitting: bounds, size: size, bearing: 322))
        let byPoints = try #require(try CameraFit.camera(fittingPoints: path, size: size, bearing: 322))
        #expect(byPoints.zoom > byBounds.zoom + 0.1)
        let corners = [
            Coordinate(latitude: 60.15, longitude: 24.90), Coordinate(latitude: 60.15, longitude: 25.00),
            Coordinate(latitude: 60.19, longitude: 25.00), Coordinate(latitude: 60.19, longitude: 24.90),
        ]
        let byCorners = try #require(try CameraFit.camera(fittingPoints: corners, size: size, bearing: 322))
        #expect(abs(byCorners.zoom - byBounds.zoom) < 1e-9)
        expectClose(byCorners.target, byBounds.target, within: 1e-9, "same target")
    }

    @Test(
        "points across the antimeridian fit across it; one point gives the maximum zoom; none gives nil; NaN is named")
    func edgeCases() throws {
        let fiji = [Coordinate(latitude: -17, longitude: 178.5), Coordinate(latitude: -16, longitude: -179.5)]
        let camera = try #require(try CameraFit.camera(fittingPoints: fiji, size: size))
        #expect(camera.zoom > 7 && abs(Angle.shortestDelta(from: camera.target.longitude, to: 179.5)) < 0.01)
        #expect(try CameraFit.camera(fittingPoints: [Sample.helsinki], size: size, zoomRange: .mapDefault)?.zoom == 21)
        #expect(try CameraFit.camera(fittingPoints: [], size: size) == nil)
        do {
            _ = try CameraFit.camera(
                fittingPoints: [Sample.helsinki, Coordinate(latitude: .nan, longitude: 0)], size: size)
            Issue.record("NaN accepted")
        } catch { #expect(error.parameter.hasPrefix("point 1")) }
    }
}
