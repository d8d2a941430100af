import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTiles
import Testing

/// Variable anchors and `text-rotate` on two GeoJSON points 40 points apart (zoom 4, 512 × 512,
/// centre 0°, 0°): the first placed (sort key 0) takes its first anchor, the second tries its own.
struct VariableAnchorTests {
    static func labels(_ layout: String) throws -> [PlacedLabel] {
        let json = ##"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
               {"type": "Feature", "properties": {"name": "WWWW", "i": 0}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
               {"type": "Feature", "properties": {"name": "MMMM", "i": 1}, "geometry": {"type": "Point", "coordinates": [3.5, 0]}}]}}},
             "layers": [{"id": "t", "type": "symbol", "source": "p",
               "layout": {"text-field": "{name}", "text-size": 20, "symbol-sort-key": ["get", "i"], \##(layout)}}]}
            """##
        let style = try Style(json: Data(json.utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 512, height: 512))
        return try MapRenderer(style: style).draw(
            view,
            sources: MapSources(style: style, folder: DataFolder(path: FileManager.default.temporaryDirectory.path))
        ).labels
    }

    @Test("a label whose first anchor is taken tries the next: left, then below its point by the radial offset")
    func fallsBack() throws {
        let one = try Self.labels(#""text-anchor": "left""#)
        #expect(one.map(\.text) == ["WWWW"], "the second label collides with the first: \(one.map(\.text))")
        let both = try Self.labels(#""text-variable-anchor": ["left", "top"], "text-radial-offset": 1"#)
        #expect(Set(both.map(\.text)) == ["WWWW", "MMMM"])
        let first = try #require(both.first { $0.text == "WWWW" })
        let second = try #require(both.first { $0.text == "MMMM" })
        // The first sits right of its point (anchor left, 1 em to the right); the second below its
        // point ("top" anchor): 1 em = 20 points less MapLibre's baseline shift (7/24 em), its text
        // moved 2 points further by the padding, so its padded box's top is 14.17 points under it.
        #expect(first.box.left >= first.anchor.x + 16, "\(first)")
        #expect(abs(second.box.top - (second.anchor.y + 20 - 20 * 7 / 24)) <= 0.5, "\(second)")
        #expect(abs((second.box.left + second.box.right) / 2 - second.anchor.x) <= 1)
    }

    @Test("text-variable-anchor-offset wins over the radial offset; its offsets are the anchors' own")
    func anchorOffsets() throws {
        let labels = try Self.labels(
            #""text-variable-anchor-offset": ["bottom", [0, -2]], "text-variable-anchor": ["left"], "text-radial-offset": 5"#
        )
        // Both above their points ("bottom" anchor, 2 ems up less the baseline shift, 7/24 em; the
        // padded box's bottom there), side by side they collide: one shown.
        let label = try #require(labels.first)
        #expect(abs(label.box.bottom - (label.anchor.y - 40 + 20 * 7 / 24)) <= 0.5, "\(label)")
    }

    @Test(
        "three features at one place in one tile are each labelled, at their next free anchors (not merged as a tile's copy)"
    )
    func samePlace() throws {
        let point = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}"#
        let json = #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\#(point), \#(point), \#(point)]}}},
             "layers": [{"id": "t", "type": "symbol", "source": "p", "layout": {"text-field": "x", "text-size": 20,
               "text-variable-anchor": ["center", "left", "right"], "text-radial-offset": 2}}]}
            """#
        let style = try Style(json: Data(json.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 256, height: 256))
        let labels = try MapRenderer(style: style).draw(
            view,
            sources: MapSources(style: style, folder: DataFolder(path: FileManager.default.temporaryDirectory.path))
        ).labels
        // Centre, then right of the point (anchor left), then left of it (anchor right).
        let centres = labels.map { ($0.box.left + $0.box.right) / 2 - 128 }.sorted()
        #expect(centres.count == 3, "\(labels)")
        if centres.count == 3 { #expect(centres[0] < -30 && abs(centres[1]) < 1 && centres[2] > 30, "\(centres)") }
    }

    @Test("text-rotate turns the label about its anchor: 90° makes it tall; the two labels then both fit")
    func rotate() throws {
        let labels = try Self.labels(#""text-rotate": 90"#)
        #expect(labels.count == 2)
        for l in labels { #expect(l.box.bottom - l.box.top > 2 * (l.box.right - l.box.left), "\(l)") }
        #expect(LabelPlacer.matrix(nil, rotate: 360) == nil && LabelPlacer.matrix(nil, rotate: .nan) == nil)
    }
}
