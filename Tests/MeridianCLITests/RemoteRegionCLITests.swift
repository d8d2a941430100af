import Foundation
import MeridianTestSupport
import Testing

/// An offline region (`meridian data extract`) on an HTTP server (issue 49, item 6): read over
/// HTTP as its local file is read, every packed source drawn, not as one region of
/// `openmaptiles` (whose layers it names `openmaptiles/…`, so the frame was only sea).
@Suite(
    .serialized, .needsLoopbackNginx,
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct RemoteRegionCLITests {
    @Test("render --data http://…/region.pmtiles draws what render --data region.pmtiles draws, byte for byte")
    func remoteRegion() async throws { try await onOwnThread { try Self.remoteRegionRun() } }

    static func remoteRegionRun() throws {
        let dir = try emptyFolder("remote-region")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let region = dir + "/centre.pmtiles"
        let extract = try runMeridian([
            "data", "extract", "--bounds", "60.160,24.925,60.180,24.965", "--zooms", "12-15", "-o", region, "--data",
            TestData.directory,
        ])
        #expect(extract.status == 0, "\(extract.err)")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: dir + "/manifest.json"))  // nginx is ready when it answers this
        let site = try LoopbackNginx(root: dir)
        let camera = ["--lat", "60.170", "--lng", "24.945", "--zoom", "15", "--size", "256x256"]
        let local = try runMeridian(["render"] + camera + ["--data", region, "-o", dir + "/local.png"])
        let remote = try runMeridian(
            ["render"] + camera + ["--data", site.base + "/centre.pmtiles", "-o", dir + "/remote.png"])
        #expect(local.status == 0 && remote.status == 0, "\(local.err) \(remote.err)")
        #expect(remote.err == local.err, "the same warnings: \(remote.err)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: dir + "/remote.png"))
        #expect(drawn == (try Data(contentsOf: URL(fileURLWithPath: dir + "/local.png"))), "the same PNG bytes")
        // Streets, not a frame of one colour: many distinct colours.
        let image = try #require(decodePNG(Array(drawn)))
        #expect(Set(image.pixels).count > 50, "\(Set(image.pixels).count) colours")
    }
}
