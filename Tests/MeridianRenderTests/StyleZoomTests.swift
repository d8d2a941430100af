import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// A style is in MapLibre's zoom convention: the camera at zoom z evaluates it at z − 1, on the
/// real Helsinki data.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct StyleZoomTests {
    /// The frame of a style of one background and the given layers at the cathedral.
    func png(_ layers: String, cameraZoom: Double) throws -> [UInt8] {
        try RenderData.png(layers: layers, zoom: cameraZoom, width: 256, height: 192)
    }

    @Test("the one rule: style zoom is the camera's less one, never below 0")
    func rule() {
        #expect(Style.zoom(forCameraZoom: 16) == 15 && Style.zoom(forCameraZoom: 0.5) == 0)
        #expect(Style.zoom(forCameraZoom: .nan) == 0 && Style.cameraZoom(forStyleZoom: 13.5) == 14.5)
    }

    @Test("a layer with minzoom 14 (MapLibre's) draws from camera zoom 15, not 14.9")
    func minzoom() throws {
        let roads =
            ##", {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 14, "paint": {"line-color": "#c03030", "line-width": 3}}"##
        #expect(try png(roads, cameraZoom: 14.9) == png("", cameraZoom: 14.9), "not yet drawn at camera zoom 14.9")
        #expect(try png(roads, cameraZoom: 15) != png("", cameraZoom: 15), "drawn at camera zoom 15")
    }

    @Test("a width interpolated on the style's zoom is the width at the camera's zoom less one")
    func interpolatedWidth() throws {
        // At camera zoom 15 the style is at 14: a 2-to-6 ramp over style zooms 13 to 15 gives 4,
        // the same frame as a constant width of 4 (and not 6, the ramp's value at 15).
        let road = { (width: String) in
            ##", {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "paint": {"line-color": "#c03030", "line-width": \##(width)}}"##
        }
        let ramp = try png(road(#"["interpolate", ["linear"], ["zoom"], 13, 2, 15, 6]"#), cameraZoom: 15)
        #expect(ramp == (try png(road("4"), cameraZoom: 15)))
        #expect(ramp != (try png(road("6"), cameraZoom: 15)))
    }
}
