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
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct HostileServerTests {
    /// Runs the bad server in `mode` for `body`, which gets the archive's URL.
    static func withServer(_ mode: String, _ body: (String) throws -> Void) throws {
        let server = try BadServer(mode: mode)
        defer { server.stop() }
        try body(server.url("x-\(mode)"))
    }

    @Test(
        "a range cut short, a Content-Range that lies, a body longer than asked, a server that ignores ranges, one that stalls: each a clear error",
        arguments: ["short", "lie", "long", "whole", "slow"])
    func misbehaves(mode: String) async throws { try await onOwnThread { try Self.misbehavesRun(mode: mode) } }

    static func misbehavesRun(mode: String) throws {
        try Self.withServer(mode) { url in
            // A reader of its own: its breaker and cache are this test's alone.
            let archive = RemoteReader().remoteArchive(url, timeout: 1)
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
            // Every attempt within the one deadline (a second), and room for a loaded machine: CI
            // runs the server suites side by side on two cores, where a thread may wait seconds
            // for a turn; a reader without its deadline would wait on the slow server for minutes.
            #expect(Date().timeIntervalSince(started) < 15, "\(mode): no hang")
            #expect(
                archive.stats.bytes <= 3 * Int(RemoteArchive.blockSize), "\(mode): nothing held beyond what was asked")
        }
    }
}
