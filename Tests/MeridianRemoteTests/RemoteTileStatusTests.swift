import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@testable import MeridianRemote

/// What an XYZ server's answers without a tile mean (``RemoteTiles``): 204 No Content is an empty
/// tile (no bytes: drawn as nothing, its parent not stood in), 404 no tile (its parent may stand in).
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct RemoteTileStatusTests {
    @Test("a 204 is a tile of no bytes, a 404 no tile")
    func statuses() async throws { try await onOwnThread { try Self.statusesRun() } }

    static func statusesRun() throws {
        let server = try BadServer(mode: "status")
        defer { server.stop() }
        let folder = DataFolder(path: NSTemporaryDirectory(), access: RemoteReader())
        var read: [String: [UInt8]?] = [:]
        for status in ["204", "404"] {
            let template = "http://127.0.0.1:\(server.port)/\(status)/{z}/{x}/{y}.png"
            let document = try TileJSONFile(
                bytes: [UInt8](try JSONSerialization.data(withJSONObject: ["tiles": [template], "maxzoom": 4])),
                path: "http://127.0.0.1:\(server.port)/\(status).json")
            let (tilesets, missing) = try document.tilesets(in: folder)
            let remote = try #require(tilesets.first as? RemoteTiles, "\(missing)")
            read[status] = try remote.data(for: TileID(z: 2, x: 1, y: 1))
        }
        #expect(read["204"] == .some([]), "204: \(String(describing: read["204"]))")
        #expect(read["404"] == .some(nil), "404: \(String(describing: read["404"]))")
    }
}
