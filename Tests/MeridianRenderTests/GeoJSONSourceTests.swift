import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// GeoJSON sources in styles: their options, clusters, files, and layers drawn from them
/// (fills, lines, circles, heatmaps).
struct GeoJSONSourceTests {
    @Test(
        "options: defaults, bounds (a warning naming the member, the default kept), no data leaves the source and its layers out"
    )
    func options() throws {
        let o = try #require(try Style.testGeoJSONOptions(#"{"type": "Point", "coordinates": [0, 0]}"#))
        #expect(o.maxzoom == 18 && o.buffer == 128 && o.tolerance == 0.375 && !o.cluster)
        #expect(o.clusterRadius == 50 && o.clusterMaxZoom == 17 && o.clusterMinPoints == 2)
        let json = #"""
            {"version": 8, "sources": {
              "g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}, "buffer": 9999, "cluster": "yes", "maxzoom": 12},
              "none": {"type": "geojson"}},
             "layers": [{"id": "c", "type": "circle", "source": "g"}, {"id": "d", "type": "circle", "source": "none"}]}
            """#
        let style = try Style(json: Data(json.utf8))
        let g = try #require(style.sources["g"]?.geojson)
        #expect(g.buffer == 128 && !g.cluster && g.maxzoom == 12 && g.clusterMaxZoom == 11)
        let text = style.warnings.map(\.description)
        #expect(text.contains { $0.contains("sources.g.buffer") }, "\(text)")
        #expect(text.contains { $0.contains("sources.g.cluster") }, "\(text)")
        #expect(text.contains { $0.contains("sources.none.data") }, "\(text)")
        // The layer on the GeoJSON source needs no source-layer; the one without data is left out.
        #expect(style.layers.map(\.id) == ["c"])
    }

    @Test(
        "clusters: every point counted once at every zoom, clusters no closer than the radius allows, sums aggregated")
    func clusters() throws {
        let options = try #require(
            try Style.testGeoJSONOptions(
                geoJSONPoints(400),
                members:
                    #", "cluster": true, "clusterMaxZoom": 14, "clusterProperties": {"sum": ["+", ["get", "mag"]], "top": [["max", ["accumulated"], ["get", "top"]], ["get", "mag"]], "big": ["any", [">", ["get", "mag"], 4]], "huge": ["any", [">", ["get", "mag"], 9]]}"#
            ))
        let read = try GeoJSONFeatures.read(
            try JSONDecoder().decode(StyleValue.self, from: Data(geoJSONPoints(400).utf8)), source: "p")
        let totalMag = read.features.reduce(0.0) { $0 + ($1.properties["mag"]?.number ?? 0) }
        let maxMag = read.features.compactMap { $0.properties["mag"]?.number }.max() ?? 0
        let clusters = GeoJSONClusters(read.features, options: options)
        for z in 0...14 {
            let items = clusters.features(zoom: z)
            let counted = items.reduce(0) { $0 + Int($1.properties["point_count"]?.number ?? 1) }
            #expect(counted == 400, "zoom \(z): \(counted) points")
            let sum = items.reduce(0.0) {
                $0 + ($1.properties["sum"]?.number ?? $1.properties["mag"]?.number ?? 0)
            }
            #expect(abs(sum - totalMag) < 1e-6, "zoom \(z): sum \(sum) of \(totalMag)")
            let top = items.compactMap { $0.properties["top"]?.number ?? $0.properties["mag"]?.number }.max() ?? 0
            #expect(top == maxMag)
        }
        // At zoom 0 everything within 50 pixels of 512 is one cluster: the scatter is 0.1° wide.
        let world = clusters.features(zoom: 0)
        #expect(world.count == 1 && world[0].properties["cluster"] == .bool(true))
        #expect(world[0].properties["point_count_abbreviated"] == .string("400"))
        // A boolean aggregate (`accumulated` is any value, as MapLibre's): true when any point's is.
        let anyBig = read.features.contains { ($0.properties["mag"]?.number ?? 0) > 4 }
        #expect(world[0].properties["big"] == .bool(anyBig), "\(String(describing: world[0].properties["big"]))")
        #expect(world[0].properties["huge"] == .bool(false), "\(String(describing: world[0].properties["huge"]))")
        // At zoom 14 (50 px ≈ 0.0043° of longitude) most points stand alone.
        #expect(clusters.features(zoom: 14).count > 200)
        #expect(GeoJSONClusters.abbreviated(1_234) == "1.2k" && GeoJSONClusters.abbreviated(15_600) == "16k")
        #expect(GeoJSONClusters.abbreviated(2_000) == "2k" && GeoJSONClusters.abbreviated(999) == "999")
    }

    @Test("a source's file is read relative to the style's folder; on HTTP or missing it is named, not fatal")
    func files() throws {
        let dir = temporaryPath("geojson-files")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(geoJSONPoints(10).utf8).write(to: URL(fileURLWithPath: dir + "/p.geojson"))
        let json = #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": "p.geojson"},
              "web": {"type": "geojson", "data": "https://example.org/x.geojson"},
              "gone": {"type": "geojson", "data": "nowhere.geojson"}},
             "layers": [{"id": "c", "type": "circle", "source": "p"}]}
            """#
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        let style = try Style(file: dir + "/style.json")
        let sources = try MapSources(style: style, folder: DataFolder(path: dir))
        let p = try #require(sources.sources["p"]?.tilesets.first as? GeoJSONTileset)
        #expect(try p.vectorTile(TileID(z: 0, x: 0, y: 0))?.layers[0].features.count == 10)
        #expect(sources.missing.count == 2)
        #expect(sources.missing.contains { $0.hasPrefix("source web:") && $0.contains("HTTP") }, "\(sources.missing)")
        #expect(sources.missing.contains { $0.hasPrefix("source gone:") }, "\(sources.missing)")
        // A file that is there but not GeoJSON is an error naming the source.
        try Data("{oops".utf8).write(to: URL(fileURLWithPath: dir + "/p.geojson"))
        #expect(throws: TileError.self) { try MapSources(style: style, folder: DataFolder(path: dir)) }
    }

