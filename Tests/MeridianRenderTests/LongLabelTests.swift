import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// A label that grows its shaping super-linearly (issue 49, item 10): one letter and 100,000
/// combining marks took 40 s to draw and escaped the server's deadline. A label is bounded
/// before it is shaped (`TextBounds`), and label placement checks the frame's deadline.
struct LongLabelTests {
    static func style(name: String) -> String {
        #"""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Feature", "properties": {"name": \#(name)},
          "geometry": {"type": "Point", "coordinates": [0, 0]}}}},
         "layers": [{"id": "names", "type": "symbol", "source": "g", "layout": {"text-field": ["get", "name"], "text-allow-overlap": true}}]}
        """#
    }

    static func json(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    @Test("one letter and 100,000 combining marks: drawn as the letter and 30 marks (Unicode's stream-safe limit)")
    func combiningMarks() throws {
        let name = "a" + String(repeating: "\u{301}", count: 100_000)
        let style = try Style(json: Data(Self.style(name: try Self.json(name)).utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 128, height: 128))
        let frame = try renderer.render(view, sources: MapSources(style: style, folder: DataFolder(path: "")))
        let label = try #require(frame.labels.first)
        #expect(label.text.unicodeScalars.count == 1 + TextBounds.maxMarksInARow, "\(label.text.unicodeScalars.count)")
        #expect(label.text.unicodeScalars.dropFirst().allSatisfy { $0 == "\u{301}" })
    }

    @Test("bounds: 1,024 scalars at most, runs of marks cut at 30, real text (Vietnamese, Hindi, Arabic) untouched")
    func bounds() {
        for real in ["Thành phố Hồ Chí Minh", "नई दिल्ली", "القاهرة", "Llanfair\u{301}pwllgwyngyll", "🇫🇮 Suomi"] {
            #expect(TextBounds.bounded(real) == real)
        }
        let long = String(repeating: "Helsinki ", count: 1000)
        #expect(TextBounds.bounded(long).unicodeScalars.count == TextBounds.maxScalars)
        // Two runs of 40 marks, each cut to 30; the letters kept.
        let marks = String(repeating: "\u{323}", count: 40)
        let cut = TextBounds.bounded("a" + marks + "b" + marks)
        #expect(cut.unicodeScalars.count == 2 + 2 * TextBounds.maxMarksInARow)
        #expect(cut.unicodeScalars.filter { $0 == "b" }.count == 1)
    }
}
