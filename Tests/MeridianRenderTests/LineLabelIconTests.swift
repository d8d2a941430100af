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
}
