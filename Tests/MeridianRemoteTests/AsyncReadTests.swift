import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

@testable import MeridianRemote

/// Remote reads from Swift tasks (`Tileset.loadData(for:deadline:)`) run off the cooperative
/// threads: 64 of them in flight against a slow data server, on this machine's two cooperative
/// threads, neither deadlock nor stop a task beside them.
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct AsyncReadTests {
    @Test("64 concurrent remote reads from tasks: every tile read, and a task beside them keeps running")
    func manyReadsFromTasks() async throws {
        let server = try BadServer(mode: "slowfar")
        defer { server.stop() }
        let url = server.url("async")
        let reader = RemoteReader()
        // One tileset per read (a tileset serves one read at a time), opened first.
        var readers: [any Tileset] = []
        for _ in 0..<64 { readers.append(try reader.archive(url)) }
        nonisolated(unsafe) let all = readers
        let ticks = NIOLockedValueBox(0)
        let reading = NIOLockedValueBox(true)
        let heartbeat = Task {
            while reading.withLockedValue({ $0 }) {
                try await Task.sleep(for: .milliseconds(10))
                ticks.withLockedValue { $0 += 1 }
            }
        }
        let read = try await withThrowingTaskGroup(of: Int.self) { group in
            for (i, reader) in all.enumerated() {
                nonisolated(unsafe) let reader = reader
                group.addTask {
                    let tile = TileID(z: 2, x: i % 4, y: (i / 4) % 4)
                    let bytes = try await reader.loadData(for: tile, deadline: .after(seconds: 30))
                    return bytes?.first.map { Int($0) } == (i % 4) * 4 + (i / 4) % 4 ? 1 : 0
                }
            }
            return try await group.reduce(0, +)
        }
        reading.withLockedValue { $0 = false }
        try await heartbeat.value
        #expect(read == 64, "every read gave its tile's bytes: \(read) of 64")
        // The server answers each tile after 0.3 s: the task beside ticked meanwhile (every 10 ms
        // alone; 3 times in the full suite's load, with a package building beside it). Reads that
        // held both cooperative threads would leave it none until they all ended.
        #expect(ticks.withLockedValue { $0 } >= 2, "ticks beside the reads: \(ticks.withLockedValue { $0 })")
    }
}
