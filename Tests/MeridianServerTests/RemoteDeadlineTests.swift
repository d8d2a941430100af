import Foundation
import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@testable import MeridianRemote

/// A frame's deadline bounds its reads from a data server: a server that stalls on a tile costs a
/// `/staticmap` request the drawing deadline, not that deadline plus the remote read's own 10 s.
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct RemoteDeadlineTests {
    @Test("a data server that stalls on the tiles: /staticmap answers by its deadline (2 s), not 10 s later")
    func stalledServer() async throws {
        let server = try BadServer(mode: "stallfar")
        defer { server.stop() }
        let url = server.url("stalls")
        let style = try Style(
            json: Data(
                #"""
                {"version": 8, "sources": {"r": {"type": "raster", "url": "pmtiles://\#(url)", "tileSize": 256}},
                 "layers": [{"id": "r", "type": "raster", "source": "r"}]}
                """#.utf8))
        var limits = HTTPLimits()
        limits.deadline = 2
        try await withLiveServer(limits: limits, style: style, remote: RemoteReader()) { base in
            let started = Date()
            let answer = try await get(base + "/staticmap?center=0,0&zoom=2&size=256x256")
            let took = Date().timeIntervalSince(started)
            // The archive opened (the server started); its tiles never come: not a map.
            #expect(answer.status != 200, "status \(answer.status)")
            // By the deadline and the time to answer (2.2 s alone, 6.6 s in the full suite's
            // load), under the remote read's own 10 s, which it took before the frame's deadline
            // bounded the read (10.0 s alone).
            #expect(took < 9.5, "took \(took) s")
            #expect(try await get(base + "/health").status == 200)
        }
    }
}
