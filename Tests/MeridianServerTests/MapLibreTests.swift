import Foundation
import MeridianServer
import MeridianTestSupport
import Testing

/// MapLibre GL JS 5.3 (from the `maplibre` wheel, a local file) in Debian's headless Chromium,
/// on a page of another origin, loading `/style.json` from a live server: no console error or
/// warning, the map reaches `idle` with labels placed (the glyphs), and its canvas overlays
/// Meridian's own drawing of the same camera (`/staticmap`, one zoom more: Meridian's zooms are
/// of 256-point tiles) within a few pixels.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js") && Browser.available,
                "needs the default data, its MapLibre GL JS, and Debian's chromium + python3-websocket"))
struct MapLibreTests {
    /// A view: MapLibre's camera, Meridian's static map of it, and the colour whose pixels are overlaid.
    struct View: Encodable {
        let name: String, center: [Double], zoom: Double, bearing: Double, pitch: Double, meridian: String, colour: [Int]
        init(_ name: String, lat: Double, lng: Double, zoom: Double, bearing: Double = 0, pitch: Double = 0, colour: [Int]) {
            (self.name, center, self.zoom, self.bearing, self.pitch, self.colour) = (name, [lng, lat], zoom, bearing, pitch, colour)
            meridian = "/staticmap?center=\(lat),\(lng)&zoom=\(zoom + 1)&size=800x600&bearing=\(bearing)&tilt=\(pitch)"
        }
    }
    static let park = [200, 230, 176], water = [168, 205, 232]
    static let views = [
        View("flat", lat: 60.1699, lng: 24.9466, zoom: 15, colour: park),
        View("rotated-pitched", lat: 60.1699, lng: 24.9466, zoom: 15.5, bearing: 30, pitch: 45, colour: park),
        View("world", lat: 40, lng: 20, zoom: 2, colour: water),
    ]

    @Test("MapLibre GL JS draws /style.json with an empty console, labels placed, and the same geometry as Meridian")
    func maplibre() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/maplibre").path
        let views = String(decoding: try JSONEncoder().encode(Self.views), as: UTF8.self)
        let data = try await HeavyClients.shared.run {
            try await withLiveServer { base in try await Browser.run("clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views]) }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(report.count == Self.views.count)
        for view in report {
            let name = view["name"] as? String ?? "?"
            #expect(view["idle"] as? Bool == true, "\(name): never idle")
            #expect((view["messages"] as? [Any])?.isEmpty == true, "\(name): \(view["messages"] ?? "")")
            #expect((view["labels"] as? Int ?? 0) > 5, "\(name): \(view["labels"] ?? 0) labels")
            let compared = try #require(view["compared"] as? [String: Double], "\(name)")
            // The masks overlay best unshifted (±2 px) and mostly agree (MapLibre's buildings stand
            // over some ground under tilt; labels and antialiasing differ).
            #expect(abs(compared["dx"]!) <= 2 && abs(compared["dy"]!) <= 2 && compared["iou"]! >= 0.6, "\(name): \(compared)")
        }
    }
}

/// Leaflet 1.7 (Debian's libjs-leaflet) in headless Chromium, on a page of another origin,
/// showing the raster tiles: every tile loads (CORS, no error), and the tiles side by side
/// overlay Meridian's `/staticmap` of the same view (Leaflet's zooms are Meridian's).
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles") && FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js")
                && Browser.available, "needs the default data, Debian's libjs-leaflet, chromium and python3-websocket"))
struct LeafletTests {
    @Test("Leaflet loads every raster tile from another origin with an empty console, and its view overlays the static map")
    func leaflet() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/leaflet").path
        let view = MapLibreTests.View("z17", lat: 60.1705, lng: 24.9497, zoom: 16, colour: MapLibreTests.park)
        // Leaflet's zoom is Meridian's: the view's MapLibre-convention zoom plus one.
        let views = #"[{"name":"z17","center":[24.9497,60.1705],"zoom":17,"bearing":0,"pitch":0,"meridian":"\#(view.meridian)","colour":[200,230,176]}]"#
        let data = try await HeavyClients.shared.run {
            try await withLiveServer { base in try await Browser.run("clients_cdp.py", ["leaflet", base, "/usr/share/javascript/leaflet", prefix, views]) }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let result = try #require(report.first)
        #expect(result["idle"] as? Bool == true && (result["messages"] as? [Any])?.isEmpty == true, "\(result)")
        let compared = try #require(result["compared"] as? [String: Double])
        #expect(compared["dx"] == 0 && compared["dy"] == 0 && compared["iou"]! >= 0.8, "\(compared)")
    }
}

