import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
@testable import MeridianServer
import MeridianServing
import MeridianServingFixtures
import MeridianTestSupport
import MeridianTiles
import Testing

/// MapLibre GL JS 5.3 (from the `maplibre` wheel, a local file) in Debian's headless Chromium,
/// on a page of another origin, loading `/style.json` from a live server: no console error or
/// warning, the map reaches `idle` with labels placed (the glyphs), and its canvas overlays
/// Meridian's own drawing of the same camera (`/staticmap`, one zoom more: Meridian's zooms are
/// of 256-point tiles) within a few pixels.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js")
            && Browser.available,
        "needs the default data, its MapLibre GL JS, and Debian's chromium + python3-websocket"))
struct MapLibreTests {
    /// A view: MapLibre's camera, Meridian's static map of it, and the colour whose pixels are overlaid.
    struct View: Encodable {
        let name: String, center: [Double], zoom: Double, bearing: Double, pitch: Double, meridian: String,
            colour: [Int]
        /// Whether the driver measures the labels' halos in this view (clients_cdp.py).
        let halos: Bool
        /// How the style names its sources: "tiles" (as served) or "url" (each by its TileJSON).
        let form: String
        init(
            _ name: String, lat: Double, lng: Double, zoom: Double, bearing: Double = 0, pitch: Double = 0,
            colour: [Int], halos: Bool = false,
            form: String = "tiles"
        ) {
            (self.name, center, self.zoom, self.bearing, self.pitch, self.colour, self.halos, self.form) = (
                name, [lng, lat], zoom, bearing, pitch, colour, halos, form
            )
            meridian = "/staticmap?center=\(lat),\(lng)&zoom=\(zoom + 1)&size=800x600&bearing=\(bearing)&tilt=\(pitch)"
        }
    }
    static let park = [200, 230, 176], water = [168, 205, 232]
    static let views = [
        View("flat", lat: 60.1699, lng: 24.9466, zoom: 15, colour: park, halos: true),
        View("rotated-pitched", lat: 60.1699, lng: 24.9466, zoom: 15.5, bearing: 30, pitch: 45, colour: park),
        View("world", lat: 40, lng: 20, zoom: 2, colour: water),
        // MapLibre's zoom 1 is Meridian's 2: the world source's tiles are 256 points in the style,
        // so /style.json names the 512-pixel tiles joined from four of z2, the tiles Meridian
        // reads there (the z1 tile had none of those places).
        View("world-z1", lat: 30, lng: 10, zoom: 1, colour: water),
        // The flat and world views again from the style with each source named by the `url` of
        // the TileJSON beside its tiles: the same picture (``samePicture``).
        View("flat-url", lat: 60.1699, lng: 24.9466, zoom: 15, colour: park, form: "url"),
        View("world-url", lat: 40, lng: 20, zoom: 2, colour: water, form: "url"),
    ]

