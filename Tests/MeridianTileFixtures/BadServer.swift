import Foundation
import MeridianCamera
import MeridianTiles

/// A data server that misbehaves on purpose (`Tests/Remote/bad_server.py`, run by python3): one
/// archive served by range requests as `mode` says (`short`, `lie`, `long`, `slow`, `whole`,
/// `stallfar`, `count`: see the script). Stopped (SIGKILL: a child of the test runner inherits its
/// blocked signal mask, so SIGTERM would stay pending) by ``stop()``.
public final class BadServer {
    /// A PMTiles archive of sixteen 70 KB raster tiles at zoom 2: its header and directories in
    /// the first 64 KiB, its tiles beyond.
    public static let archive: String = {
        let path = NSTemporaryDirectory() + "meridian-bad-server-\(getpid()).pmtiles"
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<4 {
            for y in 0..<4 { tiles[TileID(z: 2, x: x, y: y)] = Array(repeating: UInt8(x * 4 + y), count: 70_000) }
        }
        try? PMTilesArchiveWriter.write(
            tiles, to: path, type: .png, tileCompression: .none, bounds: (-180, -85, 180, 85),
            metadata: Array("{}".utf8))
        return path
    }()

    /// Whether the server can run here.
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") }

    public let port: Int
    /// The server's standard output after the port's line (`count` writes a line per request),
    /// and what of it was read with the port.
    public let output: FileHandle
    public let leftover: String
    private let process: Process

    /// Starts the server in `mode` on ``archive`` and reads its port.
    public init(mode: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Remote/bad_server.py").path
        process.arguments = [script, Self.archive, mode]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        output = pipe.fileHandleForReading
        var read = ""
        while !read.contains("\n") {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            read += String(decoding: chunk, as: UTF8.self)
        }
        let lines = read.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, let port = Int(first.trimmingCharacters(in: .whitespaces)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        leftover = lines.count > 1 ? String(lines[1]) : ""
    }

    /// A URL of the archive on this server, under a name no other test uses (`tag` in it).
    public func url(_ tag: String) -> String {
        "http://127.0.0.1:\(port)/\(tag)-\(UUID().uuidString.prefix(6)).pmtiles"
    }

    /// Stops the server and waits for it.
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
