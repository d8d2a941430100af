import Foundation
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// A vector source whose tilesets hold none of the layers the style reads (issue 49, item 6: an
/// offline region read as one region drew a frame of sea, without a word) is named in the
/// warnings; one that holds some of them, or declares no layers, is not.
@Suite(.enabled(if: TestData.available("world.mbtiles"), "no default data: run scripts/build-data.sh"))
struct UnplacedSourceTests {
    static func warnings(url: String, sourceLayers: [String]) throws -> [String] {
        let layers = sourceLayers.enumerated().map { i, name in
            #"{"id": "l\#(i)", "type": "line", "source": "openmaptiles", "source-layer": "\#(name)"}"#
        }
        let json = #"""
            {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "\#(url)"}},
             "layers": [\#(layers.joined(separator: ","))]}
            """#
        let style = try Style(json: Data(json.utf8))
        return try MapSources(style: style, folder: DataFolder(path: TestData.directory)).warnings
    }

    @Test("the streets' layers over the world tileset: named, with what it holds; the streets' own tileset: no warning")
    func named() throws {
        let wrong = try Self.warnings(url: "mbtiles://world", sourceLayers: ["transportation", "water"])
        #expect(
            wrong.contains {
                $0.hasPrefix(
                    "source openmaptiles: its tilesets hold none of the layers the style reads (transportation, water)")
                    && $0.contains("land")
            }, "\(wrong)")
        #expect(try Self.warnings(url: "mbtiles://openmaptiles", sourceLayers: ["transportation", "water"]).isEmpty)
        // One layer the world holds among those it does not: drawn in part, not named.
        #expect(try Self.warnings(url: "mbtiles://world", sourceLayers: ["transportation", "land"]).isEmpty)
    }
}
