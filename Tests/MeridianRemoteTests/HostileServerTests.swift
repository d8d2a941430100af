import AsyncHTTPClient
import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@testable import MeridianRemote

/// A data server that misbehaves (`Tests/Remote/bad_server.py`): every way is a clear error
/// naming the URL, within the request's deadline and its retries, with nothing held beyond what
/// was asked; never a hang, a crash or a wrong tile.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
struct HostileServerTests {
    /// A PMTiles archive of a few tiles, written here.
    static let archive: String = {
        let path = temporaryPath("hostile-remote.pmtiles")
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<4 {
            for y in 0..<4 { tiles[TileID(z: 2, x: x, y: y)] = Array(repeating: UInt8(x * 4 + y), count: 70_000) }
        }
        try? PMTilesArchiveWriter.write(
            tiles, to: path, type: .png, tileCompression: .none, bounds: (-180, -85, 180, 85),
            metadata: Array("{}".utf8))
        return path
    }()

    /// Runs the bad server in `mode` for `body`, which gets the archive's URL.
    static func withServer(_ mode: String, _ body: (String) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Remote/bad_server.py").path
        process.arguments = [script, archive, mode]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            // SIGKILL: a child of the test runner inherits its blocked signal mask, so SIGTERM
            // (`terminate()`) stays pending and the wait would never end.
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
            Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        try body("http://127.0.0.1:\(port)/x-\(mode)-\(UUID().uuidString.prefix(6)).pmtiles")
    }

    @Test(
        "a range cut short, a Content-Range that lies, a body longer than asked, a server that ignores ranges, one that stalls: each a clear error",
        arguments: ["short", "lie", "long", "whole", "slow"])
    func misbehaves(mode: String) async throws { try await onOwnThread { try Self.misbehavesRun(mode: mode) } }

    static func misbehavesRun(mode: String) throws {
        try Self.withServer(mode) { url in
            let archive = RemoteArchive(url: url, client: HTTPClient.shared, timeout: 1)
            let started = Date()
            do throws(TileError) {
                let tileset = try PMTiles(source: RemoteBytes(archive, try archive.version()))
                _ = try tileset.data(for: TileID(z: 2, x: 1, y: 1))
                Issue.record("\(mode): read without an error")
            } catch {
                guard case let .unavailable(named, reason, retryAfter) = error else {
                    Issue.record("\(mode): \(error)")
                    return
                }
                #expect(named == url && !reason.isEmpty && retryAfter >= 1, "\(mode): \(error)")
            }
            // Every attempt within the one deadline (a second), and room for a loaded machine.
            #expect(Date().timeIntervalSince(started) < 4, "\(mode): no hang")
            #expect(
                archive.stats.bytes <= 3 * Int(RemoteArchive.blockSize), "\(mode): nothing held beyond what was asked")
            CircuitBreaker.shared.success(CircuitBreaker.origin(url))
        }
    }
}
