import Foundation
@testable import MeridianRender

/// The generated multi-script town (scripts/data/multiscript_opl.py) imported once per test
/// process, as a user would: OPL → `osmium cat` → `meridian data import` (tilemaker), into
/// .build/test-multiscript/data. Nil without tilemaker, osmium or the Noto fonts.
enum MultiScriptTown {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Whether the tools and fonts the town needs are on this machine.
    static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tilemaker")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/osmium")
        && FontChain.regular.count >= 8

    /// The folder holding `data/` (the imported town) and `multiscript.opl`, or nil when the
    /// import failed (its error on standard error).
    static let folder: String? = {
        guard available else { return nil }
        let folder = checkout + "/.build/test-multiscript-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let meridian = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("meridian").path
            let opl = folder + "/multiscript.opl"
            let pbf = folder + "/multiscript.osm.pbf"
            guard try run("/usr/bin/python3", [checkout + "/scripts/data/multiscript_opl.py"], output: opl).0 == 0,
                try run("/usr/bin/osmium", ["cat", "-F", "opl", opl, "-o", pbf, "--overwrite"]).0 == 0
            else { return nil }
            let imported = try run(
                meridian, ["data", "import", pbf, "--name", "multiscript", "--data", folder + "/data"])
            guard imported.0 == 0 else {
                FileHandle.standardError.write(Data(imported.1.utf8))
                return nil
            }
            atexit { if let folder = MultiScriptTown.folder { try? FileManager.default.removeItem(atPath: folder) } }
            return folder
        } catch { return nil }
    }()

    /// Runs a program to its end; its status and standard error.
    static func run(_ program: String, _ arguments: [String], output: String? = nil) throws -> (Int32, String) {
        let process = Process()
        let err = Pipe()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let output {
            FileManager.default.createFile(atPath: output, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }
}
