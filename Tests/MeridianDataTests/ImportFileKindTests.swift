import CSQLite
import Foundation
@testable import MeridianData
import MeridianTiles
import MeridianTestSupport
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
                #expect(
                    error.description.contains(path) && error.description.contains(kind)
                        && error.description.contains("regular files"), "\(error)")
            }
        }
        #expect(ImporterTests.listing(folder).isEmpty)
    }

    @Test(
        "a symlink is imported as the file it leads to: the region is a regular file and survives the source's removal")
    func symlink() throws {
        let folder = try ImporterTests.folder("link")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let real = try ImporterTests.tileset(
            "linked-\(UUID().uuidString.prefix(6)).mbtiles", layers: ["transportation", "building", "water"])
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

/// An import of an MBTiles whose metadata is a view that never ends stops with an error naming
/// the file, and the data folder is left as it was (issue 23, defect 7).
@Suite struct ImportEndlessViewTests {
    @Test("importing an endless metadata view: an error naming the file, nothing left in the folder")
    func endlessMetadata() throws {
        let folder = try ImporterTests.folder("endless")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let path = temporaryPath("endless-\(UUID().uuidString).mbtiles")
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        let sql =
            "CREATE VIEW metadata AS WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r) SELECT 'name' AS name, 'x' AS value FROM r WHERE n < 0;"
            + "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
        sqlite3_exec(db, sql, nil, nil, nil)
        sqlite3_close(db)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do throws(DataError) {
            _ = try Importer(folder: folder).importFile(path, name: "region")
            Issue.record("an endless view was imported")
        } catch {
            #expect(error.description.contains("million SQLite steps"), "\(error)")
        }
        #expect(ImporterTests.listing(folder).filter { !$0.hasPrefix(".") }.isEmpty, "\(ImporterTests.listing(folder))")
    }
}

/// Work folders of imports: removed only when their process is gone (ESRCH), kept when it lives,
/// even as another user's (EPERM used to count as gone).
@Suite struct WorkFolderTests {
    @Test(
        "a finished process's work folder is removed; init's (pid 1: alive, another user's to a non-root user) and ours stay"
    )
    func cleanUp() throws {
        let folder = try ImporterTests.folder("work")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let mine = ProcessInfo.processInfo.processIdentifier
        #expect(Importer.isGone(dead) && !Importer.isGone(mine) && !Importer.isGone(1) && !Importer.isGone(0))
        for pid in [dead, 1, mine] {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/.import-old-\(pid)", withIntermediateDirectories: true)
        }
        let work = try Importer(folder: folder).workFolder(for: "new")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(
            !left.contains(".import-old-\(dead)") && left.contains(".import-old-1")
                && left.contains(".import-old-\(mine)"), "\(left)")
        #expect(left.contains((work as NSString).lastPathComponent))
    }
}
