import Foundation
@testable import MeridianServer
import MeridianCamera
import MeridianStyle
import MeridianServing
import MeridianTestSupport
import MeridianTiles
import Testing

/// Data that is missing or goes away (issue 36): a style of the user's whose source has no data
/// is refused at start, naming it; a source whose data is removed while the server runs is a
/// 503 (logged) for what needs it, never a crash or a map silently without it.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct DataUnavailableTests {
    /// A scratch data folder with copies of the default data's vector tilesets.
    static func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "meridian-gone-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["openmaptiles", "world.mbtiles", "coast.mbtiles"] {
            try FileManager.default.copyItem(atPath: TestData.path(name), toPath: folder + "/" + name)
        }
        return folder
    }

    @Test("a custom style whose source has no data is refused at start, naming the source and the folder")
    func missingAtStart() throws {
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {"streets": {"type": "vector", "url": "mbtiles://nope"}}, "layers": []}"#
                    .utf8))
        do {
            _ = try MapService(dataFolder: DataFolder(path: TestData.directory), style: style)
            Issue.record("the service started without the style's source")
        } catch {
            #expect(
                error.parameter == "style" && error.message.contains("source streets")
                    && error.message.contains(TestData.directory), "\(error)")
        }
    }

    @Test("a source removed while the server runs: its tiles and maps are 503 naming it, not a map without it")
    func goneWhileServing() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = try MapService(dataFolder: DataFolder(path: folder))
        try FileManager.default.removeItem(atPath: folder + "/openmaptiles")
        // No worker had opened the folder: the first one finds the source gone.
        let id = TileID(z: 14, x: 9327, y: 4742)
        do {
            _ = try service.serving { () throws(ServingError) in
                try service.drawer.vectorTile(source: "openmaptiles", id)
            }
            Issue.record("a tile of a removed source was served")
        } catch {
            #expect(error.status == 503 && error.message.contains("openmaptiles"), "\(error)")
        }
        do {
            _ = try service.serving { () throws(ServingError) in
                try service.drawer.rasterTile(
                    TileID(z: 15, x: 18652, y: 9483), scale: 1, mapType: .normal, format: .png)
            }
            Issue.record("a map without a removed source was drawn")
        } catch {
            #expect(error.status == 503 && error.message.contains("openmaptiles"), "\(error)")
        }
    }
}
