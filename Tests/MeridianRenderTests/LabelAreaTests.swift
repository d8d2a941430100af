import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import MeridianTiles
import Testing

@Suite struct LabelAreaTests {
    @Test(
        "a flat view places labels in its margin too, a tilted one in the view alone (drawn cut at its edges); what is drawn is the view, less the hidden boxes"
    )
    func area() throws {
        let flat = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 60, longitude: 25), zoom: 15),
            size: ScreenSize(width: 400, height: 300))
        let tilted = flat.with(
            camera: try CameraPosition(target: Coordinate(latitude: 60, longitude: 25), zoom: 15, tilt: 30))
        let a = LabelArea(flat, margin: 100, hidden: [LabelArea.Box(300, 280, 400, 300)])
        #expect(a.region == LabelArea.Box(-100, -100, 500, 400) && a.view == LabelArea.Box(0, 0, 400, 300))
        #expect(LabelArea(tilted, margin: 100).region == LabelArea.Box(0, 0, 400, 300))
        #expect(LabelArea(flat, margin: -5).region == LabelArea.Box(0, 0, 400, 300), "a negative margin is none")
        #expect(a.holds(ScreenPoint(x: -99, y: 399)) && !a.holds(ScreenPoint(x: -101, y: 0)))
        // Under tilt, as MapLibre: a placed label crossing the view's edge is drawn, cut.
        #expect(
            LabelArea(tilted, margin: 100).shows(LabelArea.Box(-5, 10, 50, 20))
                && !LabelArea(tilted, margin: 100).shows(LabelArea.Box(-50, 10, 0, 20)))
        #expect(a.shows(LabelArea.Box(10, 10, 50, 20)) && !a.shows(LabelArea.Box(-5, 10, 50, 20)), "wholly inside only")
        #expect(!a.shows(LabelArea.Box(290, 270, 320, 285)), "touching the hidden credit line")
        let edges = LabelArea(flat, margin: 100, acrossEdges: true)
        #expect(
            edges.shows(LabelArea.Box(-5, 10, 50, 20)) && !edges.shows(LabelArea.Box(-50, 10, 0, 20)),
            "crossing the edge, not merely touching it"
        )
    }
}

/// Two views of the same ground agree on every label: panned by any whole number of points, a
/// view draws every label of the first that lies wholly inside it, at the same ground place.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct PannedLabelTests {
    @Test(
        "panned views agree on every label they both show (point labels and street names)",
        arguments: [(15.0, 0.0), (16, 0), (17, 0), (16, 40)])
    func panned(zoom: Double, bearing: Double) throws {
        let sources = MapSources(tilesets: try RenderData.sources())
        let renderer = MapRenderer(attribution: "")
        let size = ScreenSize(width: 800, height: 600)
        let centre = ScreenPoint(x: 400, y: 300)
        let around = try Viewport(
            camera: try CameraPosition(target: RenderData.cathedral, zoom: zoom, bearing: bearing), size: size)
        var compared = 0
        var streets = 0
        var missing: [String] = []
        // Ten views spread around the Cathedral (up to 600 points away), each panned by up to
        // 300 × 200 points, in a scattered but fixed order.
        for i in 0..<10 {
            let from = ScreenPoint(
                x: centre.x + Double((i * 467) % 1200 - 600), y: centre.y + Double((i * 311) % 800 - 400))
            let (dx, dy) = (Double((i * 173) % 600 - 300), Double((i * 89) % 400 - 200))
            let a = around.with(
                camera: try CameraPosition(
                    target: try #require(try around.coordinate(for: from)), zoom: zoom, bearing: bearing))
            let b = a.with(
                camera: try CameraPosition(
                    target: try #require(try a.coordinate(for: ScreenPoint(x: centre.x + dx, y: centre.y + dy))),
                    zoom: zoom, bearing: bearing))
            let (la, lb) = (
                try renderer.render(a, sources: sources).labels, try renderer.render(b, sources: sources).labels
            )
            for label in la
            where label.box.left - dx >= 0 && label.box.top - dy >= 0 && label.box.right - dx <= size.width
                && label.box.bottom - dy <= size.height
            {
                compared += 1
                streets += label.text.hasSuffix("katu") ? 1 : 0
                let there = ScreenPoint(x: label.anchor.x - dx, y: label.anchor.y - dy)
                // Within 0.01 points: the same place, up to the rounding of the two cameras' targets.
                if !lb.contains(where: {
                    $0.text == label.text && abs($0.anchor.x - there.x) < 0.01 && abs($0.anchor.y - there.y) < 0.01
                }) {
                    missing.append(label.text)
                }
            }
        }
        #expect(compared >= 40 && streets >= 5, "\(compared) labels compared, \(streets) street names")
        #expect(missing.isEmpty, "\(missing.count) of \(compared) labels not drawn in the panned view: \(missing)")
    }
}
