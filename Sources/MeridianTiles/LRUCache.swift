import MeridianCamera

/// A least-recently-used cache of decoded tiles with a memory bound (an estimate of bytes per
/// tile given by the caller, e.g. its compressed size × a factor).
public typealias TileCache<Value> = LRUCache<TileID, Value>

/// A least-recently-used cache with a memory bound (an estimate of bytes per value given by the
/// caller). Every operation is O(1): the entries form a list from most to least recently used,
/// through slot numbers (no scan to find the oldest; before, each eviction scanned every entry,
/// which under label-stamp churn cost 2–3 % of a frame). Not thread-safe: one per owner (a
/// renderer, a server session) or behind a lock.
///
/// Its code is inlinable, so each module that uses it gets a copy specialised to its key and
/// value types (unspecialised, every lookup fetched the generic types' metadata at run time:
/// 6 % of a label-heavy frame).
public final class LRUCache<Key: Hashable, Value> {
    /// Most bytes held; inserting beyond it evicts the least recently used values.
    public let capacity: Int
    @usableFromInline var bytesHeld = 0
    /// Bytes held.
    @inlinable public var totalCost: Int { bytesHeld }

    @usableFromInline struct Slot {
        @usableFromInline let key: Key
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        /// Neighbouring slots: towards the newest and towards the oldest (-1: none).
        @usableFromInline var newer: Int, older: Int

        @inlinable init(key: Key, value: Value, cost: Int, newer: Int, older: Int) {
            (self.key, self.value, self.cost, self.newer, self.older) = (key, value, cost, newer, older)
        }
    }
    @usableFromInline var slots: [Slot?] = []
    @usableFromInline var unused: [Int] = []
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var newest = -1, oldest = -1

    /// - Parameter capacity: bytes; a non-positive capacity keeps nothing.
    public init(capacity: Int) { self.capacity = capacity }

    @inlinable public var count: Int { index.count }

    /// The cached value, marking it recently used.
    @inlinable public func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        unlink(slot)
        link(slot)
        return slots[slot]!.value
    }

    /// Stores a value with its cost in bytes (negative costs count as 0); a value costing more
    /// than the whole capacity is not kept (and an older value under the key is dropped), nor is
    /// one under a key not equal to itself (holding a NaN): it could never be found, nor evicted.
    @inlinable public func insert(_ value: Value, for key: Key, cost: Int) {
        guard key == key else { return }
        let cost = max(0, cost)
        remove(key)
        guard cost <= capacity else { return }
        let slot = unused.popLast() ?? slots.count
        let entry = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
        if slot == slots.count { slots.append(entry) } else { slots[slot] = entry }
        index[key] = slot
        link(slot)
        bytesHeld += cost
        while totalCost > capacity, oldest >= 0 { remove(slots[oldest]!.key) }
    }

    /// The keys and values from most to least recently used (for reports and tests).
    public var entries: [(key: Key, value: Value, cost: Int)] {
        var out: [(key: Key, value: Value, cost: Int)] = []
        var at = newest
        while at >= 0, let slot = slots[at] {
            out.append((slot.key, slot.value, slot.cost))
            at = slot.older
        }
        return out
    }

    public func removeAll() {
        (slots, unused, index, newest, oldest, bytesHeld) = ([], [], [:], -1, -1, 0)
    }

    /// Drops the value under `key`, if any.
    @inlinable public func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        bytesHeld -= slots[slot]!.cost
        slots[slot] = nil
        unused.append(slot)
    }

    /// Takes a slot out of the list.
    @usableFromInline @inlinable func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot]!.newer, slots[slot]!.older)
        if newer >= 0 { slots[newer]!.older = older } else { newest = older }
        if older >= 0 { slots[older]!.newer = newer } else { oldest = newer }
    }

    /// Puts a slot at the newest end of the list.
    @usableFromInline @inlinable func link(_ slot: Int) {
        slots[slot]!.newer = -1
        slots[slot]!.older = newest
        if newest >= 0 { slots[newest]!.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
