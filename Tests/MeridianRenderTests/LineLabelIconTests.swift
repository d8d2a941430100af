import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// Icons beside names along lines (``LineLabelIcons``): Helsinki's street names with the generated
/// sheet's red square stretched over each (`icon-text-fit: both`), as the highway shields of the
/// OpenMapTiles styles.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct LineLabelIconTests {
    static func frame(_ icon: String) throws -> (DecodedImage, MapRenderer.Frame) {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sprite": "\##(SpriteIconTests.folder)/sheet",
                 "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name",
                   "layout": {"symbol-placement": "line", "text-field": "{name}", "text-size": 12,
                              "text-rotation-alignment": "viewport" \##(icon)},
                   "paint": {"text-color": "#000000"}}]}
                """##.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 60.1699, longitude: 24.9410), zoom: 16),
            size: ScreenSize(width: 512, height: 384))
        let frame = try renderer.render(
            view, sources: MapSources(style: style, folder: DataFolder(path: TestData.directory)))
        return (try #require(decodePNG(frame.png)), frame)
    }

    @Test("each name placed with its icon has the icon stretched over its text; without an icon, no red")
    func shields() throws {
        let (plain, plainFrame) = try Self.frame("")
        #expect(!plain.pixels.contains { $0 & 0xFF_FFFF == 0xFF0000 })
        let (image, frame) = try Self.frame(#", "icon-image": "square", "icon-text-fit": "both""#)
        // Features without a name show the icon alone (10 × 10 points and its padding), as MapLibre
        // shows them.
        let named = frame.labels.filter { !$0.text.isEmpty }
        #expect(named.count >= 3, "\(named.map(\.text))")
        #expect(frame.labels.contains { $0.text.isEmpty && $0.box.right - $0.box.left < 16 })
        // Many of the names shown without icons are shown with them (the icons collide too).
        #expect(named.count * 3 >= plainFrame.labels.count, "\(named.count) of \(plainFrame.labels.count)")
        for label in named {
            let (l, t, r, b) = (label.box.left, label.box.top, label.box.right, label.box.bottom)
            var red = 0
            for y in max(0, Int(t))..<min(384, Int(b)) {
                for x in max(0, Int(l))..<min(512, Int(r)) where image.pixels[y * 512 + x] & 0xFF_FFFF == 0xFF0000 {
                    red += 1
                }
            }
            // The square stretched over the text: a quarter of the box's part in the image (its
            // padding and the black text's glyphs aside; a label may cross the image's edge, cut
            // by it as MapLibre draws it) is red; an unstretched square would be 100 pixels.
            let area = (min(512, r) - max(0, l)) * (min(384, b) - max(0, t))
            #expect(Double(red) > 0.25 * area && (red > 200 || area < 800), "\(label.text): \(red) red of \(Int(area))")
        }
    }
}

/// The lines `symbol-placement: line` follows in a feature, as MapLibre anchors them.
@Suite struct PlacementLinesTests {
    @Test("a polygon's rings are closed lines; a line's parts are its own; a point follows none")
    func lines() {
        let ring = [VectorTile.Point(x: 0, y: 0), VectorTile.Point(x: 10, y: 0), VectorTile.Point(x: 10, y: 10)]
        func feature(_ type: VectorTile.GeometryType) -> StyledFeature {
            StyledFeature(
                tile: TileID(z: 0, x: 0, y: 0), extent: 4096,
                feature: VectorTile.Feature(type: type, geometry: [ring]), properties: [:])
        }
        #expect(feature(.polygon).placementLines == [ring + [ring[0]]])
        #expect(feature(.lineString).placementLines == [ring])
        #expect(feature(.point).placementLines.isEmpty && !feature(.point).followsLines)
    }

    @Test(
        "point placement: every point of a multipoint, each line part's first vertex inside the tile, a polygon's centroid"
    )
    func points() {
        let p = { (x: Int32, y: Int32) in VectorTile.Point(x: x, y: y) }
        let multi = VectorTile.Feature(type: .point, geometry: [[p(1, 2)], [p(3, 4)]])
        #expect(LabelPlacer.labelPoints(multi, extent: 4096) == [p(1, 2), p(3, 4)])
        // The second part starts in the buffer, where the tile's clip cut it: no label there.
        let line = VectorTile.Feature(type: .lineString, geometry: [[p(10, 10), p(20, 20)], [p(-64, 5), p(30, 5)]])
        #expect(LabelPlacer.labelPoints(line, extent: 4096) == [p(10, 10)])
        let square = VectorTile.Feature(type: .polygon, geometry: [[p(0, 0), p(30, 0), p(30, 30), p(0, 30)]])
        #expect(LabelPlacer.labelPoints(square, extent: 4096) == [p(15, 15)])
    }

    @Test("line-center: one anchor at the middle of the line's length, none where the label cannot turn its corner")
    func center() throws {
        var rules = LineAnchors(
            extent: 4096, unitsPerPoint: 8, overscaling: 1, spacing: 250, length: 10, textMaxSize: 24,
            maxAngle: 10 * .pi / 180)
        rules.centered = true
        // 300 units then 100 more: the middle, 200 along, is two thirds into the first segment.
        let anchors = rules.anchors([(0, 100), (300, 100), (400, 100)])
        let first = try #require(anchors.first)
        #expect(anchors.count == 1 && first.index == 0 && abs(first.t - 2.0 / 3) < 1e-12)
        // A right angle at the middle: a 10-point label there turns 90° within 3/5 em.
        #expect(rules.anchors([(0, 100), (200, 100), (200, 300)]).isEmpty)
    }
}
