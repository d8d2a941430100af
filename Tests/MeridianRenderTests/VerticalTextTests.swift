import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `text-writing-mode` for point labels: a Japanese name written top to bottom where the layer
/// lists `vertical` first, a Latin name left as it is, and the horizontal default (boxes in
/// points, within the padding's 2 points and the faces' own metrics).
struct VerticalTextTests {
    static func box(_ name: String, modes: String?) throws -> (width: Double, height: Double) {
        let mode = modes.map { #", "text-writing-mode": \#($0)"# } ?? ""
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Feature", "properties": {"name": "\##(name)"}, "geometry": {"type": "Point", "coordinates": [0, 0]}}}},
                 "layers": [{"id": "n", "type": "symbol", "source": "g",
                             "layout": {"text-field": "{name}", "text-size": 20 \##(mode)}}]}
                """##.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 256, height: 256))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let frame = try renderer.render(
            view, sources: MapSources(style: style, folder: DataFolder(path: NSTemporaryDirectory())))
        let label = try #require(frame.labels.first)
        return (label.box.right - label.box.left, label.box.bottom - label.box.top)
    }

    @Test("東京駅 vertical: three ems tall and one wide; horizontal: the other way; Latin stays across")
    func japanese() throws {
        let vertical = try Self.box("東京駅", modes: #"["vertical", "horizontal"]"#)
        #expect(vertical.height > 2.5 * 20 && vertical.width < 1.5 * 20, "\(vertical)")
        let horizontal = try Self.box("東京駅", modes: #"["horizontal", "vertical"]"#)
        #expect(horizontal.width > 2.5 * 20 && horizontal.height < 1.5 * 20 + 4, "\(horizontal)")
        #expect(try Self.box("東京駅", modes: nil) == horizontal)
        let latin = try Self.box("Tokyo", modes: #"["vertical"]"#)
        #expect(latin.width > latin.height, "\(latin)")
    }

    @Test("which characters stand upright in vertical writing")
    func upright() {
        #expect(VerticalText.applies(["vertical"], to: "ソウル서울"))
        #expect(!VerticalText.applies(["vertical"], to: "Seoul 2"))
        #expect(!VerticalText.applies(["horizontal", "vertical"], to: "東京"))
        #expect(VerticalText.stacked("東京 駅") == "東\n京\n駅")
    }
}
