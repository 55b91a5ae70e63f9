import MonogramSync

/// Counters of one cache, read together so they agree with each other.
public struct CacheStats: Sendable, Hashable {
    /// Lookups that found an entry. Never reset (Prometheus counters must not go down).
    public var hits: Int
    /// Lookups that found nothing. Never reset.
    public var misses: Int
    /// Entries dropped to make room for others. Replacing a key or `removeAll` is not an eviction.
    public var evictions: Int
    /// Entries stored now.
    public var entries: Int
    /// Sum of the costs of the entries stored now; never above the cache's `maxBytes`.
    public var bytes: Int

    public init(hits: Int = 0, misses: Int = 0, evictions: Int = 0, entries: Int = 0, bytes: Int = 0) {
        self.hits = hits
        self.misses = misses
        self.evictions = evictions
        self.entries = entries
        self.bytes = bytes
    }
}

/// Where one entry of an `LRUCache` sits, to reach it again without hashing its key: valid
/// while that entry stays (a new value for the same key keeps it valid), stale once the entry
/// is evicted or removed, however its slot is reused.
public struct LRUHandle: Sendable, Hashable {
    let slot: Int
    /// Unique per stored entry; 0 is never handed out.
    let stamp: UInt64
}

/// A least-recently-used cache bounded by the total cost (bytes) of its entries, not their count.
///
/// Lookups and inserts are O(1): a dictionary maps each key to a slot of one array, and the slots
/// form a doubly linked list by index (most recently used at the head), so there is no allocation
/// per entry beyond the array's growth. Freed slots are reused through a free list.
///
/// Safe to share between threads: all state sits behind one lock (`Locked`), held only for a dictionary
/// lookup and a few index writes, never while a value is computed.
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The bound on the sum of entry costs.
    public let maxBytes: Int
    private let state: Locked<LRUList<Key, Value>>

    /// - Parameter maxBytes: the bound on the sum of entry costs; 0 stores nothing.
    public init(maxBytes: Int) {
        precondition(maxBytes >= 0, "LRUCache maxBytes must not be negative")
        self.maxBytes = maxBytes
        self.state = Locked(LRUList())
    }

    /// The value stored for `key`, which becomes the most recently used entry; nil on a miss.
    public func value(forKey key: Key) -> Value? {
        state.withLock { list in
            guard let slot = list.index[key] else {
                list.misses += 1
                return nil
            }
            list.hits += 1
            list.moveToHead(slot)
            return list.slots[slot].value
        }
    }

    /// The value stored for `key` without using it: its place in the order and the hit and
    /// miss counts stay as they are (pricing a request before its work, not serving it).
    public func peek(_ key: Key) -> Value? {
        state.withLock { list in list.index[key].flatMap { list.slots[$0].value } }
    }

    /// The value stored for `key` and where it sits, exactly as `value(forKey:)` (the entry
    /// becomes the most recently used; a hit or a miss is counted).
    public func entry(forKey key: Key) -> (value: Value, handle: LRUHandle)? {
        state.withLock { list in
            guard let slot = list.index[key], let value = list.slots[slot].value else {
                list.misses += 1
                return nil
            }
            list.hits += 1
            list.moveToHead(slot)
            return (value, LRUHandle(slot: slot, stamp: list.slots[slot].stamp))
        }
    }

    /// The value of the entry `handle` was made for, which becomes the most recently used and
    /// counts as a hit, exactly as a lookup by its key would; nil, counting nothing, once that
    /// entry has gone (look it up by key then).
    public func value(at handle: LRUHandle) -> Value? {
        state.withLock { list in
            guard list.slots.indices.contains(handle.slot), list.slots[handle.slot].stamp == handle.stamp,
                  let value = list.slots[handle.slot].value
            else { return nil }
            list.hits += 1
            list.moveToHead(handle.slot)
            return value
        }
    }

    /// Stores `value` as the most recently used entry, replacing any entry for `key`, then evicts
    /// least recently used entries until the total cost is at most `maxBytes`. Returns where the
    /// entry sits (nil when it was not kept).
    ///
    /// An entry whose `cost` alone exceeds `maxBytes` is not stored, and an older entry for the
    /// same key is removed rather than left to answer for a value that was replaced.
    @discardableResult
    public func insert(_ value: Value, forKey key: Key, cost: Int) -> LRUHandle? {
        state.withLock { list in Self.insert(value, forKey: key, cost: cost, maxBytes: maxBytes, into: &list) { _, _ in } }
    }

    /// As `insert(_:forKey:cost:)`, and hands every value it removed (evicted to make room, or
    /// the old value for `key`, replaced or dropped) to `removed`, inside the lock:
    /// for a cache that keeps an index beside this one and must forget exactly what went.
    @discardableResult
    public func insert(_ value: Value, forKey key: Key, cost: Int, removed: (Key, Value) -> Void) -> LRUHandle? {
        state.withLock { list in Self.insert(value, forKey: key, cost: cost, maxBytes: maxBytes, into: &list, removed: removed) }
    }

    private static func insert(
        _ value: Value, forKey key: Key, cost: Int, maxBytes: Int, into list: inout LRUList<Key, Value>, removed: (Key, Value) -> Void
    ) -> LRUHandle? {
        precondition(cost >= 0, "LRUCache entry cost must not be negative")
        let slot: Int
        if let existing = list.index[key] {
            guard cost <= maxBytes else {
                if let old = list.slots[existing].value { removed(key, old) }
                list.remove(existing)
                return nil
            }
            slot = existing
            if let old = list.slots[slot].value { removed(key, old) }
            list.bytes += cost - list.slots[slot].cost
            list.slots[slot].value = value
            list.slots[slot].cost = cost
            list.moveToHead(slot)
        } else {
            guard cost <= maxBytes else { return nil }
            slot = list.pushHead(key: key, value: value, cost: cost)
        }
        let stamp = list.slots[slot].stamp
        while list.bytes > maxBytes, list.tail != LRUList<Key, Value>.none {
            let tail = list.tail
            if let oldKey = list.slots[tail].key, let old = list.slots[tail].value { removed(oldKey, old) }
            list.remove(tail)
            list.evictions += 1
        }
        // The new entry is the most recently used, so it is evicted last: only when its
        // own cost fills the cache, which the guards above rule out.
        return list.slots[slot].stamp == stamp ? LRUHandle(slot: slot, stamp: stamp) : nil
    }

    /// Removes the entry for `key` (not an eviction) and hands back its value, if there was one.
    @discardableResult
    public func remove(forKey key: Key) -> Value? {
        state.withLock { list in
            guard let slot = list.index[key] else { return nil }
            let value = list.slots[slot].value
            list.remove(slot)
            return value
        }
    }

    /// The current counters, read atomically.
    public var stats: CacheStats {
        state.withLock { list in
            CacheStats(
                hits: list.hits, misses: list.misses, evictions: list.evictions,
                entries: list.index.count, bytes: list.bytes)
        }
    }

    /// Drops every entry. The hit, miss and eviction counters keep counting.
    public func removeAll() {
        state.withLock { list in list.removeAllEntries() }
    }
}
