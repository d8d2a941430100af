import Foundation
@testable import MeridianData
import MeridianTiles
import MeridianTileFixtures
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Imports take regular files only, read through links (issue 23, defect 12: a FIFO never
/// returned; a symlink was imported as a symlink and broke when its target moved).
@Suite struct ImportFileKindTests {
    @Test("a FIFO and a folder are refused at once by name, the data folder left empty")
    func specialFiles() throws {
        let folder = try ImporterTests.folder("fifo")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let fifo = temporaryPath("pipe-\(UUID().uuidString).mbtiles")
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let dir = temporaryPath("dir-\(UUID().uuidString).mbtiles")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (path, kind) in [(fifo, "FIFO"), (dir, "folder")] {
            do throws(DataError) {
                _ = try Importer(folder: folder).importFile(path, name: "region")
                Issue.record("\(path) was imported")
            } catch {
                #expect(error.description.contains(path) && error.description.contains(kind) && error.description.contains("regular files"), "\(error)")
            }
        }
        #expect(ImporterTests.listing(folder).isEmpty)
    }

    @Test("a symlink is imported as the file it leads to: the region is a regular file and survives the source's removal")
    func symlink() throws {
        let folder = try ImporterTests.folder("link")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let real = try ImporterTests.tileset("linked-\(UUID().uuidString.prefix(6)).mbtiles", layers: ["transportation", "building", "water"])
        let link = temporaryPath("link-\(UUID().uuidString).mbtiles")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let entry = try Importer(folder: folder).importFile(link, name: "region")
        let type = try FileManager.default.attributesOfItem(atPath: entry.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
        try FileManager.default.removeItem(atPath: real)
        let listed = Catalog(folder: folder).entries()
        #expect(listed.entries.map(\.name) == ["region"] && listed.problems.isEmpty, "\(listed.problems)")
    }
}
