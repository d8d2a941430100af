import AsyncHTTPClient
import MeridianTiles
import NIOConcurrencyHelpers

/// What the archives and templates of one ``RemoteReader`` share: the HTTP client, the block
/// cache, the breaker per origin, the counters, the cache of fetched tiles, and a count of
/// version changes (for the reader's fingerprint). Held by the reader and by each archive and
/// template it opens (never the other way round: no cycle), so two readers share nothing.
final class RemoteContext: Sendable {
    let client: HTTPClient
    let blocks: RemoteBlocks
    let breaker = CircuitBreaker()
    let counters = RemoteCounters()
    let tiles: RemoteTiles.Store
    /// Archives' versions pinned or dropped so far (``RemoteReader/versions`` is made again after one).
    let versionChanges = NIOLockedValueBox(0)

    init(client: HTTPClient, cacheBytes: Int, tileCacheBytes: Int) {
        self.client = client
        blocks = RemoteBlocks(capacity: cacheBytes)
        tiles = RemoteTiles.Store(capacity: tileCacheBytes)
    }

    /// A version was pinned or dropped.
    func versionsChanged() { versionChanges.withLockedValue { $0 += 1 } }
}
