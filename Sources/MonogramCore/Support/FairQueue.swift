/// FIFO queues by lane, taken from round-robin across the lanes that have work: one lane's
/// backlog delays another lane's element by at most one element per busy lane, however long
/// that backlog is. `WorkerPool`'s queue (its lane: the client network a render is for), kept
/// under the pool's lock.
///
/// Allocation-light: a lane that empties gives its slot (and its array's capacity) back for
/// the next new lane, so a steady load reuses the same storage; a lane's consumed prefix is
/// dropped once it dominates, so no array grows forever.
struct FairQueue<Element> {
    private struct Lane {
        var id: UInt64 = 0
        var items: [Element?] = []
        var head = 0
        var isEmpty: Bool { head == items.count }
    }

    private var lanes: [Lane] = []
    /// Slots of `lanes` that are free for a new lane.
    private var free: [Int] = []
    /// Which slot a lane with work is in.
    private var slotOf: [UInt64: Int] = [:]
    /// Slots with work, in turn order; `turn` is the next to serve.
    private var ring: [Int] = []
    private var turn = 0

    /// Elements queued, over every lane.
    private(set) var count = 0

    /// Elements queued on `lane`.
    func count(lane: UInt64) -> Int {
        slotOf[lane].map { lanes[$0].items.count - lanes[$0].head } ?? 0
    }

    /// Queues `element` at the back of `lane`'s FIFO; a lane new to the queue takes its turn
    /// after every lane already waiting.
    mutating func append(_ element: Element, lane: UInt64) {
        let slot: Int
        if let found = slotOf[lane] {
            slot = found
        } else {
            if let reused = free.popLast() {
                slot = reused
            } else {
                slot = lanes.count
                lanes.append(Lane())
            }
            lanes[slot].id = lane
            slotOf[lane] = slot
            // Behind every lane waiting: just before the one whose turn is next.
            ring.insert(slot, at: turn)
            turn += 1
        }
        lanes[slot].items.append(element)
        count += 1
    }

    /// The front element of the lane whose turn it is, nil when nothing is queued.
    mutating func removeFirst() -> Element? {
        guard count > 0, !ring.isEmpty else { return nil }
        if turn >= ring.count { turn = 0 }
        let slot = ring[turn]
        let element = lanes[slot].items[lanes[slot].head]
        lanes[slot].items[lanes[slot].head] = nil
        lanes[slot].head += 1
        count -= 1
        if lanes[slot].isEmpty {
            // Keeps the capacity for the next lane to use this slot.
            lanes[slot].items.removeAll(keepingCapacity: true)
            lanes[slot].head = 0
            slotOf[lanes[slot].id] = nil
            free.append(slot)
            ring.remove(at: turn)  // the next lane moves into this turn
        } else {
            let head = lanes[slot].head
            if head > 64 && head * 2 > lanes[slot].items.count {
                lanes[slot].items.removeFirst(head)
                lanes[slot].head = 0
            }
            turn += 1
        }
        if turn >= ring.count { turn = 0 }
        return element
    }
}
