import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// `fill-extrusion-rounded-corner-distance`: a 100 m square's corners cut back 10 m along each
/// edge and curved (areas within 0.5 %), the clamp at half an edge, and Helsinki's buildings.
struct RoundedCornersTests {
    /// A square `side` metres wide at 60° N, normalised world points, clockwise on the map.
    static func square(_ side: Double) -> [MercatorPoint] {
        let centre = WebMercator.project(Coordinate(latitude: 60, longitude: 25))
        let half = side / 2 / (WebMercator.metersPerPoint(latitude: 60, zoom: 0) * 256)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map {
            MercatorPoint(x: centre.x + $0.0 * half, y: centre.y + $0.1 * half)
        }
    }

    static func area(_ ring: [MercatorPoint]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let (a, b) = (ring[i], ring[(i + 1) % ring.count])
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    @Test("each corner becomes a curve from 10 m before it to 10 m after; the area loses d²/6 a corner")
    func square() {
        let ring = Self.square(100)
        let rounded = RoundedCorners.rounded(ring, metres: 10)
        #expect(rounded.count == 4 * (RoundedCorners.steps + 1))
        // The curve ends on the edges, a tenth of the side from the corner.
        let side = ring[1].x - ring[0].x
        // Corner 0's curve runs from its edge with the last corner to its edge with the next (within
        // 1e-4 of the side: metres are converted at the first corner's latitude).
        let (first, last) = (rounded[0], rounded[RoundedCorners.steps])
        #expect(abs(first.x - ring[0].x) < 1e-4 * side && abs(first.y - (ring[0].y + side / 10)) < 1e-4 * side)
        #expect(abs(last.x - (ring[0].x + side / 10)) < 1e-4 * side && abs(last.y - ring[0].y) < 1e-4 * side)
        let expected = side * side * (1 - 4 * 0.01 / 6)
        #expect(abs(Self.area(rounded) - expected) < 0.005 * expected, "\(Self.area(rounded) / (side * side))")
        // Too long for the edges: clamped at half of each, the curve through the edges' middles
        // (within 2 %: six chords lie inside the curve).
        let clamped = RoundedCorners.rounded(Self.square(10), metres: 20)
        let small = Self.square(10)
        let s = small[1].x - small[0].x
        #expect(abs(Self.area(clamped) - s * s * (1 - 4 * 0.25 / 6)) < 0.02 * s * s)
        // Nothing to do: 0, not finite, a line.
        #expect(RoundedCorners.rounded(ring, metres: 0) == ring)
        #expect(RoundedCorners.rounded(ring, metres: .nan) == ring)
        #expect(RoundedCorners.rounded(Array(ring.prefix(2)), metres: 5).count == 2)
    }

    @Test(
        "Helsinki's buildings from above at z18: rounded corners cover a little less ground",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func helsinki() throws {
        func dark(_ layout: String) throws -> Int {
            let image = try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building",
                   "layout": {\##(layout)}, "paint": {"fill-extrusion-color": "#000000", "fill-extrusion-height": 20}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9410), zoom: 18,
                size: ScreenSize(width: 512, height: 384))
            return image.pixels.filter { $0 >> 8 & 0xFF < 128 }.count
        }
        let (sharp, rounded) = (try dark(""), try dark(#""fill-extrusion-rounded-corner-distance": 4"#))
        #expect(sharp > 40_000, "buildings in the view: \(sharp)")
        #expect(rounded < sharp && rounded > sharp * 95 / 100, "sharp \(sharp), rounded \(rounded)")
    }
}
