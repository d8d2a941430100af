import MeridianTiles
import NIOConcurrencyHelpers

/// The blocks every remote archive of a reader keeps, in one least-recently-used cache bounded
/// (`RemoteArchive.cacheBytes` by default) however many archives a manifest lists. A block is keyed by its
/// archive's URL and generation, so the blocks of a replaced archive are never read again (they
/// age out).
final class RemoteBlocks: @unchecked Sendable {  // the cache is a class, used behind the lock only
    struct Key: Hashable {
        let url: String
        let generation: Int
        let block: UInt64
    }

    private let lock = NIOLock()
    private let cache: LRUCache<Key, [UInt8]>

    init(capacity: Int) { cache = LRUCache(capacity: capacity) }

    func value(_ key: Key) -> [UInt8]? { lock.withLock { cache.value(for: key) } }

    func insert(_ bytes: [UInt8], _ key: Key) { lock.withLock { cache.insert(bytes, for: key, cost: bytes.count) } }
}
