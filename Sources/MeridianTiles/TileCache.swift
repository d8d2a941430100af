import MeridianCamera

/// A least-recently-used cache of decoded tiles with a memory bound (an estimate of bytes per
/// tile given by the caller, e.g. its compressed size × a factor).
public typealias TileCache<Value> = LRUCache<TileID, Value>

/// A least-recently-used cache with a memory bound (an estimate of bytes per value given by the
/// caller). Not thread-safe: one per owner (a renderer, a server session).
public final class LRUCache<Key: Hashable, Value> {
    /// Most bytes held; inserting beyond it evicts the least recently used values.
    public let capacity: Int
    public private(set) var totalCost = 0
    private var entries: [Key: (value: Value, cost: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0

    /// - Parameter capacity: bytes; a non-positive capacity keeps nothing.
    public init(capacity: Int) { self.capacity = capacity }

    public var count: Int { entries.count }

    /// The cached value, marking it recently used.
    public func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, entry.cost, clock)
        return entry.value
    }

    /// Stores a value with its cost in bytes (negative costs count as 0); a value costing more
    /// than the whole capacity is not kept.
    public func insert(_ value: Value, for key: Key, cost: Int) {
        let cost = max(0, cost)
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        guard cost <= capacity else { return }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
        while totalCost > capacity, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            entries.removeValue(forKey: oldest.key)
            totalCost -= oldest.value.cost
        }
    }

    public func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}
