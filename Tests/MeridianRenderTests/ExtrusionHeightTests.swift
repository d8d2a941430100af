@testable import MeridianRender
import MeridianTiles
import Testing

@Suite struct ExtrusionHeightTests {
    func feature(_ properties: [String: VectorTile.Value]) -> VectorTile.Feature {
        VectorTile.Feature(type: .polygon, properties: properties, geometry: [])
    }

    @Test("height from `height` (number or text with a unit), else levels × 3 m, else 10 m; nonsense ignored", arguments: [
        (["height": VectorTile.Value.string("39")], 39.0),
        (["height": .string("48.5 m")], 48.5),
        (["height": .double(12.13)], 12.13),
        (["building:levels": .string("5")], 15),
        (["height": .string("tall"), "building:levels": .string("4")], 12),
        (["height": .string("-3")], 10),
        ([:], 10),
    ] as [([String: VectorTile.Value], Double)])
    func heights(properties: [String: VectorTile.Value], metres: Double) {
        #expect(Extrusion.height(feature(properties)) == metres)
    }
}
