import Foundation
import MeridianTestSupport
import Testing

/// `meridian data` as a user runs it, with the real tools (osmium, tilemaker) on a real extract.
@Suite(
    .enabled(
        if: TestData.available("Kotka.osm.pbf") && FileManager.default.isExecutableFile(atPath: "/usr/bin/tilemaker"),
        "needs the default data (its OSM extracts) and tilemaker"), .serialized)
struct DataCLITests {
    static func emptyFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-\(name)-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func listing(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("import an extract, list it, render it from that folder alone, remove it")
    func importListRenderRemove() throws {
        let folder = try Self.emptyFolder("data-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imported = try runMeridian(["data", "import", TestData.path("Kotka.osm.pbf"), "--data", folder])
        #expect(imported.status == 0, "\(imported.err)")
        // A line per step, each with its time.
        for step in ["[1/5]", "[2/5]", "[3/5]", "[4/5] making OpenMapTiles-schema tiles", "[5/5]"] {
            #expect(imported.err.contains(step), "\(imported.err)")
        }
        #expect(
            imported.out.contains("imported kotka")
                && Self.listing(folder) == ["openmaptiles", "openmaptiles/kotka.mbtiles"])
        let list = try runMeridian(["data", "list", "--data", folder])
        #expect(
            list.status == 0
                && list.out.contains("kotka  source openmaptiles, mbtiles, openmaptiles schema (vector), bounds 26.93"))
        #expect(list.out.contains("zooms 0–14"))
        let png = folder + "/karhula.png"
        let render = try runMeridian([
            "render", "--lat", "60.53", "--lng", "26.95", "--zoom", "16", "--size", "320x240", "--data", folder, "-o",
            png,
        ])
        let size = pngSize(try Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(render.status == 0 && size?.0 == 320 && size?.1 == 240)
        #expect(render.err.contains("warning: source world") && render.err.contains("warning: source coast"))
        #expect(try runMeridian(["data", "remove", "kotka", "--data", folder]).status == 0)
        #expect(Self.listing(folder) == ["karhula.png", "openmaptiles"])
        let again = try runMeridian(["data", "remove", "kotka", "--data", folder])
        #expect(again.status != 0 && again.err.contains("no tileset named 'kotka'"))
    }

    @Test("an import interrupted while tilemaker runs exits 130 and leaves the folder as it was")
    func interrupted() async throws {
        let folder = try Self.emptyFolder("data-interrupted")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let before = Self.listing(folder)
        let binary = meridianBinary
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["data", "import", TestData.path("Helsinki.osm.pbf"), "--data", folder]
        let log = folder + "/../meridian-interrupt-\(ProcessInfo.processInfo.processIdentifier).log"
        FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait (at most 60 s) until tilemaker is at work, then interrupt as Ctrl-C would. The
        // waiting runs on a thread of its own, so a busy test pool cannot make it late.
        let sawTilemaker = await withCheckedContinuation { continuation in
            Thread {
                var waited = 0
                while waited < 3000, !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("[4/5]") {
                    Thread.sleep(forTimeInterval: 0.02)
                    waited += 1
                }
                Thread.sleep(forTimeInterval: 0.3)
                process.interrupt()
                process.waitUntilExit()
                continuation.resume(returning: waited < 3000)
            }.start()
        }
        #expect(sawTilemaker, "tilemaker never started")
        #expect(
            process.terminationStatus == 130,
            "exit \(process.terminationStatus): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(Self.listing(folder) == before)
    }

    @Test(
        "an import into a folder this user may not write is one line naming the folder, and nothing is written",
        .enabled(if: getuid() == 0, "drops to nobody with setpriv"))
    func readOnlyFolder() throws {
        let folder = try Self.emptyFolder("data-read-only")  // root's, mode 755: nobody may not write it
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = meridianBinary
        let process = Process()
        let err = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", binary, "data", "import",
            TestData.path("Kotka.osm.pbf"), "--data", folder,
        ]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, err)
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(
            message.contains("the data folder \(folder) cannot be written here")
                && message.split(separator: "\n").count <= 3, "\(message)")
        #expect(Self.listing(folder).isEmpty)
    }
}
