import Foundation
import MeridianGeometry
import MeridianRender
@testable import MeridianServing
import MeridianTestSupport
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

/// What `tiles render` and `tiles merge` refuse to write over, and what a resumed job takes from
/// its journal (issue 49, items 4 and 5): the operator's tilesets and shards are never replaced,
/// and a journal record that is not a tile of the job is drawn again, not put in the archive.
@Suite(
    .serialized,
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct PyramidSafetyTests {
    /// A job of a few tiles over central Helsinki (zooms 10–12).
    static func job() throws -> PyramidJob {
        try PyramidJob(
            bounds: CoordinateBounds(
                southWest: Coordinate(latitude: 60.15, longitude: 24.90),
                northEast: Coordinate(latitude: 60.19, longitude: 24.98)),
            zooms: 10...12, mapType: .normal, format: .png, scale: 1)
    }

    /// A data folder of its own holding a copy of the Kotka region, and its path.
    static func ownFolder(_ name: String) throws -> String {
        let dir = temporaryPath("pyramid-safety-\(name)")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/openmaptiles", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestData.path("openmaptiles/kotka.mbtiles"), toPath: dir + "/openmaptiles/kotka.mbtiles")
        return dir
    }

    @Test(
        "an output that is a tileset the job reads (directly or by a link) or lies in the data folder is refused before anything is drawn; the tileset is left byte for byte"
    )
    func outputOverInput() throws {
        let dir = try Self.ownFolder("inputs")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let kotka = dir + "/openmaptiles/kotka.mbtiles"
        let before = FileManager.default.contents(atPath: kotka)
        let drawer = MapDrawer(try ServedData(folder: DataFolder(path: dir)))
        let job = try Self.job()
        let link = temporaryPath("pyramid-safety-link.pmtiles")
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: kotka)
        defer { try? FileManager.default.removeItem(atPath: link) }
        for (output, reason) in [
            (kotka, "tilesets the job draws from"), (link, "tilesets the job draws from"),
            (dir + "/raster.pmtiles", "inside the data folder"),
        ] {
            let progressed = NIOLockedValueBox(false)
            do throws(PyramidError) {
                try Pyramid.render(job, shard: nil, drawer: drawer, output: output) { _, _ in
                    progressed.withLockedValue { $0 = true }
                }
                Issue.record("\(output) was written")
            } catch {
                #expect(error.description.contains(output) && error.description.contains(reason), "\(error)")
            }
            #expect(!progressed.withLockedValue { $0 }, "nothing drawn before the refusal")
            #expect(!FileManager.default.fileExists(atPath: output + ".journal"))
        }
        #expect(FileManager.default.contents(atPath: kotka) == before, "the operator's tileset untouched")
    }

    @Test("tiles merge -o naming one of its shards is refused, the shard left as it was")
    func mergeOverShard() throws {
        let dir = try emptyFolder("pyramid-safety-merge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let drawer = MapDrawer(try ServedData(folder: DataFolder(path: TestData.directory)))
        let shards = try (1...2).map { i in
            let path = dir + "/part-\(i).pmtiles"
            try Pyramid.render(try Self.job(), shard: try Shard("\(i)/2"), drawer: drawer, output: path)
            return path
        }
        let before = FileManager.default.contents(atPath: shards[0])
        #expect(throws: PyramidError.self) { try Pyramid.merge(shards, output: shards[0]) }
        do throws(PyramidError) { try Pyramid.merge(shards, output: shards[0]) } catch {
            #expect(error.description.contains("shards being merged"), "\(error)")
        }
        #expect(FileManager.default.contents(atPath: shards[0]) == before)
        try Pyramid.merge(shards, output: dir + "/whole.pmtiles")
        #expect(FileManager.default.fileExists(atPath: dir + "/whole.pmtiles"))
    }

    @Test(
        "a journal record that is not a PNG tile of the job (garbage, a PNG cut short, a tile of the wrong size) is drawn again; a good one is resumed; the archive equals a straight run"
    )
    func corruptJournal() throws {
        let dir = try emptyFolder("pyramid-safety-journal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let drawer = MapDrawer(try ServedData(folder: DataFolder(path: TestData.directory)))
        let job = try Self.job()
        let straight = dir + "/straight.pmtiles"
        let all = try Pyramid.render(job, shard: nil, drawer: drawer, output: straight)
        let archive = try PMTiles(path: straight)
        let tiles = try job.tiles()
        try #require(tiles.count >= 4)
        #expect(all == tiles.count)
        func bytes(_ i: Int) throws -> [UInt8] { try #require(try archive.data(for: tiles[i].tile)) }
        // A tile of the wrong size: the first tile drawn at scale 2.
        let double = try drawer.rasterTile(tiles[2].tile, scale: 2, mapType: .normal, format: .png)
        var journal = Array((Pyramid.journalHeader(job, shard: nil, drawer: drawer) + "\n").utf8)
        for (i, record) in [
            (0, Array("not a tile at all".utf8)), (1, Array(try bytes(1).prefix(200))), (2, double), (3, try bytes(3)),
        ] {
            journal += (0..<8).map { UInt8(truncatingIfNeeded: tiles[i].id >> (8 * UInt64($0))) }
            journal += (0..<4).map { UInt8(truncatingIfNeeded: record.count >> (8 * $0)) }
            journal += record
        }
        let output = dir + "/resumed.pmtiles"
        try Data(journal).write(to: URL(fileURLWithPath: output + ".journal"))
        let drawn = try Pyramid.render(job, shard: nil, drawer: drawer, output: output)
        #expect(
            drawn == tiles.count - 1, "three bad records drawn again, one good one resumed: \(drawn) of \(tiles.count)")
        #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: straight))
        // The check itself, per format.
        let png = try bytes(0)
        #expect(ImageFormat.png.isTile(png, side: 256) && !ImageFormat.png.isTile(png, side: 512))
        let jpeg = try drawer.rasterTile(tiles[0].tile, scale: 1, mapType: .normal, format: .jpeg)
        let webp = try drawer.rasterTile(tiles[0].tile, scale: 1, mapType: .normal, format: .webp)
        #expect(
            ImageFormat.jpeg.isTile(jpeg, side: 256) && !ImageFormat.jpeg.isTile(Array(jpeg.dropLast(2)), side: 256))
        #expect(ImageFormat.webp.isTile(webp, side: 256) && !ImageFormat.webp.isTile(Array(webp.prefix(40)), side: 256))
        #expect(!ImageFormat.png.isTile(jpeg, side: 256) && !ImageFormat.jpeg.isTile(webp, side: 256))
    }
}