    @Test(
        "fills, lines and circles of a GeoJSON source draw where their features are; a heatmap is hot at its points and clear far away"
    )
    func drawn() throws {
        let dir = temporaryPath("geojson-drawn")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let json = #"""
            {"version": 8, "sources": {
              "s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-40, -20], [-10, -20], [-10, 20], [-40, 20], [-40, -20]]]}},
                {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[10, -30], [40, -30]]}},
                {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [25, 30]}}]}},
              "h": {"type": "geojson", "data": {"type": "MultiPoint", "coordinates": [[25, 0], [25.5, 0], [26, 0.5]]}}},
             "layers": [
              {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "f", "type": "fill", "source": "s", "filter": ["==", ["geometry-type"], "Polygon"], "paint": {"fill-color": "#ff0000"}},
              {"id": "l", "type": "line", "source": "s", "filter": ["==", ["geometry-type"], "LineString"], "paint": {"line-color": "#0000ff", "line-width": 6}},
              {"id": "c", "type": "circle", "source": "s", "filter": ["==", ["geometry-type"], "Point"], "paint": {"circle-color": "#00ff00", "circle-radius": 8}},
              {"id": "heat", "type": "heatmap", "source": "h", "paint": {"heatmap-radius": 20, "heatmap-intensity": 2}}]}
            """#
        let image = try renderStyle(json, folder: dir, zoom: 2)
        func pixel(lat: Double, lng: Double) -> UInt32 {
            let view = try! Viewport(
                camera: try! CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 2),
                size: ScreenSize(width: 512, height: 512))
            let s = (try? view.point(for: Coordinate(latitude: lat, longitude: lng))) ?? ScreenPoint(x: 0, y: 0)
            return image.pixels[Int(s.y) * image.width + Int(s.x)] & 0xFF_FFFF
        }
        #expect(pixel(lat: 0, lng: -25) == 0xFF0000)  // inside the polygon
        #expect(pixel(lat: -30, lng: 25) == 0x0000FF)  // on the line
        #expect(pixel(lat: 30, lng: 25) == 0x00FF00)  // the circle
        #expect(pixel(lat: 0, lng: -50) == 0xFFFFFF)  // outside every feature
        // The heatmap: at its points the ramp's hot end (red, more red than blue), white far away.
        let hot = pixel(lat: 0.2, lng: 25.5)
        #expect(hot >> 16 & 0xFF > 200 && hot & 0xFF < 100, "\(String(hot, radix: 16))")
        #expect(pixel(lat: 0, lng: 45) == 0xFFFFFF)
    }

    @Test(
        "a heatmap of a polygon heats every corner, its first twice (MapLibre reads the ring closed), however the ring is wound"
    )
    func heatmapOfPolygon() throws {
        let dir = temporaryPath("geojson-heat-polygon")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 512, height: 512))
        // Wound both ways: Meridian turns one of them round to the vector tile's winding. The
        // ramp is black over transparent, so darkness grows with density (one kernel: 0.12).
        for ring in [
            "[[-5, -5], [5, -5], [5, 5], [-5, 5], [-5, -5]]", "[[-5, -5], [-5, 5], [5, 5], [5, -5], [-5, -5]]",
        ] {
            let json = #"""
                {"version": 8, "sources": {"h": {"type": "geojson", "data": {"type": "Polygon", "coordinates": [\#(ring)]}}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                            {"id": "heat", "type": "heatmap", "source": "h", "paint": {"heatmap-radius": 30, "heatmap-intensity": 0.3,
                             "heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "rgba(0,0,0,0)", 1, "#000000"]}}]}
                """#
            let image = try renderStyle(json, folder: dir, zoom: 4)
            func grey(_ lat: Double, _ lng: Double) throws -> Int {
                let s = try #require(try view.point(for: Coordinate(latitude: lat, longitude: lng)))
                return Int(image.pixels[Int(s.y) * image.width + Int(s.x)] & 0xFF)
            }
            let first = try grey(-5, -5)
            let others = try [grey(-5, 5), grey(5, 5), grey(5, -5)]
            // Every corner heated, the first twice as much (a kernel alone: about 224 of 255;
            // two: about 194); the middle of the polygon, far from every corner, is not.
            #expect(others.allSatisfy { (205...240).contains($0) }, "\(others)")
            #expect((180...205).contains(first), "first corner \(first)")
            #expect(try grey(0, 0) == 255)
        }
    }
}
