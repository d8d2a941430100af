import Foundation
@testable import MeridianTiles
import Testing

/// Where data is found without `--data`: `$MERIDIAN_DATA`, a checkout's build, the user's
/// folder, the system's; the first that holds anything, else the user's (for `data import`).
@Suite struct DataFolderSearchTests {
    /// A fresh temporary folder with `home`, `work` (the working directory) and `system`.
    static func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-search-\(UUID().uuidString)").path
        for sub in ["home", "work", "system"] { try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true) }
        return root
    }

    static func fill(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/world.mbtiles"))
    }

    @Test("the search order: a checkout's build, the user's folder, then each system folder; relative XDG values ignored")
    func order() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let env = ["HOME": root + "/home", "XDG_DATA_DIRS": root + "/system:relative/dir:/usr/share/"]
        #expect(DataFolder.searchPath(environment: env, workingDirectory: root + "/work")
                == [root + "/home/.local/share/meridian", root + "/system/meridian", "/usr/share/meridian"])
        try FileManager.default.createDirectory(atPath: root + "/work/.build/meridian-data", withIntermediateDirectories: true)
        #expect(DataFolder.searchPath(environment: env, workingDirectory: root + "/work").first == root + "/work/.build/meridian-data")
        #expect(DataFolder.userFolder(environment: ["XDG_DATA_HOME": "/data/x/", "HOME": "/home/u"]) == "/data/x/meridian")
        #expect(DataFolder.userFolder(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"]) == "/home/u/.local/share/meridian")
        #expect(DataFolder.searchPath(environment: ["HOME": "/home/u"], workingDirectory: "/").suffix(2) == ["/usr/local/share/meridian", "/usr/share/meridian"])
    }

    @Test("resolve: --data, then $MERIDIAN_DATA, then the first searched folder that holds anything, else the user's")
    func resolve() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let env = ["HOME": root + "/home", "XDG_DATA_DIRS": root + "/system"], work = root + "/work"
        let user = root + "/home/.local/share/meridian"
        // Nothing anywhere: the user's folder (data import creates it).
        #expect(DataFolder.resolve(nil, environment: env, workingDirectory: work).path == user)
        // The system's data, when nothing else holds any.
        try Self.fill(root + "/system/meridian")
        #expect(DataFolder.resolve(nil, environment: env, workingDirectory: work).path == root + "/system/meridian")
        // An empty user folder does not hide it; a filled one comes first.
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        #expect(DataFolder.resolve(nil, environment: env, workingDirectory: work).path == root + "/system/meridian")
        try Self.fill(user)
        #expect(DataFolder.resolve(nil, environment: env, workingDirectory: work).path == user)
        // A checkout's build comes before both; $MERIDIAN_DATA and --data before everything.
        try Self.fill(work + "/.build/meridian-data")
        #expect(DataFolder.resolve(nil, environment: env, workingDirectory: work).path == work + "/.build/meridian-data")
        #expect(DataFolder.resolve(nil, environment: env.merging(["MERIDIAN_DATA": "/elsewhere"]) { $1 }, workingDirectory: work).path == "/elsewhere")
        #expect(DataFolder.resolve("/given", environment: env.merging(["MERIDIAN_DATA": "/elsewhere"]) { $1 }, workingDirectory: work).path == "/given")
    }
}