    /// Pixels of two 800 × 600 pictures whose colours differ by more than 48 (summed over the
    /// channels; antialiasing rounding stays below), and the shots named by `prefix`.
    static func differing(_ prefix: String, _ a: String, _ b: String) throws -> Int {
        let load = { (name: String) in
            decodePNG(Array(try Data(contentsOf: URL(fileURLWithPath: "\(prefix)-\(name).png"))))
        }
        let (p, q) = (try #require(try load(a)), try #require(try load(b)))
        try #require(p.pixels.count == q.pixels.count)
        func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xFF) }
        var count = 0
        for (x, y) in zip(p.pixels, q.pixels) {
            let distance =
                abs(channel(x, 0) - channel(y, 0)) + abs(channel(x, 8) - channel(y, 8))
                + abs(channel(x, 16) - channel(y, 16))
            if distance > 48 { count += 1 }
        }
        return count
    }

    /// The `tiles` and `url` forms of the style give the same picture: at most 0.5 % of the
    /// pixels differ (a label placed a frame apart; the forms' tiles are the same bytes).
    static func samePicture(_ prefix: String) throws {
        for (a, b) in [("flat", "flat-url"), ("world", "world-url")] {
            let bad = try differing(prefix, a, b)
            #expect(bad <= 2_400, "\(a) and \(b): \(bad) of 480,000 pixels differ")
        }
    }

    @Test(
        "MapLibre GL JS draws /style.json with an empty console, labels placed, and the same geometry as Meridian; the style with TileJSON urls draws the same"
    )
    func maplibre() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/maplibre").path
        let views = String(decoding: try JSONEncoder().encode(Self.views), as: UTF8.self)
        let (data, overlays) = try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let data = try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views])
                var overlays: [Overlay] = []
                for view in Self.views {
                    overlays.append(try await overlay("\(prefix)-\(view.name).png", on: view, base: base))
                }
                return (data, overlays)
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(report.count == Self.views.count)
        try Self.samePicture(prefix)
        for (view, best) in zip(report, overlays) {
            let name = view["name"] as? String ?? "?"
            #expect(view["idle"] as? Bool == true, "\(name): never idle")
            #expect((view["messages"] as? [Any])?.isEmpty == true, "\(name): \(view["messages"] ?? "")")
            #expect((view["labels"] as? Int ?? 0) > 5, "\(name): \(view["labels"] ?? 0) labels")
            // MapLibre draws the halos the style names (without text-halo-width it drew none): taking
            // them away changes hundreds of pixels around the street names.
            if name == "flat" {
                #expect((view["halo_pixels"] as? Int ?? 0) > 300, "\(name): \(view["halo_pixels"] ?? "no") halo pixels")
            }
            if name == "world-z1" {
                // Meridian's own labels at that scale (its zoom 2), drawn in process on the same data.
                let drawer = MapDrawer(try ServedData(folder: DataFolder(path: TestData.directory)))
                let viewport = try Viewport(
                    camera: try CameraPosition(target: Coordinate(latitude: 30, longitude: 10), zoom: 2),
                    size: ScreenSize(width: 800, height: 600))
                let meridian = try drawer.drawing(.normal, credit: false, deadline: .never) {
                    renderer, sources, cache in
                    try renderer.render(viewport, sources: sources, scale: 1, cache: cache)
                }.labels.count
                let (places, labels) = (view["places"] as? Int ?? 0, view["labels"] as? Int ?? 0)
                // MapLibre drew 28 labels and 5 cities here before (its z1 tile held the world's
                // z1 features); now 56 and 7, and Meridian draws 55 labels, 7 of them cities.
                #expect(
                    Double(labels) >= 0.8 * Double(meridian) && places >= 6,
                    "\(name): MapLibre \(labels) labels (\(places) cities), Meridian \(meridian)")
            }
            // The masks overlay best unshifted (±2 px) and mostly agree (MapLibre's buildings stand
            // over some ground under tilt; labels and antialiasing differ).
            #expect(abs(best.dx) <= 2 && abs(best.dy) <= 2 && best.iou >= 0.6, "\(name): \(best)")
        }
    }
}

/// MapLibre GL JS panned from Helsinki out over the empty sea and back (issue 36): the page and
/// its workers (where MapLibre fetches tiles) log nothing and no request fails, with the style
/// as served and with its sources named by TileJSON `url`s; tiles with no data were asked for
/// (and answered with an empty tile).
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js")
            && Browser.available,
        "needs the default data, its MapLibre GL JS, and Debian's chromium + python3-websocket"))
