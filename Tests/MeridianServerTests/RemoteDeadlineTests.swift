import Foundation
import MeridianCamera
import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

@testable import MeridianRemote

/// A frame's deadline bounds its reads from a data server: a server that stalls on a tile costs a
/// `/staticmap` request the drawing deadline, not that deadline plus the remote read's own 10 s.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
struct RemoteDeadlineTests {
    /// A PMTiles archive of sixteen 70 KB raster tiles at zoom 2: its header and directories in
    /// the first 64 KiB, its tiles beyond.
    static let archive: String = {
        let path = temporaryPath("deadline-remote.pmtiles")
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<4 {
            for y in 0..<4 { tiles[TileID(z: 2, x: x, y: y)] = Array(repeating: UInt8(x * 4 + y), count: 70_000) }
        }
        try? PMTilesArchiveWriter.write(
            tiles, to: path, type: .png, tileCompression: .none, bounds: (-180, -85, 180, 85),
            metadata: Array("{}".utf8))
        return path
    }()

    @Test("a data server that stalls on the tiles: /staticmap answers by its deadline (2 s), not 10 s later")
    func stalledServer() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Remote/bad_server.py").path, Self.archive, "stallfar",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var line = Data()
        while !line.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let port = try #require(
            Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces.union(.newlines))))
        let url = "http://127.0.0.1:\(port)/stalls-\(UUID().uuidString.prefix(6)).pmtiles"
        defer { CircuitBreaker.shared.success(CircuitBreaker.origin(url)) }
        let style = try Style(
            json: Data(
                #"""
                {"version": 8, "sources": {"r": {"type": "raster", "url": "pmtiles://\#(url)", "tileSize": 256}},
                 "layers": [{"id": "r", "type": "raster", "source": "r"}]}
                """#.utf8))
        var limits = HTTPLimits()
        limits.deadline = 2
        try await withLiveServer(limits: limits, style: style, remote: RemoteReader.shared) { base in
            let started = Date()
            let answer = try await get(base + "/staticmap?center=0,0&zoom=2&size=256x256")
            let took = Date().timeIntervalSince(started)
            // The archive opened (the server started); its tiles never come: not a map.
            #expect(answer.status != 200, "status \(answer.status)")
            // By the deadline and the time to answer, far under the remote read's own 10 s.
            #expect(took < 6, "took \(took) s")
            #expect(try await get(base + "/health").status == 200)
        }
    }
}
