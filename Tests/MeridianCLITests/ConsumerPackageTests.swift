import Foundation
import Testing

/// examples/consumer, a package that depends on Meridian by path for `MeridianCamera` and
/// `GoogleMapsCompat` alone, builds, runs, and links only the Swift toolchain's own libraries
/// and the C runtime (no Cairo, SQLite, zlib or any other -dev package of the renderer).
@Suite(.serialized) struct ConsumerPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs a program, returning its status and standard output (standard error appended).
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "the example consumer builds, prints the camera the SDK's update gives and the target at the view's centre, and links no library beyond the toolchain's and the C runtime"
    )
    func consumer() throws {
        let build = try Self.run(
            "swift", ["build", "--package-path", "examples/consumer", "--scratch-path", ".build/consumer"])
        try #require(build.status == 0, "\(build.out.suffix(2000))")
        let binary = Self.root + "/.build/consumer/debug/consumer"
        let output = try Self.run(binary, [])
        #expect(output.status == 0)
        #expect(output.out.contains("zoom after zoom(by: 2): 14.0"), "\(output.out)")
        #expect(output.out.contains("target on screen: 200.0, 150.0"), "\(output.out)")
        let ldd = try Self.run("ldd", [binary])
        #expect(ldd.status == 0)
        // The toolchain's libraries live beside libswiftCore.so; everything else must be the C runtime.
        let libraries = ldd.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        let core = try #require(libraries.first { $0.hasPrefix("libswiftCore.so") })
        let toolchain = try #require(
            core.components(separatedBy: "=> ").last?.components(separatedBy: "/libswiftCore.so").first)
        let runtime = [
            "linux-vdso.so", "libc.so", "libm.so", "libstdc++.so", "libgcc_s.so", "ld-linux", "/lib64/ld-linux",
            "libpthread.so", "libdl.so", "librt.so",
        ]
        let foreign = libraries.filter { line in
            !line.contains(toolchain + "/") && !runtime.contains { line.hasPrefix($0) }
        }
        #expect(foreign.isEmpty, "linked beyond the toolchain and the C runtime: \(foreign)")
        #expect(libraries.count >= 5, "\(ldd.out)")
    }
}