struct MapLibrePanTests {
    @Test(
        "panned out over the sea and back: an empty console in the page and its workers, no failed request, in both forms of the style",
        arguments: ["tiles", "url"])
    func pan(form: String) async throws {
        // MapLibre's zooms: Helsinki, the open sea south of it, further out, Helsinki again.
        let stops = "[[24.94,60.17,13],[24.95,59.85,13],[25.3,59.6,12],[24.94,60.17,13]]"
        let data = try await HeavyClients.shared.run {
            try await withLiveServer { base in
                try await Browser.run("pan_cdp.py", [base, TestData.path("tools/maplibre"), form, stops])
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((report["reached"] as? [Bool]) == [true, true, true, true], "\(report["reached"] ?? "")")
        #expect((report["workers"] as? [Any])?.isEmpty == false, "no worker was watched")
        for key in ["messages", "failed", "broken"] {
            #expect(
                (report[key] as? [Any])?.isEmpty == true,
                "\(form) \(key): \(String(describing: report[key]).prefix(600))")
        }
        // Over the sea MapLibre asked for tiles with no data (12 or more in every run seen).
        #expect(
            (report["empty"] as? Int ?? 0) >= 4 && (report["tiles"] as? Int ?? 0) > (report["empty"] as? Int ?? 0),
            "\(report)")
    }
}

/// Leaflet 1.7 (Debian's libjs-leaflet) in headless Chromium, on a page of another origin,
/// showing the raster tiles where four metatiles meet at z17: every tile loads (CORS, no error),
/// the tiles side by side overlay Meridian's `/staticmap` of the same view (Leaflet's zooms are
/// Meridian's), and every label the static map shows is in Leaflet's view, the same pixels.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles")
            && FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js")
            && Browser.available, "needs the default data, Debian's libjs-leaflet, chromium and python3-websocket"))
struct LeafletTests {
    @Test(
        "Leaflet loads every raster tile from another origin with an empty console, overlays the static map and shows every label it shows"
    )
    func leaflet() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/leaflet").path
        // Centred on a metatile corner (a whole pixel at z17, so Leaflet's tiles and the static
        // map share a pixel grid), so labels cross the metatiles' edges.
        let corner = MetatileViews.corner(z: 17)
        let n = Double(1 << 17)
        let centre = WebMercator.unproject(MercatorPoint(x: Double(corner.x) / n, y: Double(corner.y) / n))
        let view = MapLibreTests.View(
            "z17", lat: centre.latitude, lng: centre.longitude, zoom: 16, colour: MapLibreTests.park)
        // Leaflet's zoom is Meridian's: the view's MapLibre-convention zoom plus one.
        let views =
            #"[{"name":"z17","center":[\#(centre.longitude),\#(centre.latitude)],"zoom":17,"bearing":0,"pitch":0}]"#
        let (data, best, meridian) = try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let data = try await Browser.run(
                    "clients_cdp.py", ["leaflet", base, "/usr/share/javascript/leaflet", prefix, views])
                return (
                    data, try await overlay("\(prefix)-z17.png", on: view, base: base),
                    try await get(base + view.meridian).body
                )
            }
        }
        let result = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        #expect(result["idle"] as? Bool == true && (result["messages"] as? [Any])?.isEmpty == true, "\(result)")
        #expect(best.dx == 0 && best.dy == 0 && best.iou >= 0.8, "\(best)")
        // The static map's labels (drawn in process by the same service) and its pixels in each
        // label's box against Leaflet's.
        let drawer = MapDrawer(try ServedData(folder: DataFolder(path: TestData.directory)))
        let labels = try MetatileViews.staticMap(drawer, z: 17, corner: corner, width: 800, height: 600, credit: true)
            .labels
        let shot = try #require(decodePNG(Array(try Data(contentsOf: URL(fileURLWithPath: "\(prefix)-z17.png")))))
        let map = try #require(decodePNG(Array(meridian)))
        // The metatile edges in the view: x = 400 and y = 300, through the corner.
        let crossing = labels.filter { (label: PlacedLabel) -> Bool in
            (label.box.left < 400 && label.box.right > 400) || (label.box.top < 300 && label.box.bottom > 300)
        }
        #expect(
            labels.count >= 15 && !crossing.isEmpty, "\(labels.count) labels, \(crossing.count) across a metatile edge")
        for label in labels {
            let bad = MetatileViews.differing(map.pixels, shot.pixels, width: 800, height: 600, in: label.box)
            #expect(bad == 0, "'\(label.text)' at \(label.box): \(bad) pixels differ in Leaflet's view")
        }
    }
}

