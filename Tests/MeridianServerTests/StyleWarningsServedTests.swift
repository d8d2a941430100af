import Foundation
import Logging
@testable import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

/// A style given to `serve` that has what Meridian does not draw: the server starts, draws the
/// rest, and `/health` lists what was left out, once per property.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct StyleWarningsServedTests {
    @Test(
        "/health lists the warnings of the style being served; a map of the rest is drawn; the viewer starts at the style's camera"
    )
    func healthListsWarnings() async throws {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "center": [24.9526, 60.1702], "zoom": 14.5, "bearing": 15,
                 "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://{openmaptiles}"}},
                 "layers": [
                  {"id": "bg", "type": "background", "paint": {"background-color": "#f8f4f0"}},
                  {"id": "wood", "type": "color-relief", "source": "openmaptiles"},
                  {"id": "roads", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name",
                   "layout": {"symbol-placement": "line", "text-field": "{name}", "text-writing-mode": ["vertical"]}}]}
                """##.utf8))
        #expect(style.layers.map(\.id) == ["bg", "roads"])
        let service = try MapService(dataFolder: DataFolder(path: TestData.directory), style: style)
        // The style's zoom 14.5 is the camera's 15.5.
        #expect(
            service.data.home.target.latitude == 60.1702 && service.data.home.target.longitude == 24.9526
                && service.data.home.zoom == 15.5 && service.data.home.bearing == 15)
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "meridian.test") {
            JSONLogHandler(label: $0, write: { line in lines.withLockedValue { $0.append(line) } })
        }
        logger.logLevel = .info
        try await withLiveServer(logger: logger, style: style) { base in
            let health = try await get(base + "/health")
            #expect(health.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: health.body) as? [String: Any])
            let warnings = try #require(body["warnings"] as? [String])
            #expect(
                warnings == [
                    #"style: source: a color-relief layer cannot use a vector source; left out (layer "wood")"#,
                    #"style: layout.text-writing-mode: is drawn for point labels only; names along lines are set along the line as written (layer "roads")"#,
                ], "\(warnings)")
            let map = try await get(base + "/staticmap?center=60.1699,24.9466&zoom=15&size=64x64")
            #expect(map.status == 200 && map.headers["content-type"] == "image/png")
        }
        // Logged once at start as notices, the same lines.
        let notices = lines.withLockedValue { $0 }.filter {
            $0.contains("\"level\":\"notice\"") && $0.contains("style: ")
        }
        #expect(notices.count == 2, "\(notices)")
    }
}
