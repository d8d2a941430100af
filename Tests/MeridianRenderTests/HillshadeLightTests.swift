import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// The hillshade light's rules (issue 34), from the specification: the `viewport` anchor turns the
/// light with the map; flat ground under the standard method is not shaded; arrays pad with their
/// last member.
@Suite struct HillshadeLightTests {
    static func layer(_ paint: String) throws -> Style.Layer {
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {"d": {"type": "raster-dem", "url": "mbtiles://x"}}, "layers": [{"id": "h", "type": "hillshade", "source": "d", "paint": {\#(paint)}}]}"#
                    .utf8))
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        return try #require(style.layers.first)
    }

    @Test("under the viewport anchor (the default) the light turns with the bearing; under map it does not")
    func anchor() throws {
        let viewport = Hillshade(try Self.layer(#""hillshade-illumination-direction": 300"#), zoom: 10, bearing: 40)
        let map = Hillshade(
            try Self.layer(#""hillshade-illumination-direction": 300, "hillshade-illumination-anchor": "map""#),
            zoom: 10,
            bearing: 40)
        #expect(abs(viewport.lights[0].direction - 340 * .pi / 180) < 1e-12)
        #expect(abs(map.lights[0].direction - 300 * .pi / 180) < 1e-12)
    }

    @Test("standard: flat ground is not shaded; a slope facing the light is lit, one facing away shadowed")
    func standard() throws {
        let light = Hillshade(
            try Self.layer(#""hillshade-illumination-direction": 270, "hillshade-illumination-anchor": "map""#),
            zoom: 10, bearing: 0)
        #expect(light.shade(SIMD2(0, 0)) == SIMD4(0, 0, 0, 0))
        // Ground rising to the east (d.x > 0) faces the light in the west: lit; falling, dark.
        let toward = light.shade(SIMD2(1, 0))
        let away = light.shade(SIMD2(-1, 0))
        #expect(away.w > 0.3 && away.x < 0.05, "\(away)")
        #expect(toward.w > 0.3 && toward.x > 0.3, "\(toward)")
    }

    @Test("multidirectional: shorter arrays repeat their last member; the shade is the lights' mean")
    func multidirectional() throws {
        let light = Hillshade(
            try Self.layer(
                ##""hillshade-method": "multidirectional", "hillshade-illumination-anchor": "map", "hillshade-illumination-direction": [0, 90, 180], "hillshade-illumination-altitude": [30], "hillshade-highlight-color": ["#ffffff", "#ff0000"]"##
            ), zoom: 10, bearing: 0)
        #expect(light.lights.count == 3)
        #expect(light.lights.map(\.altitude).allSatisfy { abs($0 - .pi / 6) < 1e-12 })
        #expect(light.lights[2].highlight == SIMD4(1, 0, 0, 1))
        let d = SIMD2(0.4, -0.2)
        let mean = light.lights.reduce(SIMD4<Double>()) { $0 + Hillshade.basic(d, $1) } / 3
        #expect(light.shade(d) == mean)
    }
}
