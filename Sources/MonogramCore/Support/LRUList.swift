/// The cache's state: slots linked by index into a recency list, plus the key → slot map.
/// Only ever touched inside `LRUCache`'s mutex.
struct LRUList<Key: Hashable, Value> {
    /// The "no slot" link (an index that is never valid).
    static var none: Int { -1 }

    struct Slot {
        // Optional so that a freed slot releases its key and value at once.
        var key: Key?
        var value: Value?
        var cost: Int
        /// Which entry this is (`LRUHandle.stamp`); 0 while the slot is free.
        var stamp: UInt64 = 0
        /// Towards the head (more recently used), or `none`.
        var previous: Int
        /// Towards the tail (less recently used); for a free slot, the next free slot.
        var next: Int
    }

    var slots: [Slot] = []
    var index: [Key: Int] = [:]
    var head = none
    var tail = none
    var freeHead = none
    var bytes = 0
    var hits = 0
    var misses = 0
    var evictions = 0
    /// The last stamp handed to an entry.
    var lastStamp: UInt64 = 0

    /// Links a new entry in front of the head, reusing a free slot when there is one; returns
    /// its slot.
    @discardableResult
    mutating func pushHead(key: Key, value: Value, cost: Int) -> Int {
        let slot: Int
        lastStamp &+= 1
        let fresh = Slot(key: key, value: value, cost: cost, stamp: lastStamp, previous: Self.none, next: head)
        if freeHead != Self.none {
            slot = freeHead
            freeHead = slots[slot].next
            slots[slot] = fresh
        } else {
            slot = slots.count
            slots.append(fresh)
        }
        linkAtHead(slot)
        index[key] = slot
        bytes += cost
        return slot
    }

    mutating func moveToHead(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        linkAtHead(slot)
    }

    /// Unlinks `slot`, forgets its key and puts it on the free list.
    mutating func remove(_ slot: Int) {
        unlink(slot)
        if let key = slots[slot].key { index[key] = nil }
        bytes -= slots[slot].cost
        slots[slot] = Slot(key: nil, value: nil, cost: 0, previous: Self.none, next: freeHead)
        freeHead = slot
    }

    mutating func removeAllEntries() {
        slots.removeAll()
        index.removeAll()
        head = Self.none
        tail = Self.none
        freeHead = Self.none
        bytes = 0
    }

    private mutating func linkAtHead(_ slot: Int) {
        slots[slot].previous = Self.none
        slots[slot].next = head
        if head != Self.none { slots[head].previous = slot }
        head = slot
        if tail == Self.none { tail = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let previous = slots[slot].previous
        let next = slots[slot].next
        if previous != Self.none { slots[previous].next = next } else { head = next }
        if next != Self.none { slots[next].previous = previous } else { tail = previous }
    }
}
