import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// The shipped styles name an imported region's towns, suburbs and neighbourhoods from the
/// OpenMapTiles `place` layer, on the real Helsinki data.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct PlaceNamesTests {
    func labels(_ type: MapType, zoom: Double) throws -> Set<String> {
        let style = try Style(json: Data(type.document.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: RenderData.cathedral, zoom: zoom),
            size: ScreenSize(width: 800, height: 600))
        return Set(try MapRenderer(style: style).render(view, sources: try RenderData.sources()).labels.map(\.text))
    }

    @Test("suburbs from camera zoom 12, neighbourhoods from 14; the world's Helsinki is not named twice")
    func suburbs() throws {
        let region = try labels(.normal, zoom: 14)
        // Kluuvi and Kaisaniemi are suburbs in the extract's place layer.
        #expect(region.isSuperset(of: ["Kluuvi", "Kaisaniemi"]), "\(region.sorted())")
        #expect(try labels(.normal, zoom: 11.5).isDisjoint(with: ["Kluuvi", "Kaisaniemi"]))
        #expect(try labels(.normal, zoom: 12).contains("Kaisaniemi"))
        let whole = try MapRenderer(style: MapRenderer.streets).render(
            try Viewport(
                camera: try CameraPosition(target: RenderData.cathedral, zoom: 12),
                size: ScreenSize(width: 800, height: 600)), sources: try RenderData.sources()
        ).labels
        #expect(whole.filter { $0.text == "Helsinki" }.count == 1)
        // The hybrid style names them too, in its own colours.
        #expect(try labels(.hybrid, zoom: 14).contains("Kluuvi"))
    }
}
