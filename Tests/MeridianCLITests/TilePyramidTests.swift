import Foundation
import MeridianTestSupport
import MeridianCamera
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
        let resumed = try runMeridian(shard + ["-o", output])
        #expect(resumed.status == 0, "\(resumed.err)")
        let drawn = Int(resumed.err.split(separator: ":").last?.split(separator: " ").first ?? "") ?? -1
        #expect(drawn >= 0 && drawn < all, "only the missing tiles: \(drawn) of \(all)")
        #expect(
            FileManager.default.contents(atPath: output)
                == FileManager.default.contents(atPath: dir + "/straight.pmtiles"))
        #expect(!FileManager.default.fileExists(atPath: journal), "the journal removed at the end")
    }
}
