import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianData
import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import Testing

/// `data extract` never writes over what it reads (issue 23, defect 13: `-o DATA/coast.mbtiles
/// --data DATA` replaced the shoreline tileset, 3.99 MB → 69 KB).
@Suite struct ExtractOutputTests {
    @Test(
        "an output that is an input (directly or through a link) or lies inside the data folder is refused by name, and the input keeps every byte"
    )
    func refused() throws {
        let folder = try ImporterTests.folder("extract")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let input = folder.path + "/coast.mbtiles"
        try FileManager.default.copyItem(
            atPath: try ImporterTests.tileset(
                "coast-\(UUID().uuidString.prefix(6)).mbtiles", layers: ["water", "transportation"]),
            toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let sources = ["coast": TileSource(name: "coast", tilesets: [try MBTiles(path: input)])]
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: 60.52, longitude: 26.93),
            northEast: Coordinate(latitude: 60.54, longitude: 26.97))
        let link = temporaryPath("link-\(UUID().uuidString).mbtiles")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        defer { try? FileManager.default.removeItem(atPath: link) }
        for (output, words) in [
            (input, "one of the tilesets"), (link, "one of the tilesets"),
            (folder.path + "/openmaptiles/new.mbtiles", "inside the data folder"),
        ] {
            do throws(DataError) {
                _ = try RegionExtractor.extract(
                    sources: sources, bounds: bounds, zooms: 14...14, to: output, dataFolders: [folder.path])
                Issue.record("\(output) was written")
            } catch {
                #expect(error.description.contains(output) && error.description.contains(words), "\(error)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/openmaptiles/new.mbtiles"))
    }
}
