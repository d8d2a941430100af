import MeridianTiles

/// Finished responses by ``ResponseKey``, least recently used out first (`LRUCache`: O(1) each),
/// bounded in bytes: each entry costs its body's bytes plus its key's (`ResponseKey.cost`: a
/// static map's overlays can be long), so the bound holds whatever is asked; an entry costing
/// more than an eighth of the bound is not kept. Every entry is of one data version (``stamp``).
///
/// Used only behind ``MapDrawer``'s lock (hence the unchecked `Sendable`: the cache it wraps is a
/// class).
struct ResponseCache: @unchecked Sendable {
    let cache: LRUCache<ResponseKey, [UInt8]>
    /// The data version (`MapDrawer.dataStamp`) every entry was made from.
    private(set) var stamp = ""

    /// - Parameter capacity: bytes held at most (bodies and keys).
    init(capacity: Int) { cache = LRUCache(capacity: capacity) }

    var capacity: Int { cache.capacity }
    /// Bytes held (bodies and keys).
    var bytes: Int { cache.totalCost }
    var count: Int { cache.count }

    func value(for key: ResponseKey) -> [UInt8]? { cache.value(for: key) }

    /// Holds `stamp`'s entries from now: everything made from another version is dropped.
    mutating func sync(_ stamp: String) {
        guard stamp != self.stamp else { return }
        cache.removeAll()
        self.stamp = stamp
    }

    func insert(_ body: [UInt8], for key: ResponseKey) {
        let cost = key.cost + body.count
        guard cost <= capacity / 8 else { return }
        cache.insert(body, for: key, cost: cost)
    }
}
