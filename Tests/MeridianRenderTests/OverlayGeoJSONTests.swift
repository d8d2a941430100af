import Foundation
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianTestSupport
import MeridianText
import Testing

@Suite struct OverlayGeoJSONTests {
    static var landmarks: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("examples/landmarks.geojson")
    }

    @Test("the landmarks example: six titled markers at their positions and one polyline through them, in its stroke")
    func landmarks() throws {
        let overlays = try OverlayGeoJSON.overlays(from: try Data(contentsOf: Self.landmarks))
        let markers = overlays.compactMap { if case let .marker(m) = $0 { m } else { nil } }
        #expect(markers.count == 6 && markers[0].title == "Helsinki Cathedral")
        expectClose(markers[0].position.latitude, 60.170378, within: 1e-12)
        expectClose(markers[0].position.longitude, 24.952176, within: 1e-12)
        guard case let .polyline(line)? = overlays.last else {
            Issue.record("no polyline")
            return
        }
        #expect(line.path.count == 6 && line.width == 4 && line.path[2] == markers[2].position)
        expectClose(line.color.blue, Double(0xE8) / 255, within: 1e-12)
    }

    @Test("every geometry type; a point with a radius is a circle; polygons keep their holes; opacity applies")
    func geometries() throws {
        let json = #"""
            { "type": "FeatureCollection", "features": [
              { "type": "Feature", "properties": { "radius": 120, "fill": "#ff0000", "fill-opacity": 0.5 }, "geometry": { "type": "Point", "coordinates": [10, 20] } },
              { "type": "Feature", "properties": null, "geometry": { "type": "MultiPoint", "coordinates": [[1, 2], [3, 4]] } },
              { "type": "Feature", "properties": {}, "geometry": { "type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]] } },
              { "type": "Feature", "properties": {}, "geometry": { "type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]] } },
              { "type": "Feature", "properties": {}, "geometry": null } ] }
            """#
        let overlays = try OverlayGeoJSON.overlays(from: Data(json.utf8))
        #expect(overlays.count == 6)
        guard case let .circle(c) = overlays[0], case let .polygon(p) = overlays[5] else {
            Issue.record("wrong kinds \(overlays)")
            return
        }
        #expect(
            c.radius == 120 && c.fillColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5)
                && c.center == Coordinate(latitude: 20, longitude: 10))
        #expect(p.outer.count == 4 && p.holes.count == 1)
        // A circle's coordinates reach its radius in the four directions.
        for corner in overlays[0].coordinates { expectClose(Geodesy.distance(c.center, corner), 120, within: 1e-6) }
    }

    @Test(
        "bad documents are typed errors naming the feature and member",
        arguments: [
            ("{", "not valid JSON"),
            (#"{ "type": "FeatureCollection" }"#, "features array"),
            (
                #"{ "type": "Feature", "geometry": { "type": "Circle", "coordinates": [0, 0] } }"#,
                "\"Circle\" is not a GeoJSON geometry type"
            ),
            (#"{ "type": "Point", "coordinates": [0, 91] }"#, "|latitude| ≤ 90"),
            (#"{ "type": "LineString", "coordinates": [[0, 0], ["a", 1]] }"#, "not a position"),
            (
                #"{ "type": "FeatureCollection", "features": [{ "type": "Feature", "properties": { "stroke": "bluish" }, "geometry": { "type": "Point", "coordinates": [0, 0] } }] }"#,
                "features[0].geometry: stroke"
            ),
            (
                #"{ "type": "Feature", "properties": { "stroke-width": -2 }, "geometry": { "type": "LineString", "coordinates": [] } }"#,
                "stroke-width"
            ),
        ])
    func bad(json: String, mentions: String) {
        #expect { try OverlayGeoJSON.overlays(from: Data(json.utf8)) } throws: { error in
            (error as? OverlayGeoJSONError)?.description.contains(mentions) == true
        }
    }
}