/// MapLibre Native (`mapli` 0.4.1 in the build folder's venv, made by scripts/clients.sh; Mesa's
/// llvmpipe through EGL, no display) fetching `/style.json`, tiles and glyphs over HTTP from a
/// live server: every view renders without an error and overlays Meridian's `/staticmap`.
enum MapLibreNative {
    static let python = Browser.root.appendingPathComponent(".build/tools/mapli/bin/python").path
    /// Installed, or required (the test command installs it and sets MERIDIAN_REQUIRE_BROWSER=1).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) || ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_BROWSER"] == "1"
    }
}

@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles") && MapLibreNative.available,
                "needs the default data and MapLibre Native (bash scripts/clients.sh)"))
struct MapLibreNativeTests {

    /// The best overlay, within ±`reach` px, of two images' masks of one colour: intersection over union and the shift.
    static func overlay(_ a: [UInt32], _ b: [UInt32], width w: Int, height h: Int, colour: [Int], reach: Int = 4) -> (iou: Double, dx: Int, dy: Int) {
        func mask(_ p: [UInt32]) -> [Bool] {
            p.map { abs(Int($0 >> 16 & 0xFF) - colour[0]) <= 6 && abs(Int($0 >> 8 & 0xFF) - colour[1]) <= 6 && abs(Int($0 & 0xFF) - colour[2]) <= 6 }
        }
        let (ma, mb) = (mask(a), mask(b))
        var best = (iou: -1.0, dx: 0, dy: 0)
        for dy in -reach...reach {
            for dx in -reach...reach {
                var inter = 0, union = 0
                for y in stride(from: 8, to: h - 24, by: 2) {
                    for x in stride(from: 8, to: w - 8, by: 2) {
                        let p = ma[y * w + x], q = mb[(y + dy) * w + x + dx]
                        inter += p && q ? 1 : 0
                        union += p || q ? 1 : 0
                    }
                }
                let iou = union == 0 ? 0 : Double(inter) / Double(union)
                if iou > best.iou { best = (iou, dx, dy) }
            }
        }
        return best
    }

    @Test("MapLibre Native renders /style.json over HTTP without an error, and its flat, pitched and world views overlay Meridian's")
    func native() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-native").path
        let views = String(decoding: try JSONEncoder().encode(MapLibreTests.views), as: UTF8.self)
        try await HeavyClients.shared.run { try await withLiveServer { base in
            let result = try await runProcess(MapLibreNative.python, [Browser.root.appendingPathComponent("Tests/Browser/native_render.py").path, base, prefix, views],
                                              environment: ["EGL_PLATFORM": "surfaceless"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]], "\(result.err.suffix(1500))")
            #expect(report.count == MapLibreTests.views.count)
            for (view, rendered) in zip(MapLibreTests.views, report) {
                #expect(rendered["error"] == nil, "\(view.name): \(rendered["error"] ?? "")")
                guard let shot = rendered["shot"] as? String, let native = decodePNG(Array(try Data(contentsOf: URL(fileURLWithPath: shot)))) else {
                    Issue.record("\(view.name): no image"); continue
                }
                let meridian = try #require(decodePNG(Array(try await get(base + view.meridian).body)))
                #expect(native.width == 800 && native.height == 600 && meridian.width == 800)
                let best = Self.overlay(native.pixels, meridian.pixels, width: 800, height: 600, colour: view.colour)
                #expect(abs(best.dx) <= 2 && abs(best.dy) <= 2 && best.iou >= 0.6, "\(view.name): \(best)")
            }
        } }
    }
}
