import MeridianTiles

/// Finished images by request key, least recently used out first (`LRUCache`: O(1) each), bounded
/// in bytes: each entry costs its image's bytes plus its key's (a long request URL is a long key),
/// so the bound holds however the keys are made; an entry costing more than an eighth of the bound
/// is not kept.
///
/// Used only behind ``MapService``'s lock (hence the unchecked `Sendable`: the cache it wraps is a
/// class).
struct ResponseCache: @unchecked Sendable {
    let cache: LRUCache<String, [UInt8]>
    /// The data version (`MapService.dataStamp`) every entry was made from.
    private(set) var stamp = ""

    init(capacity: Int) { cache = LRUCache(capacity: capacity) }

    var capacity: Int { cache.capacity }
    /// Bytes held (images and keys).
    var bytes: Int { cache.totalCost }
    var count: Int { cache.count }

    func value(for key: String) -> [UInt8]? { cache.value(for: key) }

    /// Holds `stamp`'s entries from now: everything made from another version is dropped.
    mutating func sync(_ stamp: String) {
        guard stamp != self.stamp else { return }
        cache.removeAll()
        self.stamp = stamp
    }

    /// What an entry costs: its bytes and its key's.
    static func cost(_ key: String, _ image: [UInt8]) -> Int { key.utf8.count + image.count }

    func insert(_ image: [UInt8], for key: String) {
        let cost = Self.cost(key, image)
        guard cost <= capacity / 8 else { return }
        cache.insert(image, for: key, cost: cost)
    }
}
