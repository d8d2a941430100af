import Foundation
@testable import MeridianTiles
import Testing

/// Where data is found without `--data`: `$MERIDIAN_DATA`, a checkout's build, the user's
/// folder, the system's; the first that holds anything, else the user's (for `data import`).
@Suite struct DataFolderSearchTests {
    /// A fresh temporary folder with `home`, `work` (the working directory) and `system`.
    static func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-search-\(UUID().uuidString)")
            .path
        for sub in ["home", "work", "system"] {
            try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true)
        }
        return root
    }

    static func fill(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/world.mbtiles"))
    }

    @Test(
        "the search order: a checkout's build, the user's folder, then each system folder; relative XDG values ignored")
    func order() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let env = ["HOME": root + "/home", "XDG_DATA_DIRS": root + "/system:relative/dir:/usr/share/"]
        #expect(
            DataFolder.searchPath(environment: env, workingDirectory: root + "/work")
                == [root + "/home/.local/share/meridian", root + "/system/meridian", "/usr/share/meridian"])
        try FileManager.default.createDirectory(
            atPath: root + "/work/.build/meridian-data", withIntermediateDirectories: true)
        #expect(
            DataFolder.searchPath(environment: env, workingDirectory: root + "/work").first == root
                + "/work/.build/meridian-data")
        #expect(
            DataFolder.userFolder(environment: ["XDG_DATA_HOME": "/data/x/", "HOME": "/home/u"]) == "/data/x/meridian")
        #expect(
            DataFolder.userFolder(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
                == "/home/u/.local/share/meridian")
        #expect(
            DataFolder.searchPath(environment: ["HOME": "/home/u"], workingDirectory: "/").suffix(2) == [
                "/usr/local/share/meridian", "/usr/share/meridian",
            ])
    }

    @Test(
        "resolve: --data, then $MERIDIAN_DATA, each alone; else the first writable searched folder, with every other that holds data read after it"
    )
    func resolve() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let env = ["HOME": root + "/home", "XDG_DATA_DIRS": root + "/system"]
        let work = root + "/work"
        let user = root + "/home/.local/share/meridian"
        let system = root + "/system/meridian"
        func resolved() -> DataFolder { DataFolder.resolve(nil, environment: env, workingDirectory: work) }
        // Nothing anywhere: the user's folder (data import creates it), alone.
        #expect(resolved() == DataFolder(path: user))
        // The system's data is read after the user's folder, which stays the one written.
        try Self.fill(system)
        #expect(resolved() == DataFolder(path: user, layers: [system]))
        try Self.fill(user)
        #expect(resolved().paths == [user, system])
        // A checkout's build comes first; $MERIDIAN_DATA and --data stand alone.
        try Self.fill(work + "/.build/meridian-data")
        #expect(resolved().paths == [work + "/.build/meridian-data", user, system])
        #expect(
            DataFolder.resolve(
                nil, environment: env.merging(["MERIDIAN_DATA": "/elsewhere"]) { $1 }, workingDirectory: work
            ).paths == ["/elsewhere"])
        #expect(
            DataFolder.resolve(
                "/given", environment: env.merging(["MERIDIAN_DATA": "/elsewhere"]) { $1 }, workingDirectory: work
            ).paths == ["/given"])
        // A home that cannot be made (under a file): the first writable folder after it.
        try Data().write(to: URL(fileURLWithPath: root + "/file"))
        let blocked = ["HOME": root + "/file", "XDG_DATA_DIRS": root + "/system"]
        #expect(DataFolder.resolve(nil, environment: blocked, workingDirectory: root + "/home").path == system)
        #expect(!DataFolder.isWritable(root + "/file/x/y") && DataFolder.isWritable(root + "/not/yet/there"))
    }

    @Test(
        "several folders at once: a reference resolves in each, the earlier folder's copy of a file hides the later one's, regions add up"
    )
    func layers() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mine = root + "/home"
        let shipped = root + "/system"
        for (folder, files) in [
            (mine, ["world.mbtiles", "openmaptiles/kotka.mbtiles"]),
            (
                shipped,
                ["world.mbtiles", "coast.mbtiles", "openmaptiles/helsinki.mbtiles", "openmaptiles/kotka.mbtiles"]
            ),
        ] {
            try FileManager.default.createDirectory(atPath: folder + "/openmaptiles", withIntermediateDirectories: true)
            for file in files { try Data(file.utf8).write(to: URL(fileURLWithPath: folder + "/" + file)) }
        }
        let data = DataFolder(path: mine, layers: [shipped, mine])
        #expect(data.paths == [mine, shipped])
        #expect(data.files(for: "mbtiles://world") == [mine + "/world.mbtiles"])
        #expect(data.files(for: "mbtiles://coast") == [shipped + "/coast.mbtiles"])
        #expect(
            data.files(for: "mbtiles://openmaptiles") == [
                mine + "/openmaptiles/kotka.mbtiles", shipped + "/openmaptiles/helsinki.mbtiles",
            ])
        #expect(data.files(for: "mbtiles://../system/coast").isEmpty)
    }
}
