import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@testable import MeridianRemote

/// The default data's archives served by nginx on loopback (range requests, ETags): Meridian
/// reads them over HTTP as a data folder (issue 35), and draws what it draws from local files.
@Suite(
    .serialized,
    .needsLoopbackNginx)
struct RemoteDataTests {
    @Test(
        "a manifest of archives on nginx draws what the same archives draw from a local folder, flat, tilted and the world"
    )
    func sameImages() async throws { try await onOwnThread { try Self.sameImagesRun() } }

    static func sameImagesRun() throws {
        let site = try LoopbackNginx()
        let remote = try RemoteData.folder(site.base + "/manifest.json", reader: RemoteReader())
        #expect(remote.remote["openmaptiles/helsinki.pmtiles"] == site.base + "/openmaptiles/helsinki.pmtiles")
        #expect(remote.remote["world.pmtiles"] == site.base + "/world.pmtiles", "\(remote.remote.keys.sorted())")
        let style = try Style(json: Data(DefaultStyles.streets.utf8))
        for (lat, lng, zoom, bearing, tilt) in [
            (60.1699, 24.9384, 15.0, 0.0, 0.0), (60.1699, 24.9384, 17.0, 30.0, 60.0), (30.0, 10.0, 2.0, 0.0, 0.0),
        ] {
            let viewport = try Viewport(
                camera: try CameraPosition(
                    target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt),
                size: ScreenSize(width: 512, height: 384))
            func draw(_ folder: DataFolder) throws -> [UInt8] {
                try MapRenderer(style: style).render(viewport, sources: try MapSources(style: style, folder: folder))
                    .png
            }
            let local = try draw(DataFolder(path: site.root))
            let overHTTP = try draw(remote)
            let same = overHTTP == local  // a failure's description of two PNGs would take minutes
            #expect(same, "zoom \(zoom): the same PNG bytes")
        }
    }

    @Test("a warm view reads nothing more over HTTP; a replaced archive is noticed, never mixed, and read anew")
    func cacheAndReplacement() async throws { try await onOwnThread { try Self.cacheAndReplacementRun() } }

    static func cacheAndReplacementRun() throws {
        let site = try LoopbackNginx()
        let url = site.base + "/replaceable.pmtiles"
        try site.copy("world.pmtiles", to: "replaceable.pmtiles")
        let reader = RemoteReader()
        let archive = reader.remoteArchive(url)
        let first = try reader.archive(url)
        let id = TileID(z: 2, x: 2, y: 1)
        let before = try #require(try first.data(for: id))
        let fetched = archive.stats.bytes
        #expect(try first.data(for: id) == before)
        #expect(archive.stats.bytes == fetched, "a warm read fetches nothing")
        // The object replaced under the same URL (another archive: other bytes, another ETag).
        try site.copy("coast.pmtiles", to: "replaceable.pmtiles")
        var sawChange = false
        for z in 0...6 {
            do throws(TileError) {
                for x in 0..<(1 << z) { _ = try first.data(for: TileID(z: z, x: x, y: (1 << z) / 2)) }
            } catch {
                #expect(error == .changed(url: url), "\(error)")
                sawChange = true
                break
            }
        }
        #expect(sawChange, "the old reader is told, not handed the new archive's bytes")
        let again = try reader.archive(url)
        let coast = try PMTiles(path: site.root + "/coast.pmtiles")
        #expect(again.info.zoomRange == coast.info.zoomRange)
        // A tile the coast archive has (its first zoom's, near the Gulf of Finland).
        let z = try #require(coast.info.zoomRange?.lowerBound)
        let p = WebMercator.project(Coordinate(latitude: 60.2, longitude: 25))
        let tile = TileID(z: z, x: Int(p.x * Double(1 << z)), y: Int(p.y * Double(1 << z)))
        let some = try #require(try coast.data(for: tile))
        #expect(try again.data(for: tile) == some, "the new archive, read anew")
    }
}