/// MapLibre Native (`mapli` 0.4.1 in the build folder's venv, made by scripts/clients.sh; Mesa's
/// llvmpipe through EGL, no display) fetching `/style.json`, tiles and glyphs over HTTP from a
/// live server: every view renders without an error and overlays Meridian's `/staticmap`.
enum MapLibreNative {
    static let python = Browser.root.appendingPathComponent(".build/tools/mapli/bin/python").path
    /// Installed, or required (the test command installs it and sets MERIDIAN_REQUIRE_BROWSER=1).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            || ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_BROWSER"] == "1"
    }
}

@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles") && MapLibreNative.available,
        "needs the default data and MapLibre Native (bash scripts/clients.sh)"))
struct MapLibreNativeTests {

    @Test(
        "MapLibre Native renders /style.json over HTTP without an error, and its flat, pitched and world views overlay Meridian's; the style with TileJSON urls draws the same"
    )
    func native() async throws {
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-native").path
        let views = String(decoding: try JSONEncoder().encode(MapLibreTests.views), as: UTF8.self)
        try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let result = try await runProcess(
                    MapLibreNative.python,
                    [Browser.root.appendingPathComponent("Tests/Browser/native_render.py").path, base, prefix, views],
                    environment: ["EGL_PLATFORM": "surfaceless"])
                let report = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]],
                    "\(result.err.suffix(1500))")
                #expect(report.count == MapLibreTests.views.count)
                for (view, rendered) in zip(MapLibreTests.views, report) {
                    #expect(rendered["error"] == nil, "\(view.name): \(rendered["error"] ?? "")")
                    guard let shot = rendered["shot"] as? String else {
                        Issue.record("\(view.name): no image")
                        continue
                    }
                    let best = try await overlay(shot, on: view, base: base, reach: 4)
                    #expect(abs(best.dx) <= 2 && abs(best.dy) <= 2 && best.iou >= 0.6, "\(view.name): \(best)")
                }
                try MapLibreTests.samePicture(prefix)
            }
        }
    }
}

/// The best overlay of a client's picture of a view and Meridian's `/staticmap` of the same
/// camera, both 800 × 600: the intersection over union of the pixels of the view's colour
/// (within 6 a channel; every second pixel, margins and the credit line left out) and the shift
/// within ±`reach` px that gives it.
typealias Overlay = (iou: Double, dx: Int, dy: Int)

func overlay(_ shot: String, on view: MapLibreTests.View, base: String, reach: Int = 6) async throws -> Overlay {
    let client = try #require(
        decodePNG(Array(try Data(contentsOf: URL(fileURLWithPath: shot)))), "\(view.name): no image at \(shot)")
    let meridian = try #require(decodePNG(Array(try await get(base + view.meridian).body)))
    let (w, h) = (800, 600)
    try #require(client.width == w && client.height == h && meridian.width == w && meridian.height == h)
    func mask(_ p: [UInt32]) -> [Bool] {
        p.map {
            abs(Int($0 >> 16 & 0xFF) - view.colour[0]) <= 6 && abs(Int($0 >> 8 & 0xFF) - view.colour[1]) <= 6
                && abs(Int($0 & 0xFF) - view.colour[2]) <= 6
        }
    }
    let (a, b) = (mask(client.pixels), mask(meridian.pixels))
    var best: Overlay = (-1, 0, 0)
    for dy in -reach...reach {
        for dx in -reach...reach {
            var inter = 0
            var union = 0
            for y in stride(from: 8, to: h - 24, by: 2) {
                for x in stride(from: 8, to: w - 8, by: 2) {
                    let p = a[y * w + x]
                    let q = b[(y + dy) * w + x + dx]
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
