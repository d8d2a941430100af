import Foundation
import MeridianCamera
@testable import MeridianData
import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import Testing

/// Fuzzing with hostile tileset files (issue 23): generated MBTiles (views, endless views,
/// 40 MB tiles, WAL mode, hostile metadata and tiles, flipped bytes) and PMTiles (directories
/// that lie, cycles, bombs, unknown compressions), each opened, listed, read tile by tile and
/// imported as a user's tools would. Every failure must be a typed error that names the file,
/// and the file and its folder must be as they were: nothing written beside it, nothing changed.
///
/// Fixed seed in the suite; `MERIDIAN_FUZZ_SEED` and `MERIDIAN_FUZZ_FILES` run others and more.
@Suite struct HostileFileFuzzTests {
    static let seed = ProcessInfo.processInfo.environment["MERIDIAN_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x4D45_5249
    static let files = ProcessInfo.processInfo.environment["MERIDIAN_FUZZ_FILES"].flatMap(Int.init) ?? 40

    /// The tiles each file is asked for: those the files hold most often, and one they never do.
    static let reads = HostileFiles.targets.map { TileID(z: $0.z, x: $0.x, y: $0.y) } + [TileID(z: 14, x: 0, y: 0)]

    /// Every file in `folder`, relative, with its size: what "as it was" means.
    static func state(_ folder: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for item in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [] {
            out[item] = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + item)[.size] as? Int) ?? -1
        }
        return out
    }

    /// Opens `path` and reads every tile of ``reads``; counts the typed errors, and checks each
    /// names the file.
    static func read(_ path: String, _ context: String) -> (tiles: Int, errors: Int) {
        var tiles = 0
        var errors = 0
        func check(_ error: TileError) {
            errors += 1
            #expect(error.description.contains(path), "\(context): an error that does not name the file: \(error)")
        }
        do {
            let tileset = try DataFolder.open(path)
            _ = (tileset.info.zoomRange, tileset.info.bounds, tileset.info.vectorLayers)
            for id in reads {
                do {
                    if try tileset.data(for: id) != nil { tiles += 1 }
                    _ = try tileset.vectorTile(id)
                } catch { check(error) }
            }
        } catch { check(error) }
        return (tiles, errors)
    }

    /// Lists the folder and imports the file into a fresh one: the listing names the file as a
    /// tileset or a problem; the import succeeds whole or fails leaving the fresh folder empty.
    static func listAndImport(_ data: String, _ path: String, _ context: String) throws -> Bool {
        let (entries, problems) = Catalog(folder: DataFolder(path: data)).entries()
        #expect(
            entries.contains { $0.path == path } || problems.contains { $0.contains(path) },
            "\(context): listed neither as a tileset nor a problem: \(problems)")
        let target = temporaryPath("fuzz-import-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: target) }
        let name = "hostile"
        do throws(DataError) {
            _ = try Importer(folder: DataFolder(path: target)).importFile(path, name: name)
            #expect(
                state(target).keys.sorted() == [
                    "openmaptiles", "openmaptiles/\(name)." + (path as NSString).pathExtension,
                ], "\(context)")
            return true
        } catch {
            #expect(
                error.description.contains(path), "\(context): an import error that does not name the file: \(error)")
            #expect(state(target).isEmpty, "\(context): a failed import left \(state(target).keys.sorted())")
            return false
        }
    }

    @Test(
        "fuzz: hostile MBTiles (views, endless views, 40 MB tiles, WAL, hostile metadata and tiles, flipped bytes) fail with typed errors naming the file and change nothing"
    )
    func hostileMBTiles() throws {
        var files = HostileFiles(seed: Self.seed)
        var read = 0
        var failed = 0
        var imported = 0
        for i in 0..<Self.files {
            let data = temporaryPath("fuzz-mbtiles-\(i)-\(UUID().uuidString.prefix(6))")
            try FileManager.default.createDirectory(atPath: data + "/openmaptiles", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: data) }
            let path = data + "/openmaptiles/hostile.mbtiles"
            let traits = try files.mbtiles(at: path)
            let context = "file \(i) of seed \(Self.seed) (\(traits.joined(separator: ", ")))"
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let before = Self.state(data)
            let result = Self.read(path, context)
            read += result.tiles
            failed += result.errors
            if try Self.listAndImport(data, path, context) { imported += 1 }
            // Read-only and immutable: no -wal, -shm or -journal beside it, not a byte changed.
            #expect(Self.state(data) == before, "\(context): the folder changed")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(context): the file changed")
        }
        // Every outcome is exercised: tiles read, errors met, files imported.
        #expect(read > 0 && failed > 0 && imported > 0)
        print(
            "fuzz: \(Self.files) hostile MBTiles (seed \(Self.seed)): \(read) tiles read, \(failed) typed errors, \(imported) imported"
        )
    }

    @Test(
        "fuzz: hostile PMTiles (lying headers and directories, leaf cycles, bombs, unknown compressions, flipped bytes) fail with typed errors naming the file"
    )
    func hostilePMTiles() throws {
        var files = HostileFiles(seed: Self.seed)
        var read = 0
        var failed = 0
        var imported = 0
        for i in 0..<(Self.files * 25) {
            let data = temporaryPath("fuzz-pmtiles-\(i)-\(UUID().uuidString.prefix(6))")
            try FileManager.default.createDirectory(atPath: data + "/openmaptiles", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: data) }
            let path = data + "/openmaptiles/hostile.pmtiles"
            let (bytes, traits) = files.pmtiles()
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let context = "archive \(i) of seed \(Self.seed) (\(traits.joined(separator: ", ")))"
            let result = Self.read(path, context)
            read += result.tiles
            failed += result.errors
            // Importing copies and checks each archive; every fifth is enough to cover the path.
            if i % 5 == 0, try Self.listAndImport(data, path, context) { imported += 1 }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "\(context): the file changed")
        }
        #expect(read > 0 && failed > 0 && imported > 0)
        print(
            "fuzz: \(Self.files * 25) hostile PMTiles (seed \(Self.seed)): \(read) tiles read, \(failed) typed errors, \(imported) imported"
        )
    }
}
