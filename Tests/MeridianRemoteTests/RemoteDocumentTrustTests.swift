import Foundation
import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

@testable import MeridianRemote

/// What a TileJSON fetched over HTTP may name (issue 49, items 3 and 11): only HTTP(S) tiles, as
/// a browser rules it (a `file://` or `mbtiles://` template would read the node's own files),
/// and its templates are mirrors of one tileset (`a.`, `b.`, `c.` hosts), each tile fetched from
/// one of them, not regions drawn once per template.
@Suite(.serialized, .needsLoopbackNginx)
struct RemoteDocumentTrustTests {
    @Test(
        "a TileJSON on a server naming file://, mbtiles:// or pmtiles:// tiles: nothing local is read, each template named; the same document read from a local file still reads them"
    )
    func localTemplatesRefused() async throws { try await onOwnThread { try Self.localTemplatesRun() } }

    static func localTemplatesRun() throws {
        let site = try LoopbackNginx()
        try RemoteStyleSourcesTests.tileFolders.get()
        let folder = DataFolder(path: site.root, access: RemoteReader())
        // The node's own files: a folder of tiles and the data folder's region, both really there.
        let local = [
            "file://" + site.root + "/xyz/helsinki/{z}/{x}/{y}.pbf", "mbtiles://openmaptiles", "pmtiles://openmaptiles",
        ]
        let document = try JSONSerialization.data(withJSONObject: ["tilejson": "3.0.0", "tiles": local, "maxzoom": 14])
        try document.write(to: URL(fileURLWithPath: site.root + "/xyz/hostile.json"))
        let fetched = try TileJSONFile(bytes: [UInt8](document), path: site.base + "/xyz/hostile.json")
        let (tilesets, missing) = try fetched.tilesets(in: folder)
        #expect(tilesets.isEmpty, "\(tilesets.map(\.path))")
        #expect(missing.count == 3 && missing.allSatisfy { $0.contains("may name only http(s) tiles") }, "\(missing)")
        // Drawn as the map without the source, its lines naming the URL.
        let hostile = try RemoteStyleSourcesTests.style(
            DefaultStyles.streets, "openmaptiles", ["type": "vector", "url": site.base + "/xyz/hostile.json"])
        let without = try RemoteStyleSourcesTests.style(
            DefaultStyles.streets, "openmaptiles", ["type": "vector", "url": "mbtiles://no-such-source"])
        #expect(
            try RemoteStyleSourcesTests.draw(hostile, folder, 60.17, 24.94, 14)
                == (try RemoteStyleSourcesTests.draw(without, folder, 60.17, 24.94, 14)))
        let sources = try MapSources(style: hostile, folder: folder)
        #expect(sources.missing.contains { $0.contains("/xyz/hostile.json") && $0.contains("mbtiles://openmaptiles") })
        // The operator's own document (a local file) may name local tiles.
        let own = try TileJSONFile(bytes: [UInt8](document), path: site.root + "/xyz/hostile.json")
        let read = try own.tilesets(in: folder)
        // The folder of tiles, and the data folder's regions for each name (Helsinki and Kotka).
        #expect(read.missing.isEmpty && read.tilesets.count >= 3, "\(read.tilesets.map(\.path)) \(read.missing)")
        #expect(read.tilesets.contains { $0.path.hasPrefix(site.root + "/xyz/helsinki") })
    }

    @Test(
        "three mirror templates are one tileset: each tile fetched once, from the mirror (x + y) mod 3, and drawn once (the same PNG as the local region)"
    )
    func mirrors() async throws { try await onOwnThread { try Self.mirrorsRun() } }

    static func mirrorsRun() throws {
        let site = try LoopbackNginx()
        try RemoteStyleSourcesTests.tileFolders.get()
        let folder = DataFolder(path: site.root, access: RemoteReader())
        // nginx ignores the query: three URLs of the same tiles, as a.-, b.- and c.- hosts are.
        let mirrors = ["a", "b", "c"].map { site.base + "/xyz/helsinki/{z}/{x}/{y}.pbf?mirror=\($0)" }
        let document = try TileJSONFile(
            bytes: [UInt8](try JSONSerialization.data(withJSONObject: ["tiles": mirrors, "maxzoom": 14])),
            path: site.base + "/xyz/mirrors.json")
        let (tilesets, missing) = try document.tilesets(in: folder)
        #expect(tilesets.count == 1 && missing.isEmpty, "\(tilesets.map(\.path)) \(missing)")
        let remote = try #require(tilesets.first as? RemoteTiles)
        var used: [String: Int] = [:]
        for x in 9326...9328 {
            for y in 4740...4742 {
                let url = remote.url(for: TileID(z: 14, x: x, y: y))
                let mirror = String(url.split(separator: "=").last ?? "")
                used[mirror, default: 0] += 1
                #expect(mirror == ["a", "b", "c"][(x + y) % 3], "\(url)")
            }
        }
        #expect(used == ["a": 3, "b": 3, "c": 3], "\(used)")
        let streets = try Style(json: Data(DefaultStyles.streets.utf8))
        let listed = try RemoteStyleSourcesTests.style(
            DefaultStyles.streets, "openmaptiles", ["type": "vector", "tiles": mirrors, "maxzoom": 14])
        #expect(
            try RemoteStyleSourcesTests.draw(listed, folder, 60.1699, 24.9384, 15)
                == (try RemoteStyleSourcesTests.draw(streets, folder, 60.1699, 24.9384, 15)),
            "drawn once, as the local region")
    }
}
