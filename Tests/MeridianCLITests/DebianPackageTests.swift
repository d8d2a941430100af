import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeridianTestSupport
import Testing

/// The Debian package as a new user meets it (issue 21): `scripts/package.sh` builds it, lintian
/// finds no error, and unpacked into a temporary root, run from another folder with an empty
/// HOME and `XDG_DATA_DIRS` at the root's `usr/share`, the tool finds the shipped data by itself,
/// imports into the user's folder (the shipped one stays byte for byte), lists both, and serves.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian"),
        "needs the default data and lintian (scripts/setup.sh installs it)"), .serialized)
struct DebianPackageTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs a program to its end: status, standard output, standard error.
    static func run(
        _ program: String, _ arguments: [String], in folder: String = checkout,
        environment: [String: String]? = nil
    ) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        let out = Pipe()
        let err = Pipe()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        if let environment { process.environment = environment }
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        // Read both pipes while the program runs (a full pipe would stall it).
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    /// Every file under `folder` with its SHA-256, one line each, sorted.
    static func fingerprint(_ folder: String) throws -> String {
        try run("sh", ["-c", "cd \"$1\" && find . -type f -print0 | sort -z | xargs -0 sha256sum", "sh", folder]).out
    }

    @Test(
        "the .deb passes lintian; unpacked, --version, render, import, list and serve work from another folder with an empty HOME; its unit verifies"
    )
    func package() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-deb-\(UUID().uuidString.prefix(8))"
        ).path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let (out, root, home, elsewhere) = (
            scratch + "/out", scratch + "/root", scratch + "/home", scratch + "/elsewhere"
        )
        for folder in [out, root, home, elsewhere] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let built = try Self.run("bash", ["scripts/package.sh", out])
        try #require(built.status == 0, "\(built.out.suffix(1500))\(built.err.suffix(1500))")
        let deb = try #require(
            try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix("_amd64.deb") }.map {
                out + "/" + $0
            })
        let lintian = try Self.run("lintian", ["--fail-on", "error", deb])
        #expect(lintian.status == 0 && !lintian.out.contains("E: "), "lintian:\n\(lintian.out)\(lintian.err)")
        try #require(try Self.run("dpkg-deb", ["-x", deb, root]).status == 0)

        let tool = root + "/usr/bin/meridian"
        let shipped = root + "/usr/share/meridian"
        let user = home + "/.local/share/meridian"
        let env = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "XDG_DATA_DIRS": root + "/usr/share",
            "LANG": "C.UTF-8",
        ]
        func meridian(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
            try Self.run(tool, arguments, in: elsewhere, environment: env)
        }
        // No Swift toolchain needed: nothing of Swift's runtime or Foundation is loaded from outside.
        let ldd = try Self.run("ldd", [tool])
        #expect(ldd.status == 0 && !ldd.out.contains("libswift") && !ldd.out.contains("libFoundation"), "\(ldd.out)")
        let version = try meridian(["--version"])
        #expect(
            version.status == 0
                && version.out.trimmingCharacters(in: .whitespacesAndNewlines).range(
                    of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil,
            "\(version)")
        #expect(deb.hasSuffix("meridian_\(version.out.trimmingCharacters(in: .whitespacesAndNewlines))_amd64.deb"))

        // The shipped data, found without --data: the same bytes as naming the folder.
        let view = ["render", "--lat", "60.1716", "--lng", "24.9443", "--zoom", "15", "--size", "400x300"]
        let found = try meridian(view + ["-o", elsewhere + "/found.png"])
        let named = try meridian(view + ["--data", shipped, "-o", elsewhere + "/named.png"])
        #expect(found.status == 0 && named.status == 0, "\(found.err)\(named.err)")
        let png = try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/found.png"))
        let same = try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/named.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 20_000 && png == same)

        // An import goes to the user's folder; the shipped folder stays byte-identical.
        let before = try Self.fingerprint(shipped)
        let imported = try meridian(["data", "import", TestData.path("Kotka.osm.pbf")])
        #expect(
            imported.status == 0 && imported.out.contains("imported kotka into \(user)"),
            "\(imported.out)\(imported.err.suffix(1500))")
        #expect(FileManager.default.fileExists(atPath: user + "/openmaptiles/kotka.mbtiles"))
        let after = try Self.fingerprint(shipped)
        #expect(after == before && before.contains("openmaptiles/helsinki.mbtiles"))
        let list = try meridian(["data", "list"])
        #expect(list.status == 0)
        #expect(
            list.err.contains("data folder: \(user) (writable: imports go here)")
                && list.err.contains("data folder: \(shipped) (read-only here)"), "\(list.err)")
        #expect(list.out.contains("kotka  source openmaptiles") && list.out.contains(", in \(user)\n"), "\(list.out)")
        #expect(
            list.out.split(separator: "\n").contains { $0.hasPrefix("helsinki  ") && $0.hasSuffix(", in \(shipped)") },
            "\(list.out)")

        // serve answers /health and a static map from the found data.
        let port = DeployTests.freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: tool)
        server.arguments = ["serve", "--port", "\(port)"]
        server.currentDirectoryURL = URL(fileURLWithPath: elsewhere)
        server.environment = env
        (server.standardOutput, server.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
        try server.run()
        defer { server.terminate() }
        try await DeployTests.waitUntilUp("http://127.0.0.1:\(port)/health")
        #expect(await DeployTests.get("http://127.0.0.1:\(port)/health")?.0 == 200)
        let map = await DeployTests.get(
            "http://127.0.0.1:\(port)/staticmap?center=60.1716,24.9443&zoom=15&size=300x200")
        #expect(map?.0 == 200 && map?.1["content-type"] == "image/png", "\(String(describing: map))")

        // The unit verifies with its binary and man page where the package put them: a copy
        // whose ExecStart names the unpacked binary, its man page found through MANPATH.
        let unit = try String(contentsOfFile: root + "/lib/systemd/system/meridian.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/meridian serve --host 127.0.0.1 "))
        try FileManager.default.createDirectory(atPath: scratch + "/unit", withIntermediateDirectories: true)
        try unit.replacingOccurrences(of: "/usr/bin/meridian", with: tool).write(
            toFile: scratch + "/unit/meridian.service", atomically: true, encoding: .utf8)
        let verify = try Self.run(
            "systemd-analyze", ["verify", scratch + "/unit/meridian.service"],
            environment: ["PATH": "/usr/bin:/bin", "MANPATH": root + "/usr/share/man"])
        #expect(verify.status == 0 && verify.err.isEmpty, "\(verify.out)\(verify.err)")
    }
}
