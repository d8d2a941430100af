import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// `fill-sort-key` and `line-sort-key`: a tile's features drawn from the lowest key up (ties in
/// the data's order), as MapLibre sorts them; on generated GeoJSON (zoom 4, 512 × 512 at 0°, 0°)
/// and on Helsinki's roads.
struct SortKeyTests {
    /// Two features that overlap at the view's centre: feature 0 red, feature 1 blue.
    static func draw(_ kind: String, _ geometries: [String], layout: String) throws -> DecodedImage {
        let features = geometries.enumerated().map { i, g in
            #"{"type": "Feature", "properties": {"i": \#(i)}, "geometry": \#(g)}"#
        }
        let paint =
            kind == "fill"
            ? ##"{"fill-color": ["case", ["==", ["get", "i"], 0], "#ff0000", "#0000ff"]}"##
            : ##"{"line-width": 12, "line-color": ["case", ["==", ["get", "i"], 0], "#ff0000", "#0000ff"]}"##
        let json = ##"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\##(features.joined(separator: ","))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "x", "type": "\##(kind)", "source": "g", "paint": \##(paint), "layout": \##(layout)}]}
            """##
        return try renderStyle(json, folder: FileManager.default.temporaryDirectory.path, zoom: 4)
    }

    static func centre(_ image: DecodedImage) -> UInt32 { image.pixels[256 * image.width + 256] & 0xFF_FFFF }

    static let squares = [
        #"{"type": "Polygon", "coordinates": [[[-2, -2], [2, -2], [2, 2], [-2, 2], [-2, -2]]]}"#,
        #"{"type": "Polygon", "coordinates": [[[-1, -1], [3, -1], [3, 3], [-1, 3], [-1, -1]]]}"#,
    ]
    static let crossing = [
        #"{"type": "LineString", "coordinates": [[-3, 0], [3, 0]]}"#,
        #"{"type": "LineString", "coordinates": [[0, -3], [0, 3]]}"#,
    ]

    @Test("fills: without a key the later feature lies on top; a key puts the higher one on top, ties in data order")
    func fills() throws {
        #expect(Self.centre(try Self.draw("fill", Self.squares, layout: "{}")) == 0x0000FF)
        let reversed = try Self.draw("fill", Self.squares, layout: #"{"fill-sort-key": ["-", 0, ["get", "i"]]}"#)
        #expect(Self.centre(reversed) == 0xFF0000)
        // Equal keys keep the data's order; a key that is not a number counts as 0.
        #expect(Self.centre(try Self.draw("fill", Self.squares, layout: #"{"fill-sort-key": 5}"#)) == 0x0000FF)
        let nan = try Self.draw(
            "fill", Self.squares, layout: #"{"fill-sort-key": ["case", ["==", ["get", "i"], 0], 1, ["get", "none"]]}"#)
        #expect(Self.centre(nan) == 0xFF0000, "feature 0's key 1 is above feature 1's missing key (0)")
    }

    @Test("lines: a crossing is drawn by key, from the lowest")
    func lines() throws {
        #expect(Self.centre(try Self.draw("line", Self.crossing, layout: "{}")) == 0x0000FF)
        let reversed = try Self.draw("line", Self.crossing, layout: #"{"line-sort-key": ["-", 0, ["get", "i"]]}"#)
        #expect(Self.centre(reversed) == 0xFF0000)
    }

    @Test(
        "Helsinki's roads: primary roads keyed on top show; keyed below, the minor ways and tram lines on them cover them",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func realRoads() throws {
        func image(_ primaryKey: Int) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                   "layout": {"line-sort-key": ["match", ["get", "class"], ["primary", "trunk"], \##(primaryKey), 0]},
                   "paint": {"line-width": 9, "line-color": ["match", ["get", "class"], ["primary", "trunk"], "#ff0000", "#0000ff"]}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 15,
                size: ScreenSize(width: 512, height: 384))
        }
        func red(_ image: DecodedImage) -> Int { image.pixels.filter { $0 & 0xFF_FFFF == 0xFF0000 }.count }
        let (above, below) = (try image(1), try image(-1))
        // Keyed below, what runs along and across them (tram lines on Mannerheimintie, crossings)
        // is drawn over them, whatever the data's order.
        #expect(red(above) > 3000, "the primary roads are in the view: \(red(above)) red pixels")
        #expect(red(below) * 4 < red(above), "red pixels above \(red(above)), below \(red(below))")
    }
}
