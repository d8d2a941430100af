import AsyncHTTPClient
import Foundation
import MeridianTiles
import NIOConcurrencyHelpers
import NIOCore

/// One archive on an HTTP server, read by range requests and shared by every read of it through
/// one ``RemoteReader`` (``RemoteReader/remoteArchive(_:timeout:)``): its bytes cached once, one
/// request in flight per part.
///
/// Bytes are fetched in blocks of ``blockSize`` (a tile's neighbours in a PMTiles archive lie
/// next to it, so one block serves several), the missing blocks of a read in one request a run
/// (neighbouring ranges coalesced), kept in its reader's one least-recently-used cache of
/// blocks, bounded at ``cacheBytes`` over every archive. A block another read is already
/// fetching is waited for (within the waiting read's own deadline), not asked again.
///
/// The archive's version is pinned: the first answer's ETag, sent with every later request as
/// `If-Match`. When the server answers 412 (the object was replaced), the cache is dropped, the
/// generation moves on, and every reader of the old one gets `TileError.changed` (so a
/// frame never mixes tiles of two versions; opened again, it reads the new one). Failures
/// (refused, timed out, an error status, a range cut short or of another length) are retried
/// twice with backoff (0.1 s, then 0.3 s), every attempt within one deadline of ``requestSeconds``
/// (a stalled server costs one, not three), then counted against the origin (its reader's
/// `CircuitBreaker`) and thrown as `TileError.unavailable`; what is cached is still read.
///
/// Reads block the calling thread: call from worker threads (a server's drawing pool, a
/// command's main thread), never from an event loop.
public final class RemoteArchive: @unchecked Sendable {
    public let url: String
    /// Bytes a block holds: reads fetch whole blocks.
    public static let blockSize: UInt64 = 64 << 10
    /// Most bytes of blocks a reader keeps by default, over every archive (64 MiB).
    public static let cacheBytes = 64 << 20
    /// Longest a read's requests may take by default, seconds (connecting, reading and retries).
    public static let requestSeconds: Int64 = 10
    /// Longest a request of this archive may take, seconds.
    let timeout: Int64

    /// What the server said of the archive first: its ETag (nil when it sends none: nothing is
    /// pinned then), length, and which generation of the cache it is.
    public struct Version: Sendable, Hashable {
        public let etag: String?
        public let size: UInt64
        public let generation: Int
    }

    struct State {
        var version: Version?
        var generation = 0
        var inFlight: [UInt64: EventLoopFuture<[UInt8]>] = [:]
        var requests = 0
        var bytes = 0
    }

    let state = NIOLockedValueBox(State())
    /// What it shares with its reader's other archives: client, blocks, breaker, counters.
    let context: RemoteContext
    var client: HTTPClient { context.client }
    var counters: RemoteCounters { context.counters }

    init(url: String, context: RemoteContext, timeout: Int64 = RemoteArchive.requestSeconds) {
        (self.url, self.context, self.timeout) = (url, context, timeout)
    }

    /// The version readers pin now: the one known, or the server's first answer (block 0, kept).
    /// - Throws: `TileError.unavailable` when the server cannot be read.
    public func version() throws(TileError) -> Version {
        if let known = state.withLockedValue({ $0.version }) { return known }
        let (bytes, etag, size) = try fetch(0, Self.blockSize, pinned: nil, probing: true)
        return state.withLockedValue { s in
            if let known = s.version { return known }
            let v = Version(etag: etag, size: size, generation: s.generation)
            s.version = v
            context.versionsChanged()
            context.blocks.insert(bytes, .init(url: url, generation: v.generation, block: 0))
            return v
        }
    }

    /// Range requests answered and bytes fetched so far, for this archive (every generation).
    public var stats: (requests: Int, bytes: Int) { state.withLockedValue { ($0.requests, $0.bytes) } }

    /// The server's archive was replaced: drop everything of `generation` (once, whoever sees it first).
    func replaced(_ generation: Int) {
        state.withLockedValue { s in
            guard s.generation == generation else { return }
            s.generation += 1
            s.version = nil
            context.versionsChanged()
            // Blocks in flight are the old version's: a reader of the new one fetches its own.
            s.inFlight = [:]
        }
        counters.replaced()
    }
}
