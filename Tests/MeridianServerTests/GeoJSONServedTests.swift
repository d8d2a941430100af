import Foundation
@testable import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// A style of GeoJSON sources (a polygon, a line, 300 clustered points from a file, a heatmap)
/// given to `serve`: Meridian draws it in `/staticmap`, and MapLibre GL JS draws the same
/// document from `/style.json` (the file's features inline) the same way: the clusters' circles
/// and the polygon overlay Meridian's, and the heatmap's core is as large and in the same place.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js")
            && Browser.available,
        "needs the default data, its MapLibre GL JS, and Debian's chromium + python3-websocket"))
struct GeoJSONServedTests {
    static let pink = [242, 140, 177], violet = [120, 60, 200]
    static let style = ##"""
        {"version": 8, "name": "geojson", "center": [24.94, 60.17], "zoom": 11,
         "sources": {
          "shapes": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "area"}, "geometry": {"type": "Polygon", "coordinates": [[[24.99, 60.185], [25.03, 60.185], [25.03, 60.2], [24.99, 60.2], [24.99, 60.185]]]}},
            {"type": "Feature", "properties": {"name": "route"}, "geometry": {"type": "LineString", "coordinates": [[24.86, 60.13], [24.9, 60.2], [24.98, 60.21]]}}]}},
          "quakes": {"type": "geojson", "data": "points.geojson", "cluster": true, "clusterRadius": 40, "clusterProperties": {"sum": ["+", ["get", "mag"]]}},
          "heat": {"type": "geojson", "data": {"type": "MultiPoint", "coordinates": [[25.0, 60.14], [25.004, 60.141], [25.008, 60.139], [25.002, 60.143]]}}},
         "layers": [
          {"id": "bg", "type": "background", "paint": {"background-color": "#f4f1ea"}},
          {"id": "heat", "type": "heatmap", "source": "heat", "paint": {"heatmap-radius": 30, "heatmap-intensity": 1}},
          {"id": "area", "type": "fill", "source": "shapes", "filter": ["==", ["geometry-type"], "Polygon"], "paint": {"fill-color": "#783cc8"}},
          {"id": "route", "type": "line", "source": "shapes", "filter": ["==", ["geometry-type"], "LineString"], "paint": {"line-color": "#3050c0", "line-width": 4}},
          {"id": "clusters", "type": "circle", "source": "quakes", "filter": ["has", "point_count"], "paint": {"circle-color": "#f28cb1", "circle-radius": ["step", ["get", "point_count"], 9, 10, 13, 50, 18]}},
          {"id": "single", "type": "circle", "source": "quakes", "filter": ["!", ["has", "point_count"]], "paint": {"circle-color": "#11b4da", "circle-radius": 4}},
          {"id": "counts", "type": "symbol", "source": "quakes", "filter": ["has", "point_count"], "layout": {"text-field": "{point_count_abbreviated}", "text-size": 11}}]}
        """##

    @Test(
        "MapLibre GL JS draws the served GeoJSON style with an empty console: clusters, their numbers and the polygon where Meridian draws them, the heatmap's core alike"
    )
    func maplibreDrawsGeoJSON() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geojson-served-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(geoJSONPoints(300, lat: 60.165, lng: 24.93, spread: 0.06).utf8)
            .write(to: URL(fileURLWithPath: dir + "/points.geojson"))
        try Data(Self.style.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        let style = try Style(file: dir + "/style.json")
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let views = [
            MapLibreTests.View("geojson", lat: 60.17, lng: 24.95, zoom: 11.5, colour: Self.pink),
            MapLibreTests.View("geojson", lat: 60.17, lng: 24.95, zoom: 11.5, colour: Self.violet),
        ]
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-geojson").path
        let json = String(decoding: try JSONEncoder().encode([views[0]]), as: UTF8.self)
        let (data, overlays, meridian) = try await HeavyClients.shared.run {
            try await withLiveServer(style: style) { base in
                let data = try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, json])
                var overlays: [Overlay] = []
                for view in views { overlays.append(try await overlay("\(prefix)-geojson.png", on: view, base: base)) }
                // Meridian's picture beside MapLibre's, to look at.
                let png = try await get(base + views[0].meridian).body
                try png.write(to: URL(fileURLWithPath: "\(prefix)-meridian.png"))
                return (data, overlays, try #require(decodePNG(Array(png))))
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        #expect(report?["idle"] as? Bool == true, "never idle")
        #expect((report?["messages"] as? [Any])?.isEmpty == true, "\(report?["messages"] ?? "")")
        #expect((report?["labels"] as? Int ?? 0) >= 20, "\(report?["labels"] ?? 0) cluster labels")
        for (view, best) in zip(["clusters", "polygon"], overlays) {
            #expect(abs(best.dx) <= 2 && abs(best.dy) <= 2 && best.iou >= 0.6, "\(view): \(best)")
        }
        // The heatmap's core (the ramp's lime, at density about a half): as large, in the same place.
        let client = try #require(decodePNG(Array(try Data(contentsOf: URL(fileURLWithPath: "\(prefix)-geojson.png")))))
        let (a, b) = (Self.core(client.pixels, width: 800), Self.core(meridian.pixels, width: 800))
        let (ca, cb) = (
            try #require(a, "MapLibre drew no heatmap core"), try #require(b, "Meridian drew no heatmap core")
        )
        #expect(abs(ca.x - cb.x) <= 4 && abs(ca.y - cb.y) <= 4, "MapLibre \(ca), Meridian \(cb)")
        #expect(abs(Double(ca.count - cb.count)) <= 0.25 * Double(ca.count), "MapLibre \(ca), Meridian \(cb)")
    }

    /// The centre and number of the pixels of the default ramp's lime (green over 200, red under
    /// 120, blue under 150); nil when there are none.
    static func core(_ pixels: [UInt32], width: Int) -> (x: Double, y: Double, count: Int)? {
        var (sx, sy, n) = (0.0, 0.0, 0)
        for (i, p) in pixels.enumerated() where p >> 8 & 0xFF > 200 && p >> 16 & 0xFF < 120 && p & 0xFF < 150 {
            sx += Double(i % width)
            sy += Double(i / width)
            n += 1
        }
        return n == 0 ? nil : (sx / Double(n), sy / Double(n), n)
    }
}
