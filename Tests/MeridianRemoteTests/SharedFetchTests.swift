import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

@testable import MeridianRemote

/// A read that joins a fetch another read has in flight (the same block of one archive, through
/// one reader) is held to its own deadline, not to the fetching read's; and two readers share
/// nothing (each has its own blocks, breaker and archives).
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct SharedFetchTests {
    @Test("a read waiting on another read's stalled fetch gives up at its own 1 s deadline, not the other's 6 s")
    func waitsWithinItsOwnDeadline() async throws {
        try await onOwnThread { try Self.waitsRun() }
    }

    static func waitsRun() throws {
        // The header and directories answer; the tiles beyond 64 KiB stall for a minute.
        let server = try BadServer(mode: "stallfar")
        defer { server.stop() }
        let url = server.url("shared")
        let reader = RemoteReader()
        let (first, second) = (try reader.archive(url), try reader.archive(url))
        nonisolated(unsafe) let fetching = first
        let tile = TileID(z: 2, x: 1, y: 1)
        let firstDone = DispatchSemaphore(value: 0)
        let firstTook = NIOLockedValueBox(0.0)
        Thread {
            let started = Date()
            _ = try? fetching.data(for: tile, deadline: .after(seconds: 6))
            firstTook.withLockedValue { $0 = Date().timeIntervalSince(started) }
            firstDone.signal()
        }.start()
        // The first read's request is in flight: the second finds its block fetched, and waits.
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        do throws(TileError) {
            _ = try second.data(for: tile, deadline: .after(seconds: 1))
            Issue.record("a stalled tile was read")
        } catch {
            guard case let .unavailable(named, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(named == url)
        }
        let took = Date().timeIntervalSince(started)
        // Its 1 s and room for a loaded machine; waiting on the first read's would take 5.5 s.
        #expect(took < 3, "the waiting read took \(took) s")
        firstDone.wait()
        #expect(firstTook.withLockedValue { $0 } >= 5, "the fetching read kept its own deadline")
    }

    @Test(
        "two readers share nothing: one's breaker open on an origin leaves the other reading it; archives and blocks are each reader's"
    )
    func readersShareNothing() async throws {
        try await onOwnThread { try Self.shareNothingRun() }
    }

    static func shareNothingRun() throws {
        let server = try BadServer(mode: "count")
        defer { server.stop() }
        let url = server.url("two")
        let (a, b) = (RemoteReader(), RemoteReader())
        let tile = TileID(z: 2, x: 1, y: 1)
        let fromA = try #require(try a.archive(url).data(for: tile))
        // A's breaker opened on the origin: A's reads fail at once, B's are answered.
        for _ in 0..<CircuitBreaker.threshold { a.context.breaker.failure(CircuitBreaker.origin(url)) }
        let cold = try a.archive(url)
        do throws(TileError) {
            _ = try cold.data(for: TileID(z: 2, x: 3, y: 3))
            Issue.record("read through an open breaker")
        } catch {
            guard case let .unavailable(_, reason, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("failed \(CircuitBreaker.threshold) times"), "\(reason)")
        }
        #expect(try b.archive(url).data(for: tile) == fromA)
        #expect(a.all.count == 1 && b.all.count == 1 && a.all[0] !== b.all[0], "each reader has its own archive")
        // B fetched its own blocks (none of A's cache): requests on both.
        #expect(a.totals.requests >= 1 && b.totals.requests >= 1)
    }
}
