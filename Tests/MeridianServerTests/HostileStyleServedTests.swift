import Foundation
@testable import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `serve --style` with a style whose data decides when to fail: a ramp fed a feature's 0/0 and
/// GeoJSON positions at ±1e308 and latitude 91. Each used to end the whole process at the first
/// `/staticmap` that drew the feature; now the map is drawn without the bad feature (or with the
/// property's default) and every later request is answered as usual.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct HostileStyleServedTests {
    static let style = #"""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"zero": 0}, "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[24.9, 60.1], [1e308, 91], [-1e308, -91]]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [24.95, 91]}}]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
           {"id": "l", "type": "line", "source": "g"},
           {"id": "c", "type": "circle", "source": "g", "paint": {"circle-color": "#ff0000",
             "circle-radius": ["interpolate", ["linear"], ["/", 0, ["get", "zero"]], 1, 1, 2, 2]}}]}
        """#

    @Test("the map is drawn (the circle at its default radius, the bad line left out) and later requests are served")
    func survives() async throws {
        let style = try Style(json: Data(Self.style.utf8))
        try await withLiveServer(style: style) { base in
            for zoom in [0, 8, 15] {
                let map = try await get(base + "/staticmap?center=60.17,24.94&zoom=\(zoom)&size=128x128")
                #expect(map.status == 200, "zoom \(zoom): \(String(decoding: map.body.prefix(200), as: UTF8.self))")
                let image = try #require(decodePNG(Array(map.body)))
                // The point under the centre is drawn red, at the default radius of 5.
                let red = image.pixels.filter { ($0 >> 16) & 0xFF > 200 && ($0 >> 8) & 0xFF < 80 }.count
                #expect(zoom == 0 || (40...120).contains(red), "zoom \(zoom): \(red) red pixels")
            }
            let health = try await get(base + "/health")
            #expect(health.status == 200)
        }
    }
}
