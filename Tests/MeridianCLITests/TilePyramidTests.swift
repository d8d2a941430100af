import Foundation
import MeridianTestSupport
import MeridianCamera
import MeridianGeometry
import MeridianTiles
import Testing

/// `meridian tiles render` and `tiles merge` on the default data (issue 35): a region's raster
/// tiles rendered whole, in four shards merged, and a shard killed and resumed.
@Suite(
    .serialized,
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "needs the default data"))
struct TilePyramidTests {
    static let job = ["tiles", "render", "--bounds", "60.15,24.90,60.19,24.98", "--zooms", "10-15"]

    /// A fresh folder for one test's archives.
    static func folder(_ name: String) throws -> String {
        let dir = temporaryPath("pyramid-\(name)")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("four shards merged are the whole run's archive byte for byte; the archive reads as PMTiles of PNG tiles")
    func shardsMerge() async throws {
        try await HeavyClients.shared.run { try await onOwnThread { try Self.shardsMergeRun() } }
    }

    static func shardsMergeRun() throws {
        let dir = try Self.folder("merge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = ["--data", TestData.directory]
        let whole = try runMeridian(Self.job + ["-o", dir + "/whole.pmtiles"] + data)
        #expect(whole.status == 0, "\(whole.err)")
        var drawn = 0
        for i in 1...4 {
            let part = try runMeridian(Self.job + ["--shard", "\(i)/4", "-o", dir + "/part-\(i).pmtiles"] + data)
            #expect(part.status == 0, "\(part.err)")
            drawn += Int(part.err.split(separator: ":").last?.split(separator: " ").first ?? "") ?? 0
        }
        // Given in another order: the shards say which part each is.
        let merged = try runMeridian(
            ["tiles", "merge"] + [3, 1, 4, 2].map { dir + "/part-\($0).pmtiles" } + ["-o", dir + "/merged.pmtiles"])
        #expect(merged.status == 0, "\(merged.err)")
        let one = try #require(FileManager.default.contents(atPath: dir + "/whole.pmtiles"))
        #expect(FileManager.default.contents(atPath: dir + "/merged.pmtiles") == one, "byte for byte")
        let archive = try PMTiles(path: dir + "/whole.pmtiles")
        #expect(archive.info.content == .png && archive.info.zoomRange == 10...15)
        let count = archive.metadata["meridian:job"] == nil ? 0 : Int(archive.header.addressedTiles)
        #expect(count == drawn && count > 50, "every tile once: \(count) in the archive, \(drawn) drawn by the shards")
        let tile = try #require(try archive.data(for: TileID(z: 15, x: 18653, y: 9484)))
        let size = try #require(pngSize(Data(tile)))
        #expect(size == (256, 256))
        // A shard missing, or one of another job, is refused by name.
        let missing = try runMeridian(
            ["tiles", "merge"] + [1, 2, 4].map { dir + "/part-\($0).pmtiles" } + ["-o", dir + "/x.pmtiles"])
        #expect(missing.status != 0 && missing.err.contains("1, 2, 4 of 4"), "\(missing.err)")
        let mixed = try runMeridian([
            "tiles", "merge", dir + "/part-1.pmtiles", dir + "/whole.pmtiles", "-o", dir + "/x.pmtiles",
        ])
        #expect(mixed.status != 0 && mixed.err.contains("whole.pmtiles is not a shard"), "\(mixed.err)")
    }

    @Test("a shard killed part-way resumes from its journal: only the missing tiles drawn, the same archive")
    func killedShardResumes() async throws {
        try await HeavyClients.shared.run { try await onOwnThread { try Self.killedShardResumesRun() } }
    }

    static func killedShardResumesRun() throws {
        let dir = try Self.folder("resume")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = ["--data", TestData.directory]
        let shard = Self.job + ["--shard", "1/2", "--threads", "1"] + data
        let straight = try runMeridian(shard + ["-o", dir + "/straight.pmtiles"])
        #expect(straight.status == 0, "\(straight.err)")
        let all = Int(straight.err.split(separator: ":").last?.split(separator: " ").first ?? "") ?? 0
        // The same shard, killed once its journal holds a few tiles.
        let output = dir + "/resumed.pmtiles"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: meridianBinary)
        process.arguments = shard + ["-o", output]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let journal = output + ".journal"
        let started = Date()
        while process.isRunning && Date().timeIntervalSince(started) < 60 {
            let size = (try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int) ?? 0
            if size > 40_000 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "killed before it finished")
        #expect(!FileManager.default.fileExists(atPath: output) && FileManager.default.fileExists(atPath: journal))
        // Another job's run refuses the journal instead of mixing it in.
        let other = try runMeridian(
            Self.job + ["--shard", "2/2", "--threads", "1", "-o", output] + data)
        #expect(other.status != 0 && other.err.contains("another job"), "\(other.err)")
        let journaled = try Self.journaledTiles(journal)
        let resumed = try runMeridian(shard + ["-o", output])
        #expect(resumed.status == 0, "\(resumed.err)")
        let drawn = Int(resumed.err.split(separator: ":").last?.split(separator: " ").first ?? "") ?? -1
        #expect(drawn >= 0 && drawn < all, "only the missing tiles: \(drawn) of \(all)")
        let same =
            FileManager.default.contents(atPath: output)
            == FileManager.default.contents(atPath: dir + "/straight.pmtiles")
        let why = same ? "" : try Self.differences(output, dir + "/straight.pmtiles", journaled: journaled)
        #expect(same, "\(why)")
        #expect(!FileManager.default.fileExists(atPath: journal), "the journal removed at the end")
    }

    /// The PMTiles tile ids of a journal's whole records (``PyramidJournal``'s layout: a header
    /// line, then per tile 8 bytes of id, 4 of length and the bytes).
    static func journaledTiles(_ path: String) throws -> Set<UInt64> {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        var at = (bytes.firstIndex(of: 0x0A) ?? bytes.count) + 1
        var ids: Set<UInt64> = []
        while at + 12 <= bytes.count {
            let id = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[at + 8 + $1]) << (8 * $1) }
            guard at + 12 + length <= bytes.count else { break }
            ids.insert(id)
            at += 12 + length
        }
        return ids
    }

    /// What differs between two archives of the job, tile by tile: each tile whose bytes differ,
    /// its sizes, and whether the killed run's journal held it; or their metadata.
    static func differences(_ a: String, _ b: String, journaled: Set<UInt64>) throws -> String {
        let (one, two) = (try PMTiles(path: a), try PMTiles(path: b))
        var lines: [String] = []
        if one.metadata != two.metadata { lines.append("metadata \(one.metadata) vs \(two.metadata)") }
        let bounds = CoordinateBounds(
            southWest: Coordinate(latitude: 60.15, longitude: 24.90),
            northEast: Coordinate(latitude: 60.19, longitude: 24.98))
        for z in 10...15 {
            for tile in try TileCover.tiles(in: bounds, zoom: z) {
                let (x, y) = (try one.data(for: tile), try two.data(for: tile))
                guard x != y else { continue }
                let id = PMTilesDirectory.tileID(z: tile.z, x: tile.x, y: tile.y)
                lines.append(
                    "tile \(tile.z)/\(tile.x)/\(tile.y): \(x?.count ?? -1) vs \(y?.count ?? -1) bytes"
                        + (journaled.contains(id) ? " (from the killed run's journal)" : " (drawn on resuming)"))
            }
        }
        return "the resumed archive differs: "
            + (lines.isEmpty ? "in its directory only" : lines.joined(separator: "; "))
    }
}
