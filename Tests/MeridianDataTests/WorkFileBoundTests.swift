import Foundation
@testable import MeridianData
import MeridianTestSupport
import MeridianTileFixtures
import Testing

/// An extract's OpenStreetMap text is bounded (issue 23: a small `.osm.pbf` with dense nodes and
/// one broken way expanded into gigabytes of OPL inside the data folder).
@Suite struct WorkFileBoundTests {
    /// A generated extract: `nodes` nodes of one place and consecutive ids (they compress
    /// thousands of times in PBF), and one way naming a node it does not hold, so the import
    /// must write the extract as OPL to cut that way.
    static func denseExtract(nodes: Int) throws -> String {
        let dir = temporaryPath("dense-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var opl = ""
        opl.reserveCapacity(nodes * 20)
        for id in 1...nodes { opl += "n\(id) v1 x24.9 y60.1\n" }
        // Two corners, so the extract has a box.
        opl += "n\(nodes + 1) v1 x24.8 y60\nn\(nodes + 2) v1 x25 y60.2\n"
        opl += "w1 v1 Thighway=residential Nn1,n2,n\(nodes + 1000)\n"
        try opl.write(toFile: dir + "/dense.opl", atomically: false, encoding: .utf8)
        try ToolRunner.run(
            "osmium", ["cat", "-F", "opl", "-o", dir + "/dense.osm.pbf", "--overwrite", dir + "/dense.opl"])
        try FileManager.default.removeItem(atPath: dir + "/dense.opl")
        return dir + "/dense.osm.pbf"
    }

    @Test("an extract whose text passes the bound fails with a typed error naming it, and leaves the data folder empty")
    func boundedText() throws {
        let extract = try Self.denseExtract(nodes: 200_000)
        defer { try? FileManager.default.removeItem(atPath: (extract as NSString).deletingLastPathComponent) }
        let size = try #require(FileManager.default.attributesOfItem(atPath: extract)[.size] as? Int)
        let folder = try ImporterTests.folder("dense")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        var importer = Importer(folder: folder)
        // A bound of 1 MB: the text of 200,000 nodes is about 10 MB, the extract far smaller.
        importer.textLimit = 1_000_000
        #expect(size < 1_000_000)
        do throws(DataError) {
            _ = try importer.importFile(extract, name: "dense")
            Issue.record("the extract was imported")
        } catch {
            guard case let .noRoom(path, limit, _) = error else {
                Issue.record("not noRoom: \(error)")
                return
            }
            #expect(path == extract && limit == 1_000_000)
            #expect(
                error.description.contains("grew past the bound") && error.description.contains("1.0 MB"), "\(error)")
        }
        // No work folder, no tileset, nothing written past the bound left behind.
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)).isEmpty)
    }

    @Test("the default bound: 64 times the extract, at least 256 MiB, at most half the free space less 256 MiB")
    func defaultBound() {
        let mib: Int64 = 1 << 20
        // A small extract on a roomy disk: the floor.
        #expect(
            OSMBuild.textBound(extractBytes: 1 * mib, freeBytes: 100_000 * mib) == (
                256 * mib, (100_000 - 256) / 2 * mib
            ))
        // A large one: 64 times its size.
        #expect(OSMBuild.textBound(extractBytes: 100 * mib, freeBytes: 100_000 * mib).limit == 6_400 * mib)
        // Little free space: half of what is free past the reserve.
        #expect(OSMBuild.textBound(extractBytes: 100 * mib, freeBytes: 1_256 * mib).limit == 500 * mib)
        // No space at all, or sizes that overflow: never negative, never a trap.
        #expect(OSMBuild.textBound(extractBytes: 100 * mib, freeBytes: 10 * mib) == (0, 0))
        #expect(OSMBuild.textBound(extractBytes: .max, freeBytes: .max).limit == (Int64.max - 256 * mib) / 2)
    }

    @Test("too little free space is refused at once, saying how much is free and how much cutting needs")
    func noRoomUpFront() throws {
        let extract = try Self.denseExtract(nodes: 1_000)
        let dir = (extract as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do throws(DataError) {
            // 1,000 bytes past the 256 MiB kept free: room for 500 bytes of text, not 12 times the extract.
            _ = try OSMBuild.textBound(extract: extract, work: dir + "/.import-x", freeBytes: (256 << 20) + 1000)
            Issue.record("refused nothing with 1,000 bytes past the reserve")
        } catch {
            guard case let .noRoom(path, _, reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                path == extract && reason.contains("MB are free in \(dir)") && reason.contains("needs about"),
                "\(reason)")
        }
        // With room enough, the bound is the floor (a small extract).
        #expect(try OSMBuild.textBound(extract: extract, work: dir, freeBytes: 10 << 30) == OSMBuild.textFloor)
    }

    @Test(
        "a real extract's text fits the bound: the Helsinki sample's OPL is well under 64 times its size",
        .enabled(if: TestData.available("Helsinki.osm.pbf"), "no default data: run scripts/build-data.sh"))
    func realRatio() throws {
        let extract = TestData.path("Helsinki.osm.pbf")
        let dir = temporaryPath("ratio-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try ToolRunner.run(
            "osmium", ["cat", "-f", "opl", "-o", dir + "/h.opl", extract],
            fileSizeLimit: OSMBuild.textBound(extractBytes: 1, freeBytes: .max).limit)
        let pbf = try #require(FileManager.default.attributesOfItem(atPath: extract)[.size] as? Int)
        let opl = try #require(FileManager.default.attributesOfItem(atPath: dir + "/h.opl")[.size] as? Int)
        let ratio = Double(opl) / Double(pbf)
        // OSMBuild's docs say 7–12 for real extracts (this one 7.4); at most 12 is what the free-space check assumes.
        #expect(ratio > 4 && ratio <= 12, "OPL is \(ratio) times the extract")
    }
}
